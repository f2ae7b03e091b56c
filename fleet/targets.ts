/**
 * A fleet's targets file: the banks that run this interface, each with its name, its BASE_URL, its bank profile and
 * the names of the environment variables that hold its certificate and keys. Secrets are never in the file: a value
 * that looks like a key or a certificate is refused, without being printed.
 *
 * ```yaml
 * banks:
 *   - name: bank-a                        # unique; the name of its reports folder
 *     base_url: https://sandbox.bank-a.no/api-sandbox
 *     bank_profile: profiles/bank-a.yaml  # optional; relative to this file
 *     profile: sandbox                    # optional: sandbox (default) or production
 *     env:                                # optional: a variable `run` reads ← the variable that holds it here
 *       SIGNING_CERT_PATH: BANK_A_SIGNING_CERT_PATH
 *       SIGNING_KEY_PATH: BANK_A_SIGNING_KEY_PATH
 * ```
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { VARIABLES } from '../config/variables.js';
import { checkYamlFile, parseYamlFile, placeOf, schemaWords, type YamlFile } from '../config/yaml-file.js';
import { newAjv2020 } from '../core/ajv.js';
import { nearestNames, readNamedFile, UserError } from '../core/index.js';

export type BankTargetProfile = 'sandbox' | 'production';

/** One bank of the fleet, as its run needs it. */
export interface Bank {
  name: string;
  baseUrl: string;
  profile: BankTargetProfile;
  /** The bank profile's path, absolute (written relative to the targets file). */
  bankProfile?: string;
  /** A variable `run` reads → the name of the environment variable that holds its value for this bank. */
  env: Record<string, string>;
  /** The line its entry starts on, for messages. */
  line?: number;
}

export interface Targets {
  file: string;
  banks: Bank[];
}

/** Folder-safe: a bank's name is the name of its reports folder and of its CI job. */
const NAME = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';
const VARIABLE_NAME = '^[A-Za-z_][A-Za-z0-9_]*$';
/** An http(s) URL without user information: credentials in a URL are secrets in the file. */
const URL_WITHOUT_CREDENTIALS = '^https?://[^\\s/?#@]+(?:[/?#][^\\s@]*)?$';

const BANK_MEMBERS = ['name', 'base_url', 'bank_profile', 'profile', 'env'];

/** Variables the file sets through its own members, or that every bank of a fleet must share. */
const NOT_IN_ENV: Record<string, string> = {
  BASE_URL: 'base_url',
  PROFILE: 'profile',
  SEED: 'fleet run --seed (every bank runs the same seeded requests, so that their answers compare)',
};

/** The variables a bank's `env` may map: every one `run` reads, but those the file or the fleet set. */
export const MAPPABLE = VARIABLES.map((v) => v.name).filter((name) => !(name in NOT_IN_ENV));

export const TARGETS_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['banks'],
  additionalProperties: false,
  properties: {
    banks: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'base_url'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: NAME },
          base_url: { type: 'string', pattern: URL_WITHOUT_CREDENTIALS },
          bank_profile: { type: 'string', minLength: 1 },
          profile: { enum: ['sandbox', 'production'] },
          env: { type: 'object', additionalProperties: { type: 'string', pattern: VARIABLE_NAME } },
        },
      },
    },
  },
} as const;

const FORMAT = 'the format is `banks:` then a list of name, base_url and optionally bank_profile, profile, env';

let compiled: ValidateFunction | undefined;
const validator = (): ValidateFunction =>
  (compiled ??= newAjv2020({ allErrors: true, strict: true }).compile(TARGETS_SCHEMA));

/** What a pattern error means, in the words of the member it is about. */
function patternWords(pointer: string): string {
  if (pointer.endsWith('/name'))
    return 'be a folder name: letters, digits, ".", "-" and "_", starting with a letter or digit, at most 64';
  if (pointer.endsWith('/base_url')) return 'be an http or https URL without a user or password in it';
  return 'be the name of an environment variable (letters, digits and "_"), not its value';
}

/**
 * A value that looks like a key, a certificate or a password in a URL. The file is committed and printed in CI logs:
 * such a value is refused, and never repeated in the message.
 */
export function looksSecret(value: string): boolean {
  return (
    /-----BEGIN [A-Z0-9 ]+-----/.test(value) ||
    // DER or a raw key in base64: a long run of base64 without a break, which no name, URL or path has.
    /[A-Za-z0-9+/]{64,}={0,2}/.test(value) ||
    /^[a-z][a-z0-9+.-]*:\/\/[^/\s@]*:[^/\s@]*@/i.test(value)
  );
}

/** Every scalar of a parsed value with its JSON pointer. */
function scalars(value: unknown, pointer = ''): { pointer: string; text: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => scalars(v, `${pointer}/${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => {
      const at = `${pointer}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      return [{ pointer: at, text: k }, ...scalars(v, at)];
    });
  return value === null || value === undefined ? [] : [{ pointer, text: String(value) }];
}

function refuseSecrets(parsed: YamlFile): void {
  const secret = scalars(parsed.value).find((s) => looksSecret(s.text));
  if (secret)
    throw new UserError(
      `${placeOf(parsed, secret.pointer)} looks like a key, a certificate or a password (not repeated here): a ` +
        'targets file names the environment variables that hold secrets (env: SIGNING_KEY_PATH: BANK_A_KEY_PATH), ' +
        'never the secrets themselves',
    );
}

interface RawBank {
  name: string;
  base_url: string;
  bank_profile?: string;
  profile?: BankTargetProfile;
  env?: Record<string, string>;
}

/** What the schema cannot say: names unique (folders on a case-blind disk too), `env` naming variables run reads. */
function checkBanks(parsed: YamlFile, banks: RawBank[]): void {
  const seen = new Map<string, number>();
  banks.forEach((bank, i) => {
    const first = seen.get(bank.name.toLowerCase());
    if (first !== undefined)
      throw new UserError(
        `${placeOf(parsed, `/banks/${i}/name`)} must be unique: ${bank.name} is also banks[${first}]` +
          `${parsed.lineOf(`/banks/${first}/name`) ? ` (line ${parsed.lineOf(`/banks/${first}/name`)})` : ''}`,
      );
    seen.set(bank.name.toLowerCase(), i);
    for (const variable of Object.keys(bank.env ?? {})) {
      const place = placeOf(parsed, `/banks/${i}/env/${variable}`);
      const own = NOT_IN_ENV[variable];
      if (own) throw new UserError(`${place}: ${variable} is not set through env: it is ${own}`);
      if (!MAPPABLE.includes(variable)) {
        const near = nearestNames(variable, MAPPABLE);
        throw new UserError(
          `${place}: ${variable} is not a variable psd2-conformance reads` +
            (near.length ? ` (did you mean ${near.join(' or ')}?)` : ' (see .env.example)'),
        );
      }
    }
  });
}

/** Parses and checks a targets file's text; anything wrong is one line naming the file, the line and the member. */
export function parseTargets(text: string, file: string): Targets {
  const parsed = parseYamlFile(text, file, FORMAT);
  refuseSecrets(parsed);
  const { banks } = checkYamlFile<{ banks: RawBank[] }>(parsed, validator(), (error) =>
    error.keyword === 'pattern'
      ? patternWords(error.instancePath)
      : error.keyword === 'required' && error.instancePath
        ? `${schemaWords(error, BANK_MEMBERS)} (every bank has a name and a base_url)`
        : schemaWords(error, [...BANK_MEMBERS, 'banks']),
  );
  checkBanks(parsed, banks);
  const base = dirname(resolve(file));
  return {
    file,
    banks: banks.map((b, i) => {
      const line = parsed.lineOf(`/banks/${i}`);
      return {
        name: b.name,
        baseUrl: b.base_url.replace(/\/+$/, ''),
        profile: b.profile ?? 'sandbox',
        ...(b.bank_profile ? { bankProfile: resolve(base, b.bank_profile) } : {}),
        env: { ...b.env },
        ...(line !== undefined ? { line } : {}),
      };
    }),
  };
}

/** Reads a targets file; one that cannot be read is one line. */
export function readTargets(file: string): Targets {
  const text = readNamedFile(file, 'the targets file');
  return parseTargets(text, file);
}

/** A bank profile the file names that is not there is one line naming the entry, before any bank is run. */
export function checkBankProfiles(targets: Targets, banks: readonly Bank[]): void {
  for (const bank of banks)
    if (bank.bankProfile && !existsSync(bank.bankProfile))
      throw new UserError(
        `${targets.file}${bank.line !== undefined ? ` line ${bank.line}` : ''}: the bank profile of ${bank.name}, ` +
          `${bank.bankProfile}, does not exist (bank_profile is relative to the targets file)`,
      );
}

/** The banks named by `--bank` (all when none is named); a name the file does not hold is one line. */
export function pickBanks(targets: Targets, names: readonly string[]): Bank[] {
  if (!names.length) return targets.banks;
  const known = targets.banks.map((b) => b.name);
  for (const name of names)
    if (!known.includes(name)) {
      const near = nearestNames(name, known);
      throw new UserError(
        `--bank ${name}: ${targets.file} holds no such bank` +
          (near.length ? ` (did you mean ${near.join(' or ')}?)` : ` (it holds ${known.join(', ')})`),
      );
    }
  return targets.banks.filter((b) => names.includes(b.name));
}

/** A bank as `targetsText` writes it: its entry, and what it is in words (a comment above it). */
export interface TargetEntry {
  name: string;
  baseUrl: string;
  /** As the file writes it: relative to the file. */
  bankProfile?: string;
  about?: string;
}

/** A targets file's text for these banks, `header` as its first comment (`serve --fleet --targets-out`). */
export function targetsText(entries: readonly TargetEntry[], header: string): string {
  return [
    ...header.split('\n').map((l) => `# ${l}`),
    'banks:',
    ...entries.flatMap((e) => [
      ...(e.about ? [`  # ${e.about}`] : []),
      `  - name: ${e.name}`,
      `    base_url: ${e.baseUrl}`,
      ...(e.bankProfile ? [`    bank_profile: ${JSON.stringify(e.bankProfile)}`] : []),
    ]),
    '',
  ].join('\n');
}
