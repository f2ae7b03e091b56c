import {
  PARTIES,
  PARTY_NAMES,
  partyHeadline,
  proxyExitCode,
  type Party,
  type PartyVerdict,
  type ProxyReport,
} from '../../tpp/index.js';

const ids = (verdict: PartyVerdict, level: 'MUST' | 'SHOULD') =>
  verdict.rules.filter((r) => r.level === level).map((r) => r.requirementId);

/**
 * The proxy session as one JSON document: the target, the session's times and counts, and each party's verdict
 * apart (`parties.tpp` for your requests, `parties.bank` for the bank's answers) with the rules it broke. No seed:
 * a proxy session has none.
 */
export function proxySummary(report: ProxyReport): Record<string, unknown> {
  const seconds = (Date.parse(report.stoppedAt) - Date.parse(report.startedAt)) / 1000;
  const party = (p: Party) => {
    const verdict = report.parties[p];
    return {
      title: PARTY_NAMES[p].title,
      verdict: verdict.verdict,
      headline: partyHeadline(verdict),
      judged: verdict.judged,
      conforming: verdict.conforming,
      failedRequirements: ids(verdict, 'MUST'),
      warnings: ids(verdict, 'SHOULD'),
      rules: verdict.rules,
    };
  };
  return {
    tool: 'psd2-conformance proxy',
    target: {
      kind: 'remote',
      description: `${report.target} as seen through psd2-conformance proxy`,
      url: report.target,
    },
    startedAt: report.startedAt,
    stoppedAt: report.stoppedAt,
    durationSeconds: Number(seconds.toFixed(2)),
    exchanges: { total: report.total, kept: report.exchanges.length, omitted: report.omitted },
    parties: Object.fromEntries(PARTIES.map((p) => [p, party(p)])),
    exitCode: proxyExitCode(report),
  };
}
