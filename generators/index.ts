/**
 * fast-check arbitraries for the interface's requests: valid bodies, queries and header sets, and invalid ones
 * that break exactly one rule and say which (`InvalidCase`, `InvalidQueryCase`, `InvalidHeaderCase`).
 * Exported as `psd2-conformance/generators` for TPPs' own tests.
 */
export { ascii, greek, lettersOf, nonAscii, text, textOf } from './text.js';
export { amountFor, amountIn } from './amount.js';
export { bic, foreignIban, kid, norwegianBban, norwegianIban } from './accounts.js';
export { ncbctRequest, sctRequest, bulkRequest, DEFAULT_DEBTOR, type Debtor } from './valid.js';
export {
  customerNumber,
  sandboxEngagement,
  sandboxCardAccount,
  ENGAGEMENT_BREAKERS,
  CARD_ACCOUNT_BREAKERS,
  ENGAGEMENT_EDGES,
  CARD_ACCOUNT_EDGES,
  type EngagementParts,
  type CardAccountParts,
} from './sandbox.js';
export {
  BULK_BREAKERS,
  NCBCT_BREAKERS,
  SCT_BREAKERS,
  BULK_EDGES,
  NCBCT_EDGES,
  SCT_EDGES,
  REMOVE,
  broken,
  brokenAt,
  withValues,
  type Breaker,
  type Edge,
} from './invalid.js';
export { breakersAt, breakersOf, classBreakers, over } from './rule-breakers.js';
export { edgesAt, edgesOf, shareBodies } from './edges.js';
export type { BodySites, Site } from './sites.js';
export {
  invalidCase,
  breakOne,
  edgesFor,
  BODY_KINDS,
  type BodyKind,
  type BodyKindSpec,
  type CaseLabel,
  type InvalidCase,
} from './cases.js';
export {
  transactionListQuery,
  paymentQuery,
  invalidQuery,
  QUERY_KINDS,
  TRANSACTION_QUERY_BREAKERS,
  PAYMENT_QUERY_BREAKERS,
  type Query,
  type QueryKind,
  type InvalidQueryCase,
} from './queries.js';
export {
  headerSet,
  invalidHeaders,
  headerBreakers,
  missingHeaderCases,
  headerValueCases,
  HEADER_BREAKERS,
  UUID_MEMBERS,
  UUID_NEAR_MISSES,
  SIGNER_HEADERS,
  type HeaderSet,
  type HeaderSetOptions,
  type InvalidHeaderCase,
  type MissingHeaderCase,
  type HeaderValueCase,
} from './headers.js';
export { NOT_GENERATED } from './coverage.js';
