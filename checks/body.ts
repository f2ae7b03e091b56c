import {
  BERLIN_GROUP_EXTRA_CODES,
  ERROR_CODES,
  LINK_VERBS,
  type ExpectedRejection,
  type RequirementId,
  type SchemaName,
} from '../spec/index.js';
import { schemaRules, validate } from '../schemas/index.js';
import { defineCheck, type CheckVerdict } from './registry.js';
import { header } from './result.js';
import type { CheckResult, ObservedExchange } from './types.js';

const interfaceCodes = new Set<string>(ERROR_CODES);
const conventionCodes = new Set<string>(BERLIN_GROUP_EXTRA_CODES);

export const contentTypeCheck = defineCheck({
  name: 'content_type_conformance',
  judges: 'a response with a body says in Content-Type that it is JSON',
  reports: ['Negotiation.contentType.json'],
  judge: ({ exchange }, verdict) => {
    const response = exchange.response;
    const type = response ? header(response.headers, 'content-type') : undefined;
    const empty = !response || response.text.length === 0;
    const ok = empty || /^application\/([\w.+-]*\+)?json\b/i.test(type ?? '');
    return [verdict('Negotiation.contentType.json', ok, `Content-Type ${type ?? '(none)'}`)];
  },
});

/** The body parsed as JSON, or a failed result saying it is not JSON. */
function jsonBody(
  exchange: ObservedExchange,
  verdict: CheckVerdict,
  requirementId: RequirementId,
): { body: unknown } | CheckResult {
  const response = exchange.response;
  if (response?.json !== undefined) return { body: response.json };
  const sample = (response?.text ?? '').slice(0, 80);
  return verdict(requirementId, false, `response body is not JSON: ${JSON.stringify(sample)}`);
}

const at = (pointer: string): string => (pointer ? ` at ${pointer}` : '');

export const responseSchemaCheck = defineCheck<{ schema?: SchemaName }>({
  name: 'response_schema_conformance',
  judges: "the body validates against the operation's (or the named) schema; each violation names its rule",
  reports: [],
  reportsRuleUnderTest: true,
  reportsSchemaRules: true,
  judge: ({ exchange, operation, requirementId, facts }, verdict) => {
    const schema = facts?.schema ?? operation?.success.body;
    if (!schema || !requirementId) return [];
    const parsed = jsonBody(exchange, verdict, requirementId);
    if (!('body' in parsed)) return [parsed];
    const violations = validate(schema, parsed.body);
    if (violations.length === 0)
      return [verdict(requirementId, true, `conforms to ${schema}`, { holds: schemaRules(schema) })];
    return violations.map((v) => verdict(v.requirementId, false, `${schema}${at(v.pointer)}: ${v.message}`));
  },
});

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
export const isChallenge = (record: Record<string, unknown>): boolean =>
  typeof record._links === 'object' && record._links !== null && 'scaRedirect' in record._links;

/** Errors table: "401 | none; Challenge body with scaRedirect link" — a 401 conforms with it as with an error body. */
const challengeOn401 = (exchange: ObservedExchange, form: ErrorBodyForm): boolean =>
  form === 'challenge' && exchange.response?.status === 401;

export const errorBodyCheck = defineCheck({
  name: 'error_body_conformance',
  judges:
    "an error response has interface.md's Error body (MUST); a Berlin Group " +
    'tppMessages body conforms at SHOULD, a 401 may carry the Challenge body',
  reports: ['Errors.body.shape', 'Errors.body.berlinGroup'],
  reportsSchemaRules: true,
  judge: ({ exchange }, verdict) => {
    const parsed = jsonBody(exchange, verdict, 'Errors.body.shape');
    if (!('body' in parsed)) return [parsed];
    const { form } = errorCodes(parsed.body);
    const detail = { form };
    // A Challenge body anywhere but on a 401 is not an error body.
    if (challengeOn401(exchange, form)) {
      const violations = validate('ChallengeBody', parsed.body);
      if (violations.length === 0)
        return [
          verdict('Errors.body.shape', true, '401 with the Challenge body', {
            detail,
            holds: schemaRules('ChallengeBody'),
          }),
        ];
      return violations.map((v) =>
        verdict(v.requirementId, false, `Challenge body${at(v.pointer)}: ${v.message}`, { detail }),
      );
    }
    if (form === 'berlin-group') {
      const violations = validate('ErrorBody', parsed.body).length;
      const notInterface = "not the interface's Error body {id, system, status, code, message}";
      return [
        verdict('Errors.body.berlinGroup', true, 'Berlin Group tppMessages body', { detail }),
        verdict('Errors.body.shape', false, notInterface, { atMost: 'SHOULD', detail: { form, violations } }),
      ];
    }
    const violations = validate('ErrorBody', parsed.body);
    if (violations.length === 0)
      return [verdict('Errors.body.shape', true, 'interface Error body', { detail, holds: schemaRules('ErrorBody') })];
    return violations.map((v) =>
      verdict(v.requirementId, false, `Error body${at(v.pointer)}: ${v.message}`, { detail }),
    );
  },
});

export const errorBodyStatusCheck = defineCheck({
  name: 'error_body_status',
  judges: "an error body's status member, where it has one, is the HTTP status",
  reports: ['Errors.body.statusMatches'],
  judge: ({ exchange }, verdict) => {
    const body = exchange.response?.json;
    const { form } = errorCodes(body);
    if (form === 'berlin-group' || challengeOn401(exchange, form)) return [];
    const status = (body as Record<string, unknown> | null | undefined)?.status;
    if (typeof status !== 'number') return [];
    const http = exchange.response?.status;
    return [verdict('Errors.body.statusMatches', status === http, `body status ${status}, HTTP ${http}`)];
  },
});

export const errorCodeCheck = defineCheck({
  name: 'error_code_conformance',
  judges:
    "every code of an error body is one of interface.md's (a Berlin Group code at SHOULD), and a 500 says SYSTEM_ERROR",
  reports: ['Errors.code.inList', 'Errors.serverError.systemError'],
  judge: ({ exchange }, verdict) => {
    const { codes } = errorCodes(exchange.response?.json);
    const results = codes.map((code) => {
      const known = interfaceCodes.has(code);
      const convention = conventionCodes.has(code);
      const why = known ? '' : convention ? ' is a Berlin Group code, not in interface.md' : ' is in no list';
      return verdict('Errors.code.inList', known, `code ${code}${why}`, convention ? { atMost: 'SHOULD' } : {});
    });
    if (exchange.response?.status === 500)
      results.push(
        verdict(
          'Errors.serverError.systemError',
          codes.includes('SYSTEM_ERROR'),
          `500 with codes [${codes.join(', ')}]`,
        ),
      );
    return results;
  },
});

export const expectedCodeCheck = defineCheck({
  name: 'expected_code',
  judges: 'a rejected request carries one of the codes expected of it, where any is expected',
  reports: [],
  reportsRuleUnderTest: true,
  judge: ({ exchange, requirementId, expected }, verdict) => {
    if (!requirementId || !expected || expected.codes.length === 0) return [];
    const { codes } = errorCodes(exchange.response?.json);
    const ok = codes.some((c) => expected.codes.includes(c));
    // A 401 may answer with the Challenge body, which has no code (Errors table): a code is then a convention.
    const atMost = exchange.response?.status === 401 ? 'SHOULD' : (expected.codeExactness ?? expected.exactness);
    return [
      verdict(requirementId, ok, `expected ${expected.codes.join(' or ')}, got [${codes.join(', ')}]`, { atMost }),
    ];
  },
});

const linkProblem = (problem: string): RequirementId =>
  problem.endsWith('href missing')
    ? 'Link.href.required'
    : problem.endsWith('verbs missing')
      ? 'Link.verbs.required'
      : 'Link.verbs.enum';

/** Where a Link under any `_links` member lacks its href, its verbs, or has a verb outside the enum. */
function linkProblems(json: unknown): string[] {
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
  visit(json, '');
  return problems;
}

export const linkShapeCheck = defineCheck({
  name: 'link_shape',
  judges: 'every Link anywhere under a `_links` member has a string href and verbs from the enum',
  reports: ['Link.href.required', 'Link.verbs.required', 'Link.verbs.enum'],
  judge: ({ exchange }, verdict) => {
    const problems = linkProblems(exchange.response?.json);
    if (problems.length === 0) return [verdict('Link.verbs.enum', true, 'links conform')];
    return problems.map((p) => verdict(linkProblem(p), false, p));
  },
});

export const contentType = (exchange: ObservedExchange): CheckResult =>
  contentTypeCheck.run({ exchange })[0] as CheckResult;

export const responseSchema = (
  exchange: ObservedExchange,
  schema: SchemaName,
  requirementId: RequirementId,
): CheckResult[] => responseSchemaCheck.run({ exchange, requirementId, facts: { schema } });

/** error_body_conformance, then error_body_status. */
export const errorBody = (exchange: ObservedExchange): CheckResult[] => [
  ...errorBodyCheck.run({ exchange }),
  ...errorBodyStatusCheck.run({ exchange }),
];

/** error_code_conformance, then expected_code where a code is expected of the rule under test. */
export const errorCode = (
  exchange: ObservedExchange,
  requirementId?: RequirementId,
  expected?: ExpectedRejection,
): CheckResult[] => {
  const ctx = { exchange, ...(requirementId ? { requirementId } : {}), ...(expected ? { expected } : {}) };
  return [...errorCodeCheck.run(ctx), ...expectedCodeCheck.run(ctx)];
};

export const linkShape = (exchange: ObservedExchange): CheckResult[] => linkShapeCheck.run({ exchange });
