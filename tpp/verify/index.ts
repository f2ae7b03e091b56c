/**
 * verify: one recorded request judged as a conformant bank would, by requirement id, with the likely cause of
 * each failure (headers, query, body, Digest, the Signature rebuilt), and the verdicts printed for people or as JSON.
 */
export { judgeRequest, DEFAULT_MAX_SKEW_SECONDS } from './judge-request.js';
export { formatVerdicts, verdictsJson, type FormatOptions } from './format.js';
