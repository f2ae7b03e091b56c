import type { TestOutcome } from '../../run-model/index.js';
import { requirement } from '../../spec/index.js';
import { bothConform, exchangeDetails, exchangeLine, exchangeName, type ProxyExchange } from '../../tpp/index.js';

/** The bank's MUST failures: what a replay of the exchange is compared with (the request's own are re-judged). */
const bankMust = (e: ProxyExchange) => [
  ...new Set(e.broken.filter((r) => r.party === 'bank' && r.level === 'MUST').map((r) => r.requirementId)),
];

/**
 * One exchange as a run's test outcome, for `replay --reports DIR --test '#3'`: failed when either party broke a
 * MUST rule, with the request as forwarded kept to be sent again.
 */
function outcomeOf(e: ProxyExchange): TestOutcome {
  const ok = bothConform(e);
  const judged = [
    ...new Set([...e.request.findings.map((f) => f.requirementId), ...e.response.map((r) => r.requirementId)]),
  ];
  const cited = e.broken.length ? [...new Set(e.broken.map((r) => r.requirementId))] : judged.slice(0, 1);
  const must = e.broken.filter((r) => r.level === 'MUST');
  return {
    name: exchangeName(e),
    file: 'proxy',
    state: ok ? 'passed' : 'failed',
    durationMs: Math.round(e.durationMs),
    meta: {
      requirementIds: cited,
      level: cited.some((id) => requirement(id).level === 'MUST') ? 'MUST' : 'SHOULD',
      operation: e.operation ?? 'cross-cutting',
      judged,
      ...(must.length ? { failedChecks: [...new Set(must.map((r) => r.requirementId))] } : {}),
      warnings: e.broken
        .filter((r) => r.level === 'SHOULD')
        .map((r) => ({ requirementId: r.requirementId, message: `${r.party}: ${r.message}` })),
      ...(ok ? {} : { failedExchange: { ...e.recorded, failed: bankMust(e) } }),
    },
    errors: ok ? [] : [[exchangeLine(e), ...exchangeDetails(e)].join('\n')],
  };
}

/** Every kept exchange as an outcome: what `replay --test` reads. */
export const proxyOutcomes = (exchanges: readonly ProxyExchange[]): TestOutcome[] => exchanges.map(outcomeOf);
