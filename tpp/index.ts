/**
 * The TPP's lens: judge a request as a conformant bank would, by requirement id, with the likely cause of each
 * failure. `verifyRequest` judges one request (a proxy calls it per request); `readRequests` reads HAR, curl or
 * raw HTTP; `formatVerdicts` and `verdictsJson` print them.
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
