/**
 * The TPP's lens: judge a request as a conformant bank would, by requirement id, with the likely cause of each
 * failure. `verifyRequest` judges one request; `readRequests` reads HAR, curl or raw HTTP; `formatVerdicts` and
 * `verdictsJson` print them. `createProxy` signs and judges live traffic in front of a bank; `replay` sends
 * recorded exchanges again, signed afresh, and judges the answers.
 */
export type {
  Finding,
  HeaderLine,
  RecordedRequest,
  RequestVerdict,
  SigningStringReport,
  TppVerifyOptions,
} from './types.js';
export { verifyRequest, DEFAULT_MAX_SKEW_SECONDS } from './verify.js';
export { readRequests, detectFormat, InputError, type InputFormat, type ReadOptions } from './input/index.js';
export { formatVerdicts, verdictsJson, type FormatOptions } from './format.js';
export { maskNationalId, maskHeaderValue } from './mask.js';
export { matchOperation } from './operation.js';
export { headerLines } from './request-view.js';
export { createProxy, type ProxyOptions, type RunningProxy } from './proxy.js';
export { exchangeLine, exchangeDetails, type ProxyExchange, type BrokenRule } from './proxy-exchange.js';
export { DEFAULT_MAX_EXCHANGES, type ProxyReport, type RuleCount } from './proxy-report.js';
export { replay, type ReplayOptions, type ReplayResult } from './replay.js';
export { resign, type ResignOptions, type Resigned } from './resign.js';
export { judgeAnswer, judgeExpectation, successRequirement } from './answer.js';
export { interfacePath, type Expectation, type RecordedExchange } from './recorded.js';
export { UPSTREAM_DEFAULTS, type TppHttpOptions } from './upstream.js';
