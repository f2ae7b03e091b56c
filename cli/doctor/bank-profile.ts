/**
 * `doctor --bank-profile FILE`: what the bank answers to a handful of signed reads of an unknown signing basket (safe
 * on production: nothing is created), as the choices of a bank profile. A FILE that does not exist is written with
 * what was observed and the other keys as comments to fill in from the bank's portal; an existing FILE is never
 * overwritten: each observed choice is compared with what it declares, naming its line.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { FORM_WORDS, errorFormOf } from '../../checks/index.js';
import { createClient, type Exchange } from '../../client/index.js';
import {
  BANK_PROFILE_KEYS,
  bankProfileSchema,
  profileLine,
  readBankProfile,
  shownValue,
  type BankProfile,
} from '../../config/bank-profile.js';
import type { Config } from '../../config/index.js';
import { UserError, headerValue } from '../../core/index.js';
import { loadIdentity, signOptionsFrom, signRequest, testIdentity } from '../../signing/index.js';
import { CONTENT_CODINGS, type BankChoices, type ChoiceKey } from '../../spec/index.js';
import { fail, ok, warn, type Finding } from './finding.js';
import { PROBE_PATH } from './probe.js';

/** What the bank showed of a choice, and by which request. */
interface Observation<K extends ChoiceKey = ChoiceKey> {
  key: K;
  value: NonNullable<BankChoices[K]>;
  /** The answer that showed it, in words. */
  seen: string;
}

type Probe = (headers?: Record<string, string>, tamper?: boolean) => Promise<Exchange>;

/** A signed GET of an unknown basket, with the headers of operation 2 and the ones under test. */
async function prober(url: string, config: Config): Promise<{ probe: Probe; close: () => Promise<void> }> {
  const identity =
    config.signing.certificatePath || config.signing.p12Path
      ? await loadIdentity(config.signing)
      : await testIdentity({ cacheDir: config.signing.cacheDir });
  const client = createClient(url, { ...config.http, retryBudgetMs: 0 });
  const path = `${PROBE_PATH}-${randomUUID().slice(0, 8)}`;
  const target = `${new URL(url).pathname.replace(/\/+$/, '')}${path}`;
  const probe: Probe = async (extra = {}, tamper = false) => {
    const headers = signRequest(
      {
        method: 'GET',
        target,
        headers: {
          Accept: 'application/json',
          'PSU-ID': config.psu.id,
          'PSU-IP-Address': config.psu.ipAddress,
          'TPP-Session-ID': config.tpp.sessionId ?? randomUUID(),
          'TPP-Redirect-URI': config.tpp.redirectUri,
          'x-accept-fix': 'amount-as-string',
          ...extra,
        },
      },
      identity,
      signOptionsFrom(config.signing),
    );
    // A signature over other bytes: what a bank answers to a signature that does not verify.
    if (tamper) headers.Signature = headers.Signature?.replace(/signature="[^"]{8}/, 'signature="AAAAAAAA') ?? '';
    return client.send({ method: 'GET', path, headers });
  };
  return { probe, close: () => client.close() };
}

/** The values a key's schema lists, where it lists them (an enum): what a commented key may be set to. */
const BANK_PROFILE_SCHEMA_ENUMS = new Map(
  Object.entries(bankProfileSchema().properties as Record<string, { enum?: unknown[] }>).map(([key, schema]) => [
    key,
    schema.enum ?? [],
  ]),
);

const header = (exchange: Exchange, name: string) =>
  exchange.response ? headerValue(exchange.response.headers, name)?.toLowerCase() : undefined;
const statusOf = (exchange: Exchange) => exchange.response?.status ?? 0;
const form = (exchange: Exchange) => errorFormOf(exchange.response?.json);

/** The choices a few reads show: error form, signature failures, languages, codings, an Accept it cannot satisfy. */
export async function observeChoices(url: string, config: Config): Promise<Observation[]> {
  const { probe, close } = await prober(url, config);
  try {
    const found: Observation[] = [];
    const basePath = new URL(url).pathname.replace(/\/+$/, '');
    if (basePath) found.push({ key: 'base_path', value: basePath, seen: `the path of ${url}` });
    const nb = await probe({ 'Accept-Language': 'nb' });
    if (!nb.response) throw new UserError(`no answer to a signed GET ${url}${PROBE_PATH}…: ${nb.error?.message}`);
    const errors = form(nb);
    if (statusOf(nb) >= 400 && ['interface', 'berlin-group', 'both', 'interface-with-challenge'].includes(errors))
      found.push({
        key: 'errors',
        value: errors === 'interface-with-challenge' ? 'interface' : (errors as 'interface'),
        seen: `an unknown basket: ${statusOf(nb)} with ${FORM_WORDS[errors]}`,
      });
    const en = await probe({ 'Accept-Language': 'en' });
    const said = (exchange: Exchange) => header(exchange, 'content-language') ?? '(none)';
    const languages = [header(nb, 'content-language'), header(en, 'content-language')].filter(
      (l, i, all): l is string => l !== undefined && all.indexOf(l) === i,
    );
    found.push({
      key: 'languages',
      value: languages,
      seen: `Content-Language ${said(nb)} for nb, ${said(en)} for en`,
    });
    const codings: string[] = [];
    for (const coding of CONTENT_CODINGS)
      if (header(await probe({ 'Accept-Encoding': coding }), 'content-encoding') === coding) codings.push(coding);
    found.push({
      key: 'content_codings',
      value: codings,
      seen: `answers encoded when offered: ${codings.join(', ') || 'none'}`,
    });
    const tampered = await probe({}, true);
    if (statusOf(tampered) >= 400 && statusOf(tampered) < 500) {
      const signature = statusOf(tampered);
      found.push({
        key: 'signature_error_status',
        value: signature,
        seen: `a Signature that does not verify: ${signature}`,
      });
      const body = form(tampered);
      if (body !== 'none')
        found.push({
          key: 'signature_error_body',
          value: body,
          seen: `a Signature that does not verify: ${FORM_WORDS[body]}`,
        });
    }
    const xml = await probe({ Accept: 'application/xml' });
    const type = header(xml, 'content-type') ?? '';
    if (statusOf(xml) === 406 || /json/.test(type))
      found.push({
        key: 'unsatisfiable_accept',
        value: statusOf(xml) === 406 ? 'refuse-406' : 'answer-json',
        seen: `Accept: application/xml: ${statusOf(xml)} ${type}`,
      });
    return found;
  } finally {
    await close();
  }
}

/** The proposed profile: what was observed, then every other key as a comment with what it declares. */
export function proposedProfile(observed: Observation[], url: string, profile: string): string {
  const seen = new Set<string>(observed.map((o) => o.key));
  const enumOf = (key: string) => (BANK_PROFILE_SCHEMA_ENUMS.get(key) ?? []).map(shownValue).join(' | ');
  return (
    [
      `# Bank profile of ${url}, proposed by \`psd2-conformance doctor --bank-profile\` from its answers`,
      "# to a few signed reads. Check each line against the bank's portal, and fill in the commented keys from it",
      '# (docs/bank-profiles.md says what each declares). Then: npx psd2-conformance run --bank-profile FILE',
      ...(profile === 'sandbox' || profile === 'production' ? [profileLine('environment', profile)] : []),
      ...observed.map((o) => `${profileLine(o.key, o.value)}    # seen: ${o.seen}`),
      ...BANK_PROFILE_KEYS.filter((k) => !seen.has(k.key) && k.key !== 'environment').map(
        (k) => `# ${[`${k.key}:`, enumOf(k.key)].filter(Boolean).join(' ')}    # ${k.declares}`,
      ),
    ].join('\n') + '\n'
  );
}

/** An existing profile's declarations against what the bank answered: one line per observed choice. */
function compared(observed: Observation[], profile: BankProfile): Finding[] {
  return observed.map((o) => {
    const declared = profile.declarations[o.key];
    const value = shownValue(o.value);
    if (!declared)
      return warn(`bank profile: ${profile.file} declares no ${o.key}; the bank showed ${value} (${o.seen})`);
    if (JSON.stringify(declared.value) === JSON.stringify(o.value))
      return ok(`bank profile: ${declared.at}: ${o.key}: ${value}, as the bank answered`);
    return fail(
      `bank profile: ${declared.at}: ${o.key}: ${shownValue(declared.value)} — the bank answered ${value} (${o.seen})`,
    );
  });
}

/** doctor's lines for `--bank-profile FILE`: written when FILE does not exist, else compared with the bank. */
export async function bankProfileFindings(
  url: string,
  config: Config,
  options: { file: string; profile: string },
): Promise<Finding[]> {
  // An existing file is read (and refused, one line, if interface.md forbids a choice) before the bank is asked.
  const existing = existsSync(options.file) ? readBankProfile(options.file) : undefined;
  const observed = await observeChoices(url, config);
  if (existing) return compared(observed, existing);
  writeFileSync(options.file, proposedProfile(observed, url, options.profile));
  return [
    ok(
      `bank profile: wrote ${options.file} with the ${observed.length} choices the bank showed; the ` +
        `${BANK_PROFILE_KEYS.length - observed.length - 1} others are comments to fill in from its portal`,
    ),
  ];
}
