import { isIP } from 'node:net';
import {
  HEADER_GROUPS,
  PSU_CONTEXTS,
  PSU_HTTP_METHODS,
  type OperationSpec,
  type RequirementId,
} from '../../spec/index.js';
import { appliesTo, finding } from './finding.js';
import { maskHeaderValue } from '../mask.js';
import type { RequestView } from '../request-view.js';
import type { Finding } from '../types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Group S: every request is signed (Authentication 1), so these are judged even when the operation is unknown. */
const SIGNING_HEADERS = ['X-Request-ID', 'TPP-Signature-Certificate', 'Signature'];

/** Headers whose value is a list by definition: sending them twice is ordinary HTTP. */
const LIST_VALUED = new Set(['accept', 'accept-charset', 'accept-encoding', 'accept-language', 'digest']);

/** Every header interface.md names, in its own spelling, plus the signed Date. */
const SPELLING = new Map(
  [...Object.values(HEADER_GROUPS).flatMap((group) => group.map((h) => h.name)), 'Date', 'Content-Type'].map((name) => [
    name.toLowerCase(),
    name,
  ]),
);

const present = (view: RequestView, name: string) => (view.value(name) ?? '').trim() !== '';

/**
 * Authentication 1 and 3: every request is signed and sends its certificate, also where an operation's header list
 * leaves open which headers it requires (operation 2, reading a basket: "which of them are required: not shown").
 */
const SIGNED_BY_AUTHENTICATION: readonly { header: string; requirementId: RequirementId; section: string }[] = [
  { header: 'Signature', requirementId: 'Auth.signature.required', section: 'Authentication 1' },
  { header: 'TPP-Signature-Certificate', requirementId: 'Auth.certificate.required', section: 'Authentication 3' },
];

/** The signing headers an operation's own header list does not require, judged by the Authentication rules. */
function signedAnyway(view: RequestView, op: OperationSpec | undefined, judged: readonly string[]): Finding[] {
  if (!op) return [];
  return SIGNED_BY_AUTHENTICATION.filter(
    (rule) => !judged.includes(rule.header) && appliesTo(rule.requirementId, op) && !present(view, rule.header),
  ).map((rule) =>
    finding(
      rule.requirementId,
      `${rule.header} is ${view.values(rule.header) === undefined ? 'missing' : 'sent empty'}: every request is ` +
        `signed (${rule.section}), whichever headers ${op.id}'s own list requires`,
    ),
  );
}

/** The rule each header's absence breaks where it is required (Header groups). */
const REQUIRED_RULE = new Map(
  Object.values(HEADER_GROUPS).flatMap((group) => group.map((h) => [h.name, h.requiredRule])),
);

function required(view: RequestView, op: OperationSpec | undefined): Finding[] {
  const out: Finding[] = [];
  const names = op
    ? op.headers.filter((h) => h.presence === 'yes' && h.name !== 'Digest').map((h) => h.name)
    : SIGNING_HEADERS;
  for (const name of names) {
    const id = REQUIRED_RULE.get(name);
    const signing = SIGNING_HEADERS.includes(name);
    if (!id || (!signing && !appliesTo(id, op)) || present(view, name)) continue;
    const empty = view.values(name) !== undefined;
    out.push(
      finding(
        id,
        empty ? `${name} is sent empty` : `${name} is missing`,
        name === 'x-accept-fix'
          ? 'x-accept-fix is required on NCBCT, SCT and basket authorisation start: send x-accept-fix: amount-as-string'
          : undefined,
      ),
    );
  }
  out.push(...signedAnyway(view, op, names));
  if (view.body.length > 0 && !present(view, 'Digest'))
    out.push(
      finding(
        'Headers.Digest.requiredWithBody',
        'the request carries a body but no Digest',
        'compute SHA-256 over the exact body bytes and send Digest: SHA-256=<base64>',
      ),
    );
  if (appliesTo('Headers.PSU-ID.required', op) && !present(view, 'PSU-ID') && !present(view, 'X-PSU-IDENTITY'))
    out.push(finding('Headers.PSU-ID.required', 'neither PSU-ID nor X-PSU-IDENTITY identifies the PSU'));
  return out;
}

function psuIdCause(value: string): string | undefined {
  if (/^\d{11}$/.test(value))
    return (
      'PSU-ID holds an 11-digit number, like a national identity number: ' +
      'that belongs in X-PSU-IDENTITY, and PSU-ID is a UUID'
    );
  if (/^\{.*\}$/.test(value) && UUID.test(value.slice(1, -1))) return 'the UUID is written in braces';
  if (/^[0-9a-f]{32}$/i.test(value)) return 'the UUID is written without its hyphens';
  return undefined;
}

function ipCause(value: string): string | undefined {
  const port = /^(.+):(\d+)$/.exec(value);
  if (port && isIP(port[1] as string)) return 'the address carries a port: send the port in PSU-IP-Port';
  if (/^[a-z0-9.-]+$/i.test(value) && /[a-z]/i.test(value)) return 'it is a host name, not an IP address';
  return undefined;
}

function enumCause(value: string, values: readonly string[]): string | undefined {
  return values.includes(value.toUpperCase())
    ? `the value is in the wrong case: write ${value.toUpperCase()}`
    : undefined;
}

interface FormatRule {
  header: string;
  requirementId: RequirementId;
  ok: (value: string) => boolean;
  /** What the value must be, in words ("a UUID"). */
  expected: string;
  cause?: (value: string) => string | undefined;
}

const methods: readonly string[] = PSU_HTTP_METHODS;
const contexts: readonly string[] = PSU_CONTEXTS;

/** The headers interface.md gives a format (Header groups), with the rule each breaks. */
const FORMATS: readonly FormatRule[] = [
  {
    header: 'PSU-ID',
    requirementId: 'Headers.PSU-ID.uuid',
    ok: (v) => UUID.test(v),
    expected: 'a UUID',
    cause: psuIdCause,
  },
  {
    header: 'PSU-Device-ID',
    requirementId: 'Headers.PSU-Device-ID.uuid',
    ok: (v) => UUID.test(v),
    expected: 'a UUID',
    cause: psuIdCause,
  },
  {
    header: 'PSU-IP-Address',
    requirementId: 'Headers.PSU-IP-Address.ip',
    ok: (v) => isIP(v) !== 0,
    expected: 'an IPv4 or IPv6 address',
    cause: ipCause,
  },
  {
    header: 'PSU-HTTP-Method',
    requirementId: 'Headers.PSU-HTTP-Method.enum',
    ok: (v) => methods.includes(v),
    expected: 'one of GET, POST, PUT, PATCH, DELETE',
    cause: (v) => enumCause(v, methods),
  },
  {
    header: 'PSU-Context',
    requirementId: 'Headers.PSU-Context.enum',
    ok: (v) => contexts.includes(v),
    expected: 'PRIVATE or CORPORATE',
    cause: (v) => enumCause(v, contexts),
  },
  {
    header: 'TPP-Redirect-Preferred',
    requirementId: 'Headers.TPP-Redirect-Preferred.boolean',
    ok: (v) => v === 'true' || v === 'false',
    expected: 'true or false',
  },
  {
    header: 'Accept',
    requirementId: 'Negotiation.accept.unsupported',
    ok: (v) => /application\/json|application\/\*|\*\/\*/i.test(v),
    expected: 'a type that offers JSON',
  },
];

/** Formats of the headers that have one, each only where its rule applies, and the corporate rule. */
function formats(view: RequestView, op: OperationSpec | undefined): Finding[] {
  const out: Finding[] = [];
  for (const rule of FORMATS) {
    const value = view.value(rule.header)?.trim();
    if (value === undefined || value === '' || !appliesTo(rule.requirementId, op) || rule.ok(value)) continue;
    const shown = maskHeaderValue(rule.header, value);
    out.push(finding(rule.requirementId, `${rule.header} "${shown}" is not ${rule.expected}`, rule.cause?.(value)));
  }
  const corporate = view.value('PSU-Context')?.trim() === 'CORPORATE';
  if (corporate && !present(view, 'PSU-Corporate-ID') && appliesTo('Errors.corporateWithoutCorporateId.400', op))
    out.push(
      finding(
        'Errors.corporateWithoutCorporateId.400',
        'PSU-Context is CORPORATE but PSU-Corporate-ID is missing',
        'corporate users also send PSU-Corporate-ID (Authentication 4)',
      ),
    );
  return out;
}

/** A header of the interface sent twice reaches the bank as one value joined with ", " (RFC 7230 §3.2.2). */
function repeated(view: RequestView, op: OperationSpec | undefined): Finding[] {
  const out: Finding[] = [];
  const counted = new Set<string>();
  for (const [name] of view.lines) {
    const key = name.toLowerCase();
    const count = view.values(key)?.length ?? 0;
    if (count < 2 || counted.has(key) || LIST_VALUED.has(key) || !SPELLING.has(key)) continue;
    counted.add(key);
    if (op && !appliesTo('Headers.sentOnce', op)) continue;
    out.push(
      finding(
        'Headers.sentOnce',
        `${SPELLING.get(key)} is sent ${count} times; a server reads ` +
          `"${maskHeaderValue(key, view.value(key) as string)}"`,
        'the header was added twice (a default header of the HTTP client and an ' +
          'explicit one, or a retry that appended instead of replacing)',
      ),
    );
  }
  return out;
}

/** Names in a case that is neither interface.md's spelling nor all lower case (HTTP/2's): not a defect. */
export function oddCaseNote(view: RequestView): string | undefined {
  const odd = [
    ...new Set(
      view.lines
        .map(([name]) => name)
        .filter((name) => SPELLING.has(name.toLowerCase()))
        .filter((name) => name !== SPELLING.get(name.toLowerCase()) && name !== name.toLowerCase()),
    ),
  ];
  return odd.length
    ? `header names in their own case (${odd.join(', ')}) are fine: names are case-insensitive (RFC 7230 §3.2)`
    : undefined;
}

/** Required headers and their formats for the operation (only group S when the operation is unknown), and repeats. */
export function judgeHeaders(view: RequestView, op: OperationSpec | undefined): Finding[] {
  return [...required(view, op), ...formats(view, op), ...repeated(view, op)];
}
