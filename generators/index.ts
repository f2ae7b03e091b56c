/**
 * fast-check arbitraries for the interface's bodies: valid ones, and invalid ones that break exactly one
 * rule and say which (`InvalidCase`). Exported as `psd2-conformance/generators` for TPPs' own tests.
 */
export { amountFor, bic, foreignIban, kid, norwegianBban, text, ncbctRequest, sctRequest, bulkRequest, DEFAULT_DEBTOR, type Debtor } from './valid.js';
export { BULK_BREAKERS, NCBCT_BREAKERS, SCT_BREAKERS, REMOVE, broken, type Breaker } from './invalid.js';
export { invalidCase, BODY_KINDS, type BodyKind, type InvalidCase } from './cases.js';
