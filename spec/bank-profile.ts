/**
 * The choices a bank profile declares: one row per gap of interface.md ("not shown", or a rule that names no status,
 * code or form) where the banks that run this white-label interface each choose and document their own answer. A
 * declared choice is judged at MUST "as declared by the profile" (checks/declared.ts), and a value interface.md
 * forbids is refused when the profile is read (config/bank-profile.ts). The profile's target keys (environment, SCA
 * driver) are configuration, not choices: config/bank-profile.ts adds them.
 */
import { ERROR_CODES, TRANSACTION_STATUSES } from './enums.js';
import type { RequirementId } from './requirements/ids.generated.js';
import { REQUIREMENTS } from './requirements/index.js';

/** The form of an error body: interface.md's Error body, Berlin Group's `tppMessages`, or both in one body. */
export const ERROR_FORMS = ['interface', 'berlin-group', 'both'] as const;
export type ErrorForm = (typeof ERROR_FORMS)[number];

/** What a signature failure may carry besides an error body: the Challenge body (alone, or beside the Error body). */
export const SIGNATURE_ERROR_BODIES = [...ERROR_FORMS, 'challenge', 'interface-with-challenge'] as const;
export type SignatureErrorBody = (typeof SIGNATURE_ERROR_BODIES)[number];

/** Link hrefs: relative to base_url (`/v1/…`), carrying the base path (`/api-sandbox/v1/…`), or absolute URLs. */
export const LINK_STYLES = ['relative', 'prefixed', 'absolute'] as const;
/** Resource ids: the platform's opaque `enc!!…==`, UUIDs, or decimal numbers written as strings. */
export const ID_FORMS = ['platform', 'uuid', 'numeric'] as const;
/** Content codings a bank may offer (RFC 9110 §8.4.1; identity is no coding). */
export const CONTENT_CODINGS = ['br', 'deflate', 'gzip', 'zstd'] as const;

/** A bank's declared choices: every key optional; what a profile leaves out keeps today's SHOULD judgement. */
export interface BankChoices {
  base_path?: string;
  errors?: ErrorForm;
  signature_error_status?: number;
  signature_error_body?: SignatureErrorBody;
  kid_error_status?: number;
  kid_error_code?: string;
  corporate_id_missing_status?: number;
  insufficient_funds_status?: number;
  basket_created_status?: number;
  created_status?: string;
  links?: (typeof LINK_STYLES)[number];
  link_verbs?: boolean;
  ids?: (typeof ID_FORMS)[number];
  languages?: string[];
  content_codings?: string[];
  unsatisfiable_accept?: 'refuse-406' | 'answer-json';
  logical_duplicates?: 'refuse' | 'accept';
  past_execution_date?: 'refuse' | 'accept';
}
export type ChoiceKey = keyof BankChoices;

/** One declared choice with where the profile declares it (`bank.yaml:3`): a failure of it names that line. */
export interface Declaration<K extends ChoiceKey = ChoiceKey> {
  value: NonNullable<BankChoices[K]>;
  at: string;
}
export type Declarations = { [K in ChoiceKey]?: Declaration<K> };

export interface ChoiceRow<K extends ChoiceKey = ChoiceKey> {
  /** The choice in words: what the key declares (help, docs, doctor's comments). */
  declares: string;
  /** Where interface.md (or platform-notes.md) leaves the choice open. */
  gap: string;
  /** JSON Schema of the value: what the key can hold at all. */
  schema: Record<string, unknown>;
  /**
   * The rules a declaration narrows to its value: the first is the one its failures name. Empty for a choice that
   * interface.md states (declaring it changes nothing, but a contradiction is refused) or that only shapes another.
   */
  rules: readonly RequirementId[];
  /** interface.md states the only allowed value: a declaration documents the portal, and judges nothing new. */
  stated?: true;
  /** Why interface.md forbids a value the schema lets through, in its words; undefined for an allowed value. */
  forbids?: (value: NonNullable<BankChoices[K]>, choices: BankChoices) => string | undefined;
}

const status = { type: 'integer', minimum: 100, maximum: 599 };
const oneOf = (values: readonly (string | number | boolean)[]) => ({ enum: [...values] });
const clientError = (status: number) => status >= 400 && status < 500;

const CHOICES: { [K in ChoiceKey]-?: ChoiceRow<K> } = {
  base_path: {
    declares: 'the prefix of every path on the bank, e.g. /api-sandbox (BASE_URL ends with it)',
    gap: 'What the service does: "all paths are relative to {base_url}"; platform-notes.md: /api-sandbox',
    schema: { type: 'string', pattern: "^(/[A-Za-z0-9._~%!$&'()*+,;=:@-]+)*$" },
    rules: [],
    forbids: (path) =>
      /\/v\d+(\/|$)/.test(path)
        ? 'interface.md › Versioning 1 says paths carry the major version prefix /v1 themselves: the base path ' +
          'is what precedes it'
        : undefined,
  },
  errors: {
    declares: "the form of error bodies: interface.md's Error body, Berlin Group's tppMessages, or both in one body",
    gap: 'Errors; platform-notes.md › Berlin Group conventions: a conformant server may return either form',
    schema: oneOf(ERROR_FORMS),
    rules: ['Errors.body.berlinGroup', 'Errors.body.shape'],
  },
  signature_error_status: {
    declares: 'the status of a signature, Digest or certificate failure',
    gap: 'Errors: "which condition yields which of the codes above: not shown"; Berlin Group gives 401',
    schema: status,
    rules: ['Auth.rejection.401'],
    forbids: (code) =>
      clientError(code)
        ? undefined
        : `interface.md › Authentication 1 says such a request is rejected: a client error, a 4xx (not ${code})`,
  },
  signature_error_body: {
    declares: 'the body of a signature, Digest or certificate failure, when it differs from `errors`',
    gap: 'Errors: the 401 row shows the Challenge body ("none; Challenge body with scaRedirect link")',
    schema: oneOf(SIGNATURE_ERROR_BODIES),
    rules: ['Errors.body.berlinGroup', 'Errors.body.shape'],
    forbids: (body, choices) =>
      body.includes('challenge') &&
      choices.signature_error_status !== undefined &&
      choices.signature_error_status !== 401
        ? 'interface.md › Errors shows the Challenge body with 401 only ("401 | none; Challenge body with ' +
          `scaRedirect link"), not with ${choices.signature_error_status}`
        : undefined,
  },
  kid_error_status: {
    declares: 'the status of a KID error (interface.md states it: 400)',
    gap: 'Errors 2',
    schema: status,
    rules: [],
    stated: true,
    forbids: (code) => (code === 400 ? undefined : `interface.md › Errors 2 says KID errors give 400 (not ${code})`),
  },
  kid_error_code: {
    declares: 'the code of a KID error',
    gap: 'Errors 2 names no code; platform-notes.md: KID_INVALID',
    schema: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' },
    rules: ['Errors.kid.400'],
    forbids: (code) =>
      (ERROR_CODES as readonly string[]).includes(code)
        ? undefined
        : `interface.md › Errors says an error code is one of the codes it lists (${code} is not one)`,
  },
  corporate_id_missing_status: {
    declares: 'the status of a corporate-user request without PSU-Corporate-ID (interface.md states it: 400)',
    gap: 'Errors 1; Authentication 4',
    schema: status,
    rules: [],
    stated: true,
    forbids: (code) =>
      code === 400
        ? undefined
        : `interface.md › Errors 1 says a corporate-user request without PSU-Corporate-ID gives 400 (not ${code})`,
  },
  insufficient_funds_status: {
    declares: 'the status of a payment beyond the balance',
    gap: 'Errors 4: "a proper error response, not 500"; no status shown',
    schema: status,
    rules: ['Errors.insufficientFunds.notServerError'],
    forbids: (code) =>
      clientError(code)
        ? undefined
        : `interface.md › Errors 4 says insufficient funds gives a proper error response, a 4xx (not ${code})`,
  },
  basket_created_status: {
    declares: 'the status of a created signing basket',
    gap: 'basket creation is not in interface.md; platform-notes.md gives 201',
    schema: oneOf([200, 201]),
    rules: ['Basket.create.201'],
  },
  created_status: {
    declares: 'the transactionStatus of a created payment',
    gap: 'States and transitions: "a created payment is returned with a status of this set"',
    schema: { type: 'string', pattern: '^[A-Z]{4}$' },
    rules: ['PaymentResponse.transactionStatus.enum'],
    forbids: (code) =>
      code === 'PRSY'
        ? 'interface.md › Resources › TransactionStatus allows PRSY in bulk payment responses only'
        : (TRANSACTION_STATUSES as readonly string[]).includes(code)
          ? undefined
          : 'interface.md › States and transitions says a created payment has a status of ' +
            TRANSACTION_STATUSES.join(', '),
  },
  links: {
    declares: 'how link hrefs are written: relative to base_url (/v1/…), with the base path, or absolute URLs',
    gap: 'Shared types: a Link\'s href is "string, required"',
    schema: oneOf(LINK_STYLES),
    rules: ['Link.href.required'],
    forbids: (style, choices) =>
      style === 'prefixed' && !choices.base_path
        ? 'links: prefixed writes hrefs with the base path: declare base_path too'
        : undefined,
  },
  link_verbs: {
    declares: 'links carry verbs (interface.md states it)',
    gap: 'Shared types › Link',
    schema: { type: 'boolean' },
    rules: [],
    stated: true,
    forbids: (verbs) =>
      verbs
        ? undefined
        : "interface.md › Shared types says a Link has href and verbs, both required (Berlin Group's links " +
          'without verbs are not this interface)',
  },
  ids: {
    declares: "the form of paymentId and basketId: the platform's enc!!…==, UUIDs, or decimal numbers",
    gap: 'Resources: every identifier is "string", no form shown',
    schema: oneOf(ID_FORMS),
    rules: ['PaymentResponse.paymentId.required', 'Basket.create.201'],
  },
  languages: {
    declares: 'the languages the bank answers in, by Accept-Language, reported in Content-Language ([] for none)',
    gap: 'Header groups › Group N: the server picks an offered alternative and reports it "as fitting"',
    schema: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$' },
    },
    rules: ['Negotiation.acceptLanguage.contentLanguage'],
  },
  content_codings: {
    declares: 'the content codings the bank answers in when Accept-Encoding offers them ([] for none)',
    gap: 'Header groups › Group N: the server picks an offered alternative',
    schema: { type: 'array', uniqueItems: true, items: oneOf(CONTENT_CODINGS) },
    rules: ['Negotiation.acceptEncoding.offered'],
  },
  unsatisfiable_accept: {
    declares: 'the answer to an Accept the bank cannot satisfy: 406, or JSON anyway',
    gap: 'Header groups › Group N; RFC 7231 §5.3.2 lets a server disregard Accept',
    schema: oneOf(['refuse-406', 'answer-json']),
    rules: ['Negotiation.accept.unsupported'],
  },
  logical_duplicates: {
    declares: 'a logical duplicate without allowLogicalDuplicate=true: refused, or accepted',
    gap: 'Endpoints › 3, 4, 5: allowLogicalDuplicate is named, what a duplicate is and gets is not shown',
    schema: oneOf(['refuse', 'accept']),
    rules: ['Payment.logicalDuplicate.rejectedByDefault'],
  },
  past_execution_date: {
    declares: 'a requestedExecutionDate in the past: refused, or accepted (executed on the next banking day)',
    gap: 'Errors lists EXECUTION_DATE_INVALID; which condition yields it is not shown',
    schema: oneOf(['refuse', 'accept']),
    rules: ['Payment.requestedExecutionDate.notInPast'],
  },
};

/** Every choice key, in the order a profile lists them. */
export const CHOICE_KEYS = Object.keys(CHOICES) as ChoiceKey[];

export const choiceRow = <K extends ChoiceKey>(key: K): ChoiceRow<K> => CHOICES[key] as ChoiceRow<K>;

/** The first reason interface.md forbids one of the choices, with its key; undefined when it allows them all. */
export function forbiddenChoice(choices: BankChoices): { key: ChoiceKey; why: string } | undefined {
  for (const key of CHOICE_KEYS) {
    const value = choices[key];
    const forbids = choiceRow(key).forbids as ChoiceRow['forbids'];
    const why = value === undefined ? undefined : forbids?.(value as never, choices);
    if (why) return { key, why };
  }
  return undefined;
}

/** The rules a declaration judges at MUST (the first rule of each declared key that judges any). */
export function declaredRules(declarations: Declarations): Map<RequirementId, { key: ChoiceKey; at: string }> {
  const rules = new Map<RequirementId, { key: ChoiceKey; at: string }>();
  for (const key of CHOICE_KEYS) {
    const declared = declarations[key];
    const first = choiceRow(key).rules[0];
    if (declared && first && !rules.has(first)) rules.set(first, { key, at: declared.at });
  }
  return rules;
}

/**
 * The rules whose breach is a signature, Digest or certificate failure (what `signature_error_status` and
 * `signature_error_body` declare the answer to): the catalogue's signature rules, and the two signing headers missing.
 */
export const SIGNATURE_FAILURE_RULES: ReadonlySet<RequirementId> = new Set<RequirementId>([
  ...REQUIREMENTS.filter((r) => r.kind === 'signature').map((r) => r.id),
  'Headers.Signature.required',
  'Headers.TPP-Signature-Certificate.required',
]);
