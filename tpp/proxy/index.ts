/**
 * proxy: a local HTTP proxy in front of a bank that signs requests when asked and judges every exchange, the TPP's
 * request and the bank's answer apart: two parties, two verdicts (ProxyReport.parties).
 */
export { createProxy, type ProxyOptions, type RunningProxy } from './create-proxy.js';
export {
  exchangeLine,
  exchangeDetails,
  exchangeName,
  partyDetails,
  bothConform,
  PARTIES,
  PARTY_NAMES,
  type Party,
  type ProxyExchange,
  type BrokenRule,
} from './exchange.js';
export { DEFAULT_MAX_EXCHANGES, type ProxyReport, type PartyVerdict, type RuleCount } from './log.js';
export { partyState, partyText, requestText, responseText } from './text.js';
export { partyHeadline, partyLines, partyWords, proxyExitCode, type PartyWords } from './verdict.js';
