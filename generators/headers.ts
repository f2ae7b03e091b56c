import fc from 'fast-check';
import {
  CLASS,
  CORPORATE_WITHOUT_ID,
  HEADER_CLASS,
  HEADER_GROUPS,
  NON_JSON_ACCEPT,
  OPERATIONS,
  UUID_BROKEN,
  UUID_FORMS,
  PSU_CONTEXTS,
  PSU_HTTP_METHODS,
  operation,
  requirement,
  type HeaderSpec,
  type OperationId,
  type RequirementId,
} from '../spec/index.js';
import { breakOne, type CaseLabel } from './cases.js';
import { gone, type Breaker } from './invalid.js';
import { matching } from './matching.js';

/** Request headers by name, as sent (before signing). */
export type HeaderSet = Record<string, string>;

/** The signer adds these over the final request (signing/sign.ts), so a header set never carries them. */
export const SIGNER_HEADERS: readonly string[] = ['Digest', 'TPP-Signature-Certificate', 'Signature', 'Date'];
/**
 * Never generated: Host comes from the URL; X-PSU-IDENTITY is a national identity number, a secret the
 * bank must already know, so sets identify the PSU by PSU-ID (X-PSU-IDENTITY is the alternative).
 */
const LEFT_OUT = ['Host', 'X-PSU-IDENTITY'];

const uuid = () => fc.uuid({ version: 4 });
const HEADER_GROUPS_FLAT = Object.values(HEADER_GROUPS).flat();
const token = (values: string[]) => fc.constantFrom(...values);

/**
 * Valid values, ASCII only (header values are bytes). x-accept-fix is always amount-as-string: interface.md
 * names that value for basket start and SCT, and it is the default behaviour since 1.7.6, so it changes nothing.
 */
const VALUES: Record<string, fc.Arbitrary<string>> = {
  Accept: fc.constant('application/json'),
  'Accept-Charset': token(['utf-8', 'UTF-8']),
  'Accept-Encoding': fc.constant('identity'),
  'Accept-Language': token(['nb-NO', 'en', 'nn-NO, nb;q=0.9, en;q=0.5']),
  'Content-Type': fc.constant('application/json'),
  'X-Request-ID': uuid(),
  'TPP-Session-ID': uuid(),
  'TPP-Redirect-URI': matching(/^[a-z0-9]{1,16}$/).map((path) => `https://tpp.example/callback/${path}`),
  'TPP-Redirect-Preferred': token(['true', 'false']),
  'PSU-ID': uuid(),
  'PSU-Corporate-ID': matching(/^[A-Z0-9]{4,12}$/),
  'PSU-IP-Address': fc.oneof(fc.ipV4(), fc.ipV6()),
  'PSU-IP-Port': fc.integer({ min: 1, max: 65535 }).map(String),
  'PSU-User-Agent': token([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/125.0',
  ]),
  'PSU-Accept': token(['application/json', 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8']),
  'PSU-Accept-Charset': token(['utf-8', 'iso-8859-1;q=0.5, utf-8']),
  'PSU-Accept-Encoding': token(['gzip, deflate, br', 'identity']),
  'PSU-Accept-Language': token(['nb-NO', 'en-GB,en;q=0.8']),
  'PSU-HTTP-Method': token([...PSU_HTTP_METHODS]),
  'PSU-Device-ID': uuid(),
  'PSU-Geo-Location': fc
    .tuple(fc.integer({ min: -900000, max: 900000 }), fc.integer({ min: -1800000, max: 1800000 }))
    .map(([lat, lon]) => `GEO:${(lat / 10000).toFixed(4)};${(lon / 10000).toFixed(4)}`),
  'X-PSU-AuthMethod-Preferred': token(['BANKID', 'BANKID_MOBILE']),
  'PSU-Context': token([...PSU_CONTEXTS]),
  'TPP-Brand-Logging-Information': token(['Regnskap Pluss', 'Brand']),
  'x-accept-fix': fc.constant('amount-as-string'),
};

function valueFor(h: HeaderSpec): fc.Arbitrary<string> {
  const known = VALUES[h.name];
  if (known) return known;
  if (h.format.kind === 'enum') return token([...h.format.values]);
  if (h.format.kind === 'uuid') return uuid();
  return matching(/^[A-Za-z0-9]{1,20}$/);
}

/**
 * Required, or of unknown presence (a valid set must satisfy a server that requires it); PSU-ID unless
 * X-PSU-IDENTITY.
 */
const alwaysSent = (h: HeaderSpec) =>
  h.name !== 'PSU-Corporate-ID' && (h.presence === 'yes' || h.presence === 'unknown' || h.name === 'PSU-ID');

export interface HeaderSetOptions {
  /** Headers sent with exactly these values (a registered TPP-Redirect-URI, the sandbox PSU's PSU-ID). */
  fixed?: HeaderSet;
}

/**
 * Valid headers of an operation's groups: every required header, each optional one on or off, PSU-Corporate-ID
 * whenever PSU-Context is CORPORATE, Content-Type when the operation takes a body. The signer adds the rest.
 */
export function headerSet(op: OperationId, options: HeaderSetOptions = {}): fc.Arbitrary<HeaderSet> {
  const spec = operation(op);
  const model: Record<string, fc.Arbitrary<string>> = {};
  const required: string[] = [];
  for (const h of spec.headers) {
    if (SIGNER_HEADERS.includes(h.name) || LEFT_OUT.includes(h.name)) continue;
    model[h.name] = valueFor(h);
    if (alwaysSent(h) || (h.name === 'Content-Type' && spec.requestBody)) required.push(h.name);
  }
  if (spec.requestBody && !model['Content-Type']) {
    model['Content-Type'] = VALUES['Content-Type'] as fc.Arbitrary<string>;
    required.push('Content-Type');
  }
  for (const [name, value] of Object.entries(options.fixed ?? {})) {
    model[name] = fc.constant(value);
    required.push(name);
  }
  const corporateId = model['PSU-Corporate-ID'] ?? (VALUES['PSU-Corporate-ID'] as fc.Arbitrary<string>);
  return fc
    .tuple(fc.record(model, { requiredKeys: required, noNullPrototype: true }), corporateId)
    .map(([headers, id]) => {
      const set = headers as HeaderSet;
      // Errors rule 1: a corporate PSU without PSU-Corporate-ID is refused, so a valid set always has one.
      return set['PSU-Context'] === 'CORPORATE' && set['PSU-Corporate-ID'] === undefined
        ? { ...set, 'PSU-Corporate-ID': id }
        : set;
    });
}

/** A UUID changed one way, named for the test that sends it, and the class of values the change makes. */
interface UuidChange {
  label: string;
  cls: string;
  of: (uuid: string) => string;
}

/**
 * Near misses of format UUID (RFC 4122 §3's 8-4-4-4-12 hexadecimal digits) that no UUID parser accepts. Left out:
 * the 32 digits without hyphens, braces and a urn:uuid: prefix, which some parsers take (ajv-formats takes the urn),
 * so the expected answer would be moot.
 */
export const UUID_NEAR_MISSES: readonly UuidChange[] = [
  { label: 'one digit short', cls: UUID_BROKEN.wrongLength, of: (u) => u.slice(0, -1) },
  { label: 'one digit over', cls: UUID_BROKEN.wrongLength, of: (u) => `${u}0` },
  { label: 'a letter that is not hexadecimal', cls: UUID_BROKEN.notHex, of: (u) => `g${u.slice(1)}` },
  {
    label: 'the last hyphen one place on',
    cls: UUID_BROKEN.hyphens,
    of: (u) => `${u.slice(0, 23)}${u.slice(24, 25)}-${u.slice(25)}`,
  },
  { label: 'underscores for hyphens', cls: UUID_BROKEN.hyphens, of: (u) => u.replaceAll('-', '_') },
  { label: 'an 11-digit national identity number', cls: UUID_BROKEN.otherIdentifier, of: () => '01017012345' },
  { label: 'a word', cls: UUID_BROKEN.otherIdentifier, of: () => 'not-a-uuid' },
];

/** Members of format UUID that a strict reading might refuse: RFC 4122 reads hex in any case, and any version. */
export const UUID_MEMBERS: readonly UuidChange[] = [
  { label: 'in upper case', cls: UUID_FORMS.upperCase, of: (u) => u.toUpperCase() },
  {
    label: 'of version 1 (time-based)',
    cls: UUID_FORMS.version1,
    of: () => 'c232ab00-9414-11ec-b3c8-9f6bdeced846',
  },
  {
    label: 'of version 7 (Unix time-ordered)',
    cls: UUID_FORMS.version7,
    of: () => '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
  },
];

/** A UUID header's breakers: one per class of UUID_BROKEN, each drawing among its changes of a random UUID. */
const uuidBreakers = (requirementId: RequirementId, header: string): Breaker[] =>
  Object.values(UUID_BROKEN).map((cls) => ({
    requirementId,
    cls,
    label: `${header}: ${cls}`,
    at: `/${header}`,
    value: fc.oneof(...UUID_NEAR_MISSES.filter((c) => c.cls === cls).map((change) => uuid().map(change.of))),
  }));
const nearMisses = (name: string): string[] => {
  const format = HEADER_GROUPS_FLAT.find((h) => h.name === name)?.format;
  return format?.kind === 'enum' ? [...(format.nearMisses ?? [])] : [];
};
const badIp = fc.oneof(
  token(['999.1.1.1', '1.2.3', 'localhost', '::g', '192.168.1.1:443']),
  fc.ipV4().map((ip) => `${ip}.1`),
);

/** Headers interface.md marks required, with the rule their absence breaks, except those the signer adds. */
const REQUIRED = [
  ...new Map(
    OPERATIONS.flatMap((o) => o.headers).flatMap((h) =>
      h.presence === 'yes' && h.requiredRule && !SIGNER_HEADERS.includes(h.name)
        ? [[h.name, h.requiredRule] as const]
        : [],
    ),
  ),
];

/**
 * One broken rule per breaker; `at` names the header. Values that one reading of the rule might accept are
 * left out (lower-case PSU-Context or PSU-HTTP-Method, a UUID without hyphens), so the expected answer is not moot.
 */
export const HEADER_BREAKERS: Breaker[] = [
  ...REQUIRED.map(([name, id]) => ({
    requirementId: id,
    cls: CLASS.absent,
    label: `${name} missing`,
    at: `/${name}`,
    value: gone,
  })),
  {
    requirementId: 'Headers.PSU-ID.required',
    cls: CLASS.absent,
    label: 'PSU-ID missing (and no X-PSU-IDENTITY)',
    at: '/PSU-ID',
    value: gone,
  },
  ...uuidBreakers('Headers.PSU-ID.uuid', 'PSU-ID'),
  ...uuidBreakers('Headers.PSU-Device-ID.uuid', 'PSU-Device-ID'),
  {
    requirementId: 'Headers.PSU-HTTP-Method.enum',
    cls: HEADER_CLASS.outsideList,
    label: 'PSU-HTTP-Method outside GET, POST, PUT, PATCH, DELETE',
    at: '/PSU-HTTP-Method',
    value: token(nearMisses('PSU-HTTP-Method')),
  },
  {
    requirementId: 'Headers.PSU-IP-Address.ip',
    cls: HEADER_CLASS.notAnIp,
    label: 'PSU-IP-Address not an IP address',
    at: '/PSU-IP-Address',
    value: badIp,
  },
  {
    requirementId: 'Headers.PSU-Context.enum',
    cls: HEADER_CLASS.outsideList,
    label: 'PSU-Context outside PRIVATE, CORPORATE',
    at: '/PSU-Context',
    value: token(nearMisses('PSU-Context')),
  },
  {
    requirementId: 'Headers.TPP-Redirect-Preferred.boolean',
    cls: HEADER_CLASS.outsideList,
    label: 'TPP-Redirect-Preferred neither true nor false',
    at: '/TPP-Redirect-Preferred',
    value: token(nearMisses('TPP-Redirect-Preferred')),
  },
  {
    requirementId: 'Errors.corporateWithoutCorporateId.400',
    cls: CORPORATE_WITHOUT_ID,
    label: 'PSU-Context CORPORATE without PSU-Corporate-ID',
    at: '/PSU-Corporate-ID',
    value: gone,
    prepare: (h) => ({ ...h, 'PSU-Context': 'CORPORATE' }),
  },
  {
    requirementId: 'Negotiation.accept.unsupported',
    cls: NON_JSON_ACCEPT,
    label: 'Accept offers nothing but a non-JSON type',
    at: '/Accept',
    value: token(['application/xml', 'text/csv', 'image/png']),
  },
];

/** The breakers that apply to an operation: it takes the header and the rule names the operation. */
export function headerBreakers(op: OperationId): Breaker[] {
  const names = new Set(operation(op).headers.map((h) => h.name));
  return HEADER_BREAKERS.filter(
    (br) => names.has(br.at.slice(1)) && requirement(br.requirementId).operations.includes(op),
  );
}

/** A header left out of a request of an operation that requires it, and the rule the request then breaks. */
export interface MissingHeaderCase {
  operation: OperationId;
  header: string;
  requirementId: RequirementId;
}

/** The rule a request of `op` breaks without `h`: the header's own where it names `op`, else an every-request rule. */
function ruleBrokenWithout(op: OperationId, h: HeaderSpec): RequirementId | undefined {
  const names = (id: RequirementId | undefined) => id !== undefined && requirement(id).operations.includes(op);
  const required = h.presence === 'yes' || h.presence === 'conditional';
  if (required && names(h.requiredRule)) return h.requiredRule;
  return names(h.everyRequestRule) ? h.everyRequestRule : undefined;
}

/**
 * Every header each operation interface.md specifies requires (spec/headers.ts × spec/operations.ts), with the rule
 * a request without it breaks: a new operation or header gets its cases from the tables. A header of unknown
 * presence (the basket read's "which of them are required: not shown") has a case only where an every-request rule
 * requires it (Authentication 1 and 3: Signature and its certificate).
 */
export function missingHeaderCases(): MissingHeaderCase[] {
  return OPERATIONS.filter((o) => o.standing === 'specified').flatMap((op) =>
    op.headers.flatMap((h) => {
      const requirementId = ruleBrokenWithout(op.id, h);
      return requirementId ? [{ operation: op.id, header: h.name, requirementId }] : [];
    }),
  );
}

/** A value of a header's format (a member of its closed list, a form of UUID) or a near miss of it. */
export interface HeaderValueCase {
  header: string;
  value: string;
  /** What the value is, for the test's title: `a member of the list`, `one digit short` … */
  label: string;
  /** The class of values it is one of (spec/matrix): a UUID form, a listed member, a near miss. */
  cls: string;
  /** A member must be accepted; a near miss refused for breaking `requirementId`. */
  member: boolean;
  requirementId: RequirementId;
}

/**
 * Every member and near miss of each header format a rule names (spec/headers.ts `formatRule`): closed lists with
 * their `nearMisses`, UUIDs changed by UUID_NEAR_MISSES and UUID_MEMBERS from one drawn with `seed`. Members of
 * required headers are left out (PSU-ID names the configured PSU: another UUID is another PSU), as are those in
 * `membersElsewhere` (PSU-Context CORPORATE needs the corporate PSU's own headers and account).
 */
export function headerValueCases(
  op: OperationId,
  { seed, membersElsewhere = [] }: { seed: number; membersElsewhere?: readonly string[] },
): HeaderValueCase[] {
  const [drawn] = fc.sample(uuid(), { numRuns: 1, seed });
  return operation(op).headers.flatMap((h) => {
    const rule = h.formatRule;
    if (!rule || !requirement(rule).operations.includes(op)) return [];
    const optional = h.presence === 'no' && !membersElsewhere.includes(h.name);
    const cases = (values: { label: string; cls: string; value: string }[], member: boolean) =>
      values.map(({ label, cls, value }) => ({ header: h.name, value, label, cls, member, requirementId: rule }));
    const changed = (changes: readonly UuidChange[]) =>
      changes.map((c) => ({ label: c.label, cls: c.cls, value: c.of(drawn as string) }));
    if (h.format.kind === 'uuid')
      return [...(optional ? cases(changed(UUID_MEMBERS), true) : []), ...cases(changed(UUID_NEAR_MISSES), false)];
    if (h.format.kind !== 'enum') return [];
    const listed = h.format.values.map((value) => ({
      label: 'a member of the list',
      cls: HEADER_CLASS.listedMember,
      value,
    }));
    const outside = (h.format.nearMisses ?? []).map((value) => ({
      label: 'a near miss outside the list',
      cls: HEADER_CLASS.outsideList,
      value,
    }));
    return [...(optional ? cases(listed, true) : []), ...cases(outside, false)];
  });
}

export interface InvalidHeaderCase extends CaseLabel {
  operation: OperationId;
  headers: HeaderSet;
  /**
   * The header the case leaves out, if any. A signer that fills in missing headers (signing/sign.ts adds
   * X-Request-ID) would mend the case: remove this header again after signing.
   */
  omitted?: string;
}

/** Header sets of an operation that break one rule each; with a requirement id, only that rule. */
export function invalidHeaders(
  op: OperationId,
  requirementId?: RequirementId,
  options: HeaderSetOptions = {},
): fc.Arbitrary<InvalidHeaderCase> {
  return breakOne(headerSet(op, options), headerBreakers(op), `${op} header`, requirementId).map(
    ({ value, ...label }) => {
      const name = label.pointer.slice(1);
      return { ...label, operation: op, headers: value as HeaderSet, ...(name in value ? {} : { omitted: name }) };
    },
  );
}
