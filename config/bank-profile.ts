/**
 * A bank profile (`run --bank-profile FILE`): YAML declaring the bank's choices where interface.md leaves a gap
 * (spec/bank-profile.ts), and the target facts its portal documents (sandbox or production, its SCA page). Read once
 * at start: the schema (from the key table) and interface.md's prohibitions are checked here, and anything wrong is one
 * line naming the file's line, exit 2. Not the target profile (`--profile embedded | sandbox | production`), which
 * says which bank a run judges and which suites may run against it.
 *
 * ```yaml
 * environment: sandbox
 * errors: berlin-group          # error bodies are {tppMessages: [...]}
 * signature_error_status: 401
 * created_status: RCVD
 * ```
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { SCA_DRIVERS, type ScaDriverName } from '../client/sca/types.js';
import { newAjv2020 } from '../core/ajv.js';
import { nearestNames, readNamedFile, UserError } from '../core/index.js';
import { parseYamlFile } from './yaml-file.js';
import {
  CHOICE_KEYS,
  choiceRow,
  forbiddenChoice,
  type BankChoices,
  type ChoiceKey,
  type Declarations,
} from '../spec/index.js';
import type { Config } from './index.js';

/** The keys that are configuration of the run rather than choices a test judges. */
const TARGET_KEYS = {
  environment: {
    declares: 'the bank at BASE_URL is a sandbox or production: the target profile when --profile is not given',
    schema: { enum: ['sandbox', 'production'] },
  },
  sca_driver: {
    declares: 'who plays the PSU on the bank’s SCA page (SCA_DRIVER): http, manual or embedded',
    schema: { enum: [...SCA_DRIVERS] },
  },
  sca_approve: {
    declares: 'how the PSU approves on the SCA page (SCA_APPROVE_URL): {scaRedirect}?…, link:TEXT or form:TEXT',
    schema: { type: 'string', minLength: 1 },
  },
  sca_deny: {
    declares: 'how the PSU denies on the SCA page (SCA_DENY_URL), in the form of sca_approve',
    schema: { type: 'string', minLength: 1 },
  },
} as const;
type TargetKey = keyof typeof TARGET_KEYS;

/** Every key a bank profile may hold, with what it declares: the choices, then the target facts. */
export const BANK_PROFILE_KEYS: readonly { key: ChoiceKey | TargetKey; declares: string }[] = [
  ...(Object.keys(TARGET_KEYS) as TargetKey[]).map((key) => ({ key, declares: TARGET_KEYS[key].declares })),
  ...CHOICE_KEYS.map((key) => ({ key, declares: choiceRow(key).declares })),
];
const KEYS = BANK_PROFILE_KEYS.map((k) => k.key as string);

/** What a bank profile declares, read and checked, with where each fact is (`bank.yaml:3`). */
export interface BankProfile {
  /** The file as given on the command line. */
  file: string;
  declarations: Declarations;
  environment?: { value: 'sandbox' | 'production'; at: string };
  sca?: { driver?: ScaDriverName; approveUrl?: string; denyUrl?: string; at: Partial<Record<TargetKey, string>> };
}

/** The JSON Schema of a bank profile, from the key table: a mapping of known keys, each its own value's schema. */
export function bankProfileSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const key of Object.keys(TARGET_KEYS) as TargetKey[]) properties[key] = TARGET_KEYS[key].schema;
  for (const key of CHOICE_KEYS) properties[key] = choiceRow(key).schema;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'psd2-conformance bank profile',
    type: 'object',
    additionalProperties: false,
    properties,
  };
}

let compiled: ReturnType<ReturnType<typeof newAjv2020>['compile']> | undefined;
const validator = () => (compiled ??= newAjv2020({ allErrors: true, strict: true }).compile(bankProfileSchema()));

/** `[nb, en]`, `401`, `berlin-group`: a value as the profile writes it. */
export const shownValue = (value: unknown): string =>
  Array.isArray(value) ? `[${value.join(', ')}]` : value === null ? 'null' : String(value);

/**
 * A value as YAML writes it: plain where it reads as itself, else single-quoted (a quote doubled), as prettier writes
 * YAML.
 */
function yamlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(', ')}]`;
  if (typeof value !== 'string') return String(value);
  return /^[A-Za-z0-9/][A-Za-z0-9_./-]*$/.test(value) && !/^(true|false|null|yes|no|on|off)$/i.test(value)
    ? value
    : `'${value.replace(/'/g, "''")}'`;
}

/** One line of a bank profile: `errors: berlin-group`, `languages: [nb, en]`. */
export const profileLine = (key: string, value: unknown): string => `${key}: ${yamlValue(value)}`;

/** What completes "— must …" for a schema error, in the profile's words. */
function what(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(shownValue).join(', ')}`;
    case 'type':
      return `must be ${p.type === 'array' ? 'a list' : p.type === 'integer' ? 'a whole number' : `a ${p.type}`}`;
    case 'pattern':
      return `must match ${String(p.pattern)}`;
    case 'minimum':
    case 'maximum':
      return 'must be an HTTP status (100 to 599)';
    case 'uniqueItems':
      return 'must not name a value twice';
    case 'minLength':
      return 'must not be empty';
    default:
      return error.message ?? 'is not as the bank profile format says';
  }
}

/**
 * Parses and checks a bank profile's text: YAML, a mapping, its schema, then interface.md's prohibitions. Anything
 * wrong is a UserError of one line: `bank.yaml:7: kid_error_status: 401 — interface.md › Errors 2 says …`.
 */
export function parseBankProfile(text: string, file: string): BankProfile {
  const parsed = parseYamlFile(text, file, 'a bank profile is a mapping of keys such as errors: berlin-group');
  const { value } = parsed;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UserError(
      `${file}: a bank profile is a mapping of keys such as errors: berlin-group (docs/bank-profiles.md)`,
    );
  const where = (key: string) => `${file}:${parsed.lineOf(`/${key}`) ?? 1}`;
  const choices = value as Record<string, unknown>;
  const validate = validator();
  if (!validate(choices)) {
    const errors = validate.errors ?? [];
    const error = (errors.find((e) => e.keyword === 'additionalProperties') ?? errors[0]) as ErrorObject;
    if (error.keyword === 'additionalProperties') {
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      const near = nearestNames(key, KEYS);
      throw new UserError(
        `${where(key)}: ${key}: not a bank profile key${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`,
      );
    }
    const key = error.instancePath.split('/')[1] ?? '';
    throw new UserError(`${where(key)}: ${key}: ${shownValue(choices[key])} — ${what(error)}`);
  }
  const forbidden = forbiddenChoice(choices as BankChoices);
  if (forbidden)
    throw new UserError(
      `${where(forbidden.key)}: ${forbidden.key}: ${shownValue(choices[forbidden.key])} — ${forbidden.why}`,
    );
  if (choices.sca_driver === 'http' && (!choices.sca_approve || !choices.sca_deny))
    throw new UserError(`${where('sca_driver')}: sca_driver: http needs sca_approve and sca_deny (docs/journeys.md)`);

  const declarations: Record<string, unknown> = {};
  for (const key of CHOICE_KEYS)
    if (choices[key] !== undefined) declarations[key] = { value: choices[key], at: where(key) };
  const sca: NonNullable<BankProfile['sca']> = { at: {} };
  for (const [key, member] of [
    ['sca_driver', 'driver'],
    ['sca_approve', 'approveUrl'],
    ['sca_deny', 'denyUrl'],
  ] as const)
    if (typeof choices[key] === 'string') {
      Object.assign(sca, { [member]: choices[key] });
      sca.at[key] = where(key);
    }
  return {
    file,
    declarations: declarations as Declarations,
    ...(choices.environment
      ? { environment: { value: choices.environment as 'sandbox' | 'production', at: where('environment') } }
      : {}),
    ...(Object.keys(sca.at).length ? { sca } : {}),
  };
}

/** Reads a bank profile; a missing or unreadable file is one line. */
export function readBankProfile(file: string): BankProfile {
  const text = readNamedFile(file, '--bank-profile');
  return parseBankProfile(text, file);
}

/**
 * The configuration with the profile's SCA driver settings: a setting given in the environment (or the env file)
 * and in the profile must agree, else it is a one-line error naming both.
 */
export function withBankProfile(config: Config, profile: BankProfile | undefined): Config {
  if (!profile?.sca) return config;
  const sca = { ...config.sca };
  for (const [key, member, variable] of [
    ['sca_driver', 'driver', 'SCA_DRIVER'],
    ['sca_approve', 'approveUrl', 'SCA_APPROVE_URL'],
    ['sca_deny', 'denyUrl', 'SCA_DENY_URL'],
  ] as const) {
    const declared = profile.sca[member];
    if (declared === undefined) continue;
    const given = config.sca[member];
    if (given !== undefined && given !== declared)
      throw new UserError(
        `${profile.sca.at[key]}: ${key}: ${declared} — the configuration sets ${variable}=${given}: keep one of them`,
      );
    Object.assign(sca, { [member]: declared });
  }
  if (sca.driver === 'http' && (!sca.approveUrl || !sca.denyUrl))
    throw new UserError(
      'SCA_DRIVER=http needs SCA_APPROVE_URL and SCA_DENY_URL (or the profile’s sca_approve, sca_deny)',
    );
  return { ...config, sca };
}

/**
 * The target profile a run uses: `--profile`, else PROFILE, else the bank profile's environment. The embedded
 * reference bank is a sandbox, so `--profile embedded` goes with `environment: sandbox`; any other disagreement is a
 * one-line error. `asked` names where the profile came from, for chooseTarget's messages.
 */
export function targetProfile(
  flag: string | undefined,
  config: Pick<Config, 'profile'>,
  profile: BankProfile | undefined,
): { flag?: string; asked?: string } {
  const given = flag ?? config.profile;
  const declared = profile?.environment;
  // Without a declared environment the target is chosen as ever: the flag, else PROFILE (config/target.ts names it).
  if (!declared) return flag !== undefined ? { flag } : {};
  if (given === undefined) return { flag: declared.value, asked: `${declared.at} environment: ${declared.value}` };
  const fits = given === declared.value || (given === 'embedded' && declared.value === 'sandbox');
  const source = flag !== undefined ? `--profile ${given}` : `PROFILE=${given}`;
  if (!fits) throw new UserError(`${declared.at}: environment: ${declared.value} — but ${source}: drop one of them`);
  return flag !== undefined ? { flag } : {};
}

/** BASE_URL (or the embedded bank's URL) carries the declared base path: the profile and the URL must agree. */
export function checkBasePath(url: string, profile: BankProfile | undefined): void {
  const declared = profile?.declarations.base_path;
  if (!declared?.value) return;
  const path = new URL(url).pathname.replace(/\/+$/, '');
  if (!path.endsWith(declared.value))
    throw new UserError(
      `${declared.at}: base_path: ${declared.value} — the bank's URL ${url} does not end with it: BASE_URL carries ` +
        'the base path',
    );
}
