/**
 * A bank's declared choices (its bank profile, spec/bank-profile.ts) judged on the answers a test's checks judged:
 * where an exchange shows the situation a declared key is about, the answer must be the declared one, at MUST, and
 * the failure names the profile's line. The alternatives the declaration settles are no longer SHOULD warnings: the
 * bank chose and said so. What the profile does not declare keeps its catalogue level.
 */
import {
  CHOICE_KEYS,
  OPERATIONS,
  SIGNATURE_FAILURE_RULES,
  choiceRow,
  type BankChoices,
  type ChoiceKey,
  type Declarations,
  type OperationId,
  type RequirementId,
  type SignatureErrorBody,
} from '../spec/index.js';
import { errorCodes, isChallenge } from './body.js';
import { codingWeight, headerList, languageWeight, offered } from './negotiation.js';
import { defineCheck } from './registry.js';
import { header } from './result.js';
import type { CheckResult, ObservedExchange } from './types.js';

/** One exchange, what the test's own checks found on it, and the profile's declarations. */
interface Seen {
  exchange: ObservedExchange;
  results: readonly CheckResult[];
  declarations: Declarations;
}

type Value<K extends ChoiceKey> = NonNullable<BankChoices[K]>;

interface Judged {
  ok: boolean;
  /** What the answer showed, in words. */
  seen: string;
  /** The rule the result names, when not the key's first. */
  rule?: RequirementId;
}

interface DeclaredJudge<K extends ChoiceKey> {
  /** Whether the exchange shows the situation the choice is about. */
  applies(seen: Seen, value: Value<K>): boolean;
  /** The SHOULD results the declaration settles (the alternatives it chose between): left out of the test's verdict. */
  narrows?(result: CheckResult, value: Value<K>): boolean;
  judge(seen: Seen, value: Value<K>): Judged;
  /** What the declaration expects, in words: "expected …" of a failure. */
  expects(value: Value<K>): string;
}

const statusOf = (s: Seen): number => s.exchange.response?.status ?? 0;
const bodyOf = (s: Seen): Record<string, unknown> | undefined => {
  const json = s.exchange.response?.json;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
};
const success = (s: Seen): boolean => statusOf(s) >= 200 && statusOf(s) < 300;
const refused = (s: Seen): boolean => statusOf(s) >= 400 && statusOf(s) < 500;
const should = (r: CheckResult, ...ids: RequirementId[]): boolean =>
  r.level === 'SHOULD' && ids.includes(r.requirementId);

/** The rule a request broke on purpose, as checkRejected marks its results. */
const rejectedFor = (s: Seen): RequirementId | undefined =>
  s.results.map((r) => r.expectation).find((e) => e?.kind === 'rejected')?.requirementId;
/** The operation of a request the bank had to accept, as checkAccepted marks its results. */
const acceptedOn = (s: Seen): OperationId | undefined => {
  const expectation = s.results.map((r) => r.expectation).find((e) => e?.kind === 'accepted');
  return expectation?.kind === 'accepted' ? expectation.operation : undefined;
};
const createsPayment = (op: OperationId | undefined): boolean =>
  OPERATIONS.some((o) => o.id === op && o.createsPayment);

/** A request refused for a signature, Digest or certificate failure. */
const signatureFailure = (s: Seen): boolean => {
  const rule = rejectedFor(s);
  return rule !== undefined && SIGNATURE_FAILURE_RULES.has(rule) && statusOf(s) >= 400;
};

type FormSeen = SignatureErrorBody | 'none';
/** The form of an error body in a bank profile's words, or none when it is none of them. */
export function errorFormOf(body: unknown): FormSeen {
  const { form } = errorCodes(body);
  if (form === 'interface' && isChallenge(body as Record<string, unknown>)) return 'interface-with-challenge';
  return form;
}
export const FORM_WORDS: Record<FormSeen, string> = {
  interface: "interface.md's Error body",
  'berlin-group': "Berlin Group's tppMessages body",
  both: 'the Error body with tppMessages',
  challenge: 'the Challenge body',
  'interface-with-challenge': "the Error body with the Challenge body's scaRedirect",
  none: 'no error body',
};

const judged = (ok: boolean, seen: string, rule?: RequirementId): Judged => ({ ok, seen, ...(rule ? { rule } : {}) });
const bodyForms = (r: CheckResult) => should(r, 'Errors.body.shape', 'Errors.body.berlinGroup');
const statusIs = (s: Seen, wanted: number) => judged(statusOf(s) === wanted, `status ${statusOf(s)}`);

/** A refuse-or-accept choice about a SHOULD rule that checkRejected judges. */
const refuseOrAccept = (rule: RequirementId): DeclaredJudge<'logical_duplicates' | 'past_execution_date'> => ({
  applies: (s) => rejectedFor(s) === rule && s.exchange.response !== undefined,
  // Declared accepted: every SHOULD result of the refusal is moot. Declared refused: whether it is refused is
  // settled; its status and code stay conventions.
  narrows: (r, value) =>
    value === 'accept'
      ? should(r, rule, 'Errors.invalidRequest.never2xx')
      : r.level === 'SHOULD' && (r.check === 'client_error' || r.check === 'not_accepted'),
  judge: (s, value) => judged(value === 'accept' ? success(s) : refused(s), `status ${statusOf(s)}`),
  expects: (value) => (value === 'accept' ? 'a 2xx (accepted)' : 'a 4xx (refused)'),
});

/** Every Link href a body hands out, by name; scaRedirect is the PSU's page, which the bank may host anywhere. */
function hrefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) hrefs(v, into);
  else if (value && typeof value === 'object')
    for (const [key, member] of Object.entries(value)) {
      if (key === '_links' && member && typeof member === 'object') {
        for (const [name, link] of Object.entries(member))
          if (name !== 'scaRedirect' && typeof (link as { href?: unknown } | null)?.href === 'string')
            into.push((link as { href: string }).href);
      } else hrefs(member, into);
    }
  return into;
}

const ID_PATTERNS: Record<Value<'ids'>, RegExp> = {
  platform: /^enc!![A-Za-z0-9+/_-]+=*$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  numeric: /^\d+$/,
};

/** A language tag and a declared language are one where one is the other or a more specific form of it (nb-NO, nb). */
const sameLanguage = (tag: string, declared: string): boolean => {
  const [a, b] = [tag.toLowerCase(), declared.toLowerCase()];
  return a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);
};
const canonicalCoding = (c: string) => (c === 'x-gzip' ? 'gzip' : c);

function languagesSeen(s: Seen, declared: string[]) {
  const offers = offered(s.exchange.request.headers, 'accept-language');
  const reported = headerList(header(s.exchange.response?.headers ?? {}, 'content-language'));
  const wanted = offers ? declared.filter((d) => (languageWeight(offers, d) ?? 0) > 0) : [];
  const undeclared = reported.filter((tag) => !declared.some((d) => sameLanguage(tag, d)));
  return { reported, wanted, undeclared };
}

function codingsSeen(s: Seen, declared: string[]) {
  const offers = offered(s.exchange.request.headers, 'accept-encoding');
  const used = headerList(header(s.exchange.response?.headers ?? {}, 'content-encoding'))
    .filter((c) => c !== 'identity')
    .map(canonicalCoding);
  const wanted = offers ? declared.filter((c) => (codingWeight(offers, c) ?? 0) > 0) : [];
  return { used, wanted, undeclared: used.filter((c) => !declared.includes(c)) };
}

const JUDGES: { [K in ChoiceKey]?: DeclaredJudge<K> } = {
  errors: {
    expects: (value) => FORM_WORDS[value],
    applies: (s) =>
      statusOf(s) >= 400 &&
      s.results.some((r) => r.check === 'error_body_conformance') &&
      // A 401 may carry the Challenge body instead of an error body (Errors table), whatever the error form.
      !(statusOf(s) === 401 && errorFormOf(bodyOf(s)) === 'challenge') &&
      !(signatureFailure(s) && s.declarations.signature_error_body),
    narrows: bodyForms,
    judge: (s, value) => {
      const form = errorFormOf(bodyOf(s));
      return judged((form === 'interface-with-challenge' ? 'interface' : form) === value, FORM_WORDS[form]);
    },
  },
  signature_error_status: {
    expects: (value) => `status ${value}`,
    applies: signatureFailure,
    narrows: (r) => r.level === 'SHOULD' && r.check === 'expected_status',
    judge: statusIs,
  },
  signature_error_body: {
    expects: (value) => FORM_WORDS[value],
    applies: signatureFailure,
    narrows: bodyForms,
    judge: (s, value) => {
      const form = errorFormOf(bodyOf(s));
      return judged(form === value, FORM_WORDS[form]);
    },
  },
  kid_error_code: {
    expects: (value) => `code ${value}`,
    applies: (s) => s.results.some((r) => r.check === 'expected_code' && r.requirementId === 'Errors.kid.400'),
    narrows: (r) => r.check === 'expected_code' && should(r, 'Errors.kid.400'),
    judge: (s, value) => {
      const { codes } = errorCodes(bodyOf(s));
      return judged(codes.includes(value), `codes [${codes.join(', ')}]`);
    },
  },
  insufficient_funds_status: {
    expects: (value) => `status ${value}`,
    applies: (s) =>
      s.exchange.response !== undefined &&
      s.results.some((r) => r.requirementId === 'Errors.insufficientFunds.notServerError'),
    judge: statusIs,
  },
  basket_created_status: {
    expects: (value) => `status ${value}`,
    applies: (s) => acceptedOn(s) === 'basket.create' && s.exchange.response !== undefined,
    judge: statusIs,
  },
  created_status: {
    expects: (value) => `transactionStatus ${value}`,
    applies: (s) => createsPayment(acceptedOn(s)) && success(s) && typeof bodyOf(s)?.transactionStatus === 'string',
    judge: (s, value) => {
      const status = bodyOf(s)?.transactionStatus as string;
      return judged(status === value, `transactionStatus ${status}`);
    },
  },
  links: {
    expects: (value) => `${value} hrefs`,
    applies: (s) => success(s) && s.results.some((r) => r.check === 'link_shape') && hrefs(bodyOf(s)).length > 0,
    judge: (s, value) => {
      const base = s.declarations.base_path?.value ?? '';
      const styled = (href: string): boolean => {
        if (value === 'relative') return href.startsWith('/v1/');
        if (value === 'prefixed') return href.startsWith(`${base}/v1/`);
        const absolute = /^https?:\/\/[^/?#]+(\/[^?#]*)/.exec(href);
        return absolute !== null && (absolute[1] ?? '').startsWith(`${base}/v1/`);
      };
      const off = hrefs(bodyOf(s)).filter((href) => !styled(href));
      return judged(off.length === 0, off.length ? `href ${off[0]}` : 'every href in that style');
    },
  },
  ids: {
    expects: (value) => `${value} ids`,
    applies: (s) =>
      success(s) &&
      ((createsPayment(acceptedOn(s)) && typeof bodyOf(s)?.paymentId === 'string') ||
        (acceptedOn(s) === 'basket.create' && typeof bodyOf(s)?.basketId === 'string')),
    judge: (s, value) => {
      const [member, rule]: [string, RequirementId] = createsPayment(acceptedOn(s))
        ? ['paymentId', 'PaymentResponse.paymentId.required']
        : ['basketId', 'Basket.create.201'];
      const id = bodyOf(s)?.[member] as string;
      return judged(ID_PATTERNS[value].test(id), `${member} ${id}`, rule);
    },
  },
  languages: {
    expects: () => 'a Content-Language of the declared languages the request offered',
    applies: (s, declared) => {
      if (!s.exchange.response) return false;
      const { wanted, undeclared } = languagesSeen(s, declared);
      return wanted.length > 0 || undeclared.length > 0;
    },
    narrows: (r) => should(r, 'Negotiation.acceptLanguage.contentLanguage'),
    judge: (s, declared) => {
      const { reported, wanted, undeclared } = languagesSeen(s, declared);
      const said = `Content-Language ${reported.join(', ') || '(none)'}`;
      const accept = header(s.exchange.request.headers ?? {}, 'accept-language') ?? '(none)';
      if (undeclared.length) return judged(false, `${said}, not a declared language`);
      const ok = reported.some((tag) => wanted.some((w) => sameLanguage(tag, w)));
      return judged(ok, `${said} for Accept-Language: ${accept}`);
    },
  },
  content_codings: {
    expects: () => 'a Content-Encoding of the declared codings the request offered',
    applies: (s, declared) => {
      if (!s.exchange.response?.text) return false;
      const { wanted, undeclared } = codingsSeen(s, declared);
      return wanted.length > 0 || undeclared.length > 0;
    },
    judge: (s, declared) => {
      const { used, wanted, undeclared } = codingsSeen(s, declared);
      const said = `Content-Encoding ${used.join(', ') || '(none)'}`;
      const accept = header(s.exchange.request.headers ?? {}, 'accept-encoding') ?? '(none)';
      if (undeclared.length) return judged(false, `${said}, not a declared coding`);
      return judged(
        used.some((c) => wanted.includes(c)),
        `${said} for Accept-Encoding: ${accept}`,
      );
    },
  },
  unsatisfiable_accept: {
    expects: (value) => (value === 'refuse-406' ? 'status 406' : 'a JSON answer, not 406'),
    applies: (s) => s.exchange.response !== undefined && s.results.some((r) => r.check === 'not_acceptable'),
    narrows: (r) => should(r, 'Negotiation.accept.unsupported'),
    judge: (s, value) => {
      const type = header(s.exchange.response?.headers ?? {}, 'content-type') ?? '(none)';
      const json = /^application\/([\w.+-]*\+)?json\b/i.test(type);
      const ok = value === 'refuse-406' ? statusOf(s) === 406 : statusOf(s) !== 406 && statusOf(s) < 500 && json;
      return judged(ok, `status ${statusOf(s)}, Content-Type ${type}`);
    },
  },
  logical_duplicates: refuseOrAccept('Payment.logicalDuplicate.rejectedByDefault'),
  past_execution_date: refuseOrAccept('Payment.requestedExecutionDate.notInPast'),
};

const shown = (value: unknown): string => (Array.isArray(value) ? `[${value.join(', ')}]` : String(value));

/** The declared keys whose situation the exchange shows, with their values. */
function active(seen: Seen): { key: ChoiceKey; value: unknown; at: string; judge: DeclaredJudge<ChoiceKey> }[] {
  return CHOICE_KEYS.flatMap((key) => {
    const declared = seen.declarations[key];
    const judge = JUDGES[key] as DeclaredJudge<ChoiceKey> | undefined;
    if (!declared || !judge || !judge.applies(seen, declared.value as never)) return [];
    return [{ key, value: declared.value, at: declared.at, judge }];
  });
}

const DECLARED_RULES = [...new Set(CHOICE_KEYS.flatMap((key) => (JUDGES[key] ? choiceRow(key).rules : [])))];

export const declaredChoiceCheck = defineCheck<{ results: readonly CheckResult[]; declarations: Declarations }>({
  name: 'declared_choice',
  judges:
    "an answer is the choice the bank's profile declares where it shows that choice (run --bank-profile): at MUST, " +
    "naming the profile's line",
  reports: DECLARED_RULES,
  judge: ({ exchange, facts }, verdict) => {
    if (!facts?.declarations || !facts.results) return [];
    const seen: Seen = { exchange, results: facts.results, declarations: facts.declarations };
    return active(seen).map(({ key, value, at, judge }) => {
      const result = judge.judge(seen, value as never);
      const rule = result.rule ?? (choiceRow(key).rules[0] as RequirementId);
      const message =
        `declared by ${at} (${key}: ${shown(value)}): ` +
        (result.ok ? `${result.seen}, as declared` : `expected ${judge.expects(value as never)}, got ${result.seen}`);
      return verdict(rule, result.ok, message, { declaredBy: at });
    });
  },
});

/**
 * A test's results on one exchange with the bank's declarations applied: the SHOULD results a declaration settles are
 * left out, and each declaration the exchange shows is judged at MUST. Without declarations, the results as they are.
 */
export function applyDeclarations(
  exchange: ObservedExchange,
  results: CheckResult[],
  declarations: Declarations | undefined,
): CheckResult[] {
  if (!declarations || Object.keys(declarations).length === 0) return results;
  const seen: Seen = { exchange, results, declarations };
  const settled = active(seen);
  const kept = results.filter((r) => !settled.some(({ judge, value }) => judge.narrows?.(r, value as never)));
  return [...kept, ...declaredChoiceCheck.run({ exchange, facts: { results, declarations } })];
}
