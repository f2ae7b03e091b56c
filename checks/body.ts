import {
  BERLIN_GROUP_EXTRA_CODES,
  ERROR_CODES,
  LINK_VERBS,
  type ExpectedRejection,
  type RequirementId,
  type SchemaName,
} from '../spec/index.js';
import { validate } from '../schemas/index.js';
import { header, verdict } from './result.js';
import type { CheckResult, ObservedExchange } from './types.js';

const interfaceCodes = new Set<string>(ERROR_CODES);
const conventionCodes = new Set<string>(BERLIN_GROUP_EXTRA_CODES);

/** content_type_conformance: a response with a body says it is JSON. */
export function contentType(exchange: ObservedExchange): CheckResult {
  const response = exchange.response;
  const type = response ? header(response.headers, 'content-type') : undefined;
  const empty = !response || response.text.length === 0;
  const ok = empty || /^application\/([\w.+-]*\+)?json\b/i.test(type ?? '');
  return verdict('content_type_conformance', 'Negotiation.contentType.json', ok, `Content-Type ${type ?? '(none)'}`);
}

/** The body parsed as JSON, or a failed check saying it is not JSON. */
function jsonBody(
  exchange: ObservedExchange,
  check: string,
  requirementId: RequirementId,
): { body: unknown } | CheckResult {
  const response = exchange.response;
  if (response?.json !== undefined) return { body: response.json };
  const sample = (response?.text ?? '').slice(0, 80);
  return verdict(check, requirementId, false, `response body is not JSON: ${JSON.stringify(sample)}`);
}

/** response_schema_conformance: the body validates against the operation's schema; each violation names its rule. */
export function responseSchema(
  exchange: ObservedExchange,
  schema: SchemaName,
  requirementId: RequirementId,
): CheckResult[] {
  const parsed = jsonBody(exchange, 'response_schema_conformance', requirementId);
  if (!('body' in parsed)) return [parsed];
  const violations = validate(schema, parsed.body);
  if (violations.length === 0)
    return [verdict('response_schema_conformance', requirementId, true, `conforms to ${schema}`)];
  return violations.map((v) =>
    verdict(
      'response_schema_conformance',
      v.requirementId,
      false,
      `${schema}${v.pointer ? ` at ${v.pointer}` : ''}: ${v.message}`,
    ),
  );
}

export type ErrorBodyForm = 'interface' | 'berlin-group' | 'both' | 'challenge' | 'none';

interface ErrorCodes {
  form: ErrorBodyForm;
  codes: string[];
}

/**
 * The codes of an error body in any accepted form: interface.md's (`code`), Berlin Group's (`tppMessages`), a
 * body with both (every code counts), or the Challenge body of a 401 (no code: interface.md's Errors table).
 */
export function errorCodes(body: unknown): ErrorCodes {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const messages = Array.isArray(record.tppMessages)
      ? record.tppMessages
          .map((m) => (m && typeof m === 'object' ? (m as Record<string, unknown>).code : undefined))
          .filter((c): c is string => typeof c === 'string')
      : undefined;
    if (typeof record.code === 'string')
      return messages
        ? { form: 'both', codes: [...new Set([record.code, ...messages])] }
        : { form: 'interface', codes: [record.code] };
    if (messages) return { form: 'berlin-group', codes: messages };
    if (isChallenge(record)) return { form: 'challenge', codes: [] };
  }
  return { form: 'none', codes: [] };
}

/** interface.md's Challenge body: `_links` with an `scaRedirect` link (its shape is judged by the schema). */
const isChallenge = (record: Record<string, unknown>): boolean =>
  typeof record._links === 'object' && record._links !== null && 'scaRedirect' in record._links;

/**
 * error_body_conformance: interface.md's Error body (MUST); a Berlin Group tppMessages body is accepted
 * at SHOULD level, and the result says which form was seen.
 */
export function errorBody(exchange: ObservedExchange): CheckResult[] {
  const parsed = jsonBody(exchange, 'error_body_conformance', 'Errors.body.shape');
  if (!('body' in parsed)) return [parsed];
  const { form } = errorCodes(parsed.body);
  // Errors table: "401 | none; Challenge body with scaRedirect link". A 401 conforms with the Challenge body as
  // well as with an error body; a Challenge body anywhere else is not an error body.
  if (form === 'challenge' && exchange.response?.status === 401) {
    const violations = validate('ChallengeBody', parsed.body);
    if (violations.length === 0)
      return [
        verdict('error_body_conformance', 'Errors.body.shape', true, '401 with the Challenge body', {
          detail: { form },
        }),
      ];
    return violations.map((v) =>
      verdict(
        'error_body_conformance',
        v.requirementId,
        false,
        `Challenge body${v.pointer ? ` at ${v.pointer}` : ''}: ${v.message}`,
        {
          detail: { form },
        },
      ),
    );
  }
  if (form === 'berlin-group') {
    const violations = validate('ErrorBody', parsed.body).length;
    return [
      verdict('error_body_conformance', 'Errors.body.berlinGroup', true, 'Berlin Group tppMessages body', {
        detail: { form },
      }),
      verdict(
        'error_body_conformance',
        'Errors.body.shape',
        false,
        "not the interface's Error body {id, system, status, code, message}",
        {
          atMost: 'SHOULD',
          detail: { form, violations },
        },
      ),
    ];
  }
  const violations = validate('ErrorBody', parsed.body);
  const results = violations.length
    ? violations.map((v) =>
        verdict(
          'error_body_conformance',
          v.requirementId,
          false,
          `Error body${v.pointer ? ` at ${v.pointer}` : ''}: ${v.message}`,
          { detail: { form } },
        ),
      )
    : [verdict('error_body_conformance', 'Errors.body.shape', true, 'interface Error body', { detail: { form } })];
  const status = (parsed.body as Record<string, unknown> | null)?.status;
  if (typeof status === 'number') {
    results.push(
      verdict(
        'error_body_status',
        'Errors.body.statusMatches',
        status === exchange.response?.status,
        `body status ${status}, HTTP ${exchange.response?.status}`,
      ),
    );
  }
  return results;
}

/**
 * error_code_conformance: every code is one of interface.md's (a Berlin Group code is a SHOULD-level
 * deviation), and, where a code is expected, it is there.
 */
export function errorCode(
  exchange: ObservedExchange,
  requirementId?: RequirementId,
  expected?: ExpectedRejection,
): CheckResult[] {
  const { codes } = errorCodes(exchange.response?.json);
  const results: CheckResult[] = [];
  for (const code of codes) {
    const known = interfaceCodes.has(code);
    results.push(
      verdict(
        'error_code_conformance',
        'Errors.code.inList',
        known,
        `code ${code}${known ? '' : conventionCodes.has(code) ? ' is a Berlin Group code, not in interface.md' : ' is in no list'}`,
        {
          ...(conventionCodes.has(code) ? { atMost: 'SHOULD' as const } : {}),
        },
      ),
    );
  }
  if (exchange.response?.status === 500) {
    results.push(
      verdict(
        'error_code_conformance',
        'Errors.serverError.systemError',
        codes.includes('SYSTEM_ERROR'),
        `500 with codes [${codes.join(', ')}]`,
      ),
    );
  }
  if (requirementId && expected && expected.codes.length > 0) {
    const ok = codes.some((c) => expected.codes.includes(c));
    // A 401 may answer with the Challenge body, which has no code (Errors table): a code is then a convention.
    const atMost = exchange.response?.status === 401 ? 'SHOULD' : (expected.codeExactness ?? expected.exactness);
    results.push(
      verdict(
        'expected_code',
        requirementId,
        ok,
        `expected ${expected.codes.join(' or ')}, got [${codes.join(', ')}]`,
        {
          atMost,
        },
      ),
    );
  }
  return results;
}

/** link_shape: every Link anywhere under a `_links` member has a string href and verbs from the enum. */
export function linkShape(exchange: ObservedExchange): CheckResult[] {
  const problems: string[] = [];
  const verbs = new Set<string>(LINK_VERBS);
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) visit(v, `${path}/${i}`);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '_links' && child && typeof child === 'object') {
          for (const [name, link] of Object.entries(child)) {
            const l = link as Record<string, unknown> | null;
            if (!l || typeof l.href !== 'string') problems.push(`${path}/_links/${name}: href missing`);
            if (!l || !Array.isArray(l.verbs)) problems.push(`${path}/_links/${name}: verbs missing`);
            else
              for (const v of l.verbs)
                if (!verbs.has(v as string)) problems.push(`${path}/_links/${name}: verb ${JSON.stringify(v)}`);
          }
        } else visit(child, `${path}/${key}`);
      }
    }
  };
  visit(exchange.response?.json, '');
  const requirementFor = (p: string) =>
    p.endsWith('href missing')
      ? 'Link.href.required'
      : p.endsWith('verbs missing')
        ? 'Link.verbs.required'
        : 'Link.verbs.enum';
  if (problems.length === 0) return [verdict('link_shape', 'Link.verbs.enum', true, 'links conform')];
  return problems.map((p) => verdict('link_shape', requirementFor(p), false, p));
}
