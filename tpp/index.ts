/**
 * The TPP's lens, one folder per job: `input/` reads HAR, curl or raw HTTP (`readRequests`); `verify/` judges one
 * request as a conformant bank would, by requirement id, with the likely cause of each failure (`judgeRequest`,
 * printed by `formatVerdicts` and `verdictsJson`); `proxy/` signs and judges live traffic in front of a bank
 * (`createProxy`); `replay/` sends recorded exchanges again, signed afresh, and judges the answers (`replay`).
 * What the jobs share stays here: the request and verdict types, the recorded exchange, the operation a path
 * calls, masking, the answer's judgement and the HTTP options towards the bank.
 */
export type {
  Finding,
  HeaderLine,
  RecordedRequest,
  RequestVerdict,
  SigningStringReport,
  JudgeRequestOptions,
} from './types.js';
export {
  readRequests,
  detectFormat,
  InputError,
  type InputFormat,
  type ReadOptions,
  type ReadResult,
} from './input/index.js';
export * from './verify/index.js';
export * from './proxy/index.js';
export * from './replay/index.js';
export { maskNationalId, maskHeaderValue } from './mask.js';
export { matchOperation } from './operation.js';
export { headerLines } from './request-view.js';
export { judgeAnswer, judgeExpectation, successRequirement } from './answer.js';
export { interfacePath, type Expectation, type RecordedExchange } from './recorded.js';
export { UPSTREAM_DEFAULTS, type TppHttpOptions } from './upstream.js';
