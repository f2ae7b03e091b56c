/** proxy: a local HTTP proxy in front of a bank that signs requests when asked and judges every exchange. */
export { createProxy, type ProxyOptions, type RunningProxy } from './create-proxy.js';
export { exchangeLine, exchangeDetails, type ProxyExchange, type BrokenRule } from './exchange.js';
export { DEFAULT_MAX_EXCHANGES, type ProxyReport, type RuleCount } from './log.js';
