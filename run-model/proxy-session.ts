import { requirement, type RequirementId } from '../spec/index.js';
import type { Party, PartyVerdict, ProxyExchange, ProxyReport } from '../tpp/index.js';
// The proxy's verdict modules, not tpp's index: that loads the proxy and its HTTP client into every run's process.
import { exchangeName, PARTIES, PARTY_NAMES } from '../tpp/proxy/exchange.js';
import { partyState, partyText } from '../tpp/proxy/text.js';
import { partyHeadline, partyLead, partyLines, partyWords, proxyExitCode } from '../tpp/proxy/verdict.js';
import { countStates, coverage } from './coverage.js';
import { COMPLETED } from './end.js';
import { summarise, type TestOutcome } from './outcome.js';
import { warningsOf, type ReportSummary, type RunReport } from './report.js';
import type { Verdict, VerdictKind } from './verdict.js';

/**
 * A proxy session as the run model: each kept exchange judged twice, once per party (your requests, the bank), as
 * test outcomes; one verdict per party; the session's counts. The registered reporters then write it as they write a
 * run: two test suites in junit.xml, two sections in the HTML, each party's verdict in summary.json and the console.
 */

const unique = <T>(values: T[]): T[] => [...new Set(values)];

const brokenBy = (e: ProxyExchange, party: Party, level: 'MUST' | 'SHOULD') =>
  unique(e.broken.filter((r) => r.party === party && r.level === level).map((r) => r.requirementId));

/** The rules a party was judged by in an exchange: the request's findings, or the checks run on the answer. */
const judgedBy = (e: ProxyExchange, party: Party): RequirementId[] =>
  unique(party === 'tpp' ? e.request.findings.map((f) => f.requirementId) : e.response.map((r) => r.requirementId));

/**
 * The one party outcome of a failing exchange that `replay --test` sends again: the bank's when its answer broke a
 * MUST rule, else your request's; the answer is compared with the bank's MUST failures (the request is re-judged).
 */
const replayedBy = (e: ProxyExchange): Party | undefined =>
  !e.conforms.bank ? 'bank' : !e.conforms.tpp ? 'tpp' : undefined;

function outcomeOf(e: ProxyExchange, party: Party): TestOutcome {
  const state = partyState(e, party);
  const must = brokenBy(e, party, 'MUST');
  const judged = judgedBy(e, party);
  const cited = unique([...must, ...brokenBy(e, party, 'SHOULD')]);
  const requirementIds = cited.length ? cited : judged.slice(0, 1);
  const start = Date.parse(e.startedAt);
  const durationMs = Math.round(e.durationMs);
  return {
    name: exchangeName(e),
    file: PARTY_NAMES[party].title,
    party,
    state,
    durationMs,
    start,
    stop: start + durationMs,
    meta: {
      requirementIds,
      // A MUST test when it judged a MUST rule: what it broke, else what it was judged by.
      level: [...requirementIds, ...judged].some((id) => requirement(id).level === 'MUST') ? 'MUST' : 'SHOULD',
      operation: e.operation ?? 'cross-cutting',
      judged,
      ...(must.length ? { failedChecks: must } : {}),
      warnings: e.broken
        .filter((r) => r.party === party && r.level === 'SHOULD')
        .map((r) => ({ requirementId: r.requirementId, message: r.message })),
      ...(replayedBy(e) === party ? { failedExchange: { ...e.recorded, failed: brokenBy(e, 'bank', 'MUST') } } : {}),
    },
    // The first line is the failure's message (junit.xml, the console); the second what the party broke and why.
    errors: state === 'failed' ? [`${PARTY_NAMES[party].one}: MUST ${must.join(', ')}`, partyText(e, party)] : [],
    ...(state === 'skipped' ? { note: 'not judged' } : {}),
  };
}

const KINDS: Record<PartyVerdict['verdict'], VerdictKind> = {
  CONFORMANT: 'conformant',
  'NOT CONFORMANT': 'not conformant',
  'NOTHING JUDGED': 'nothing judged',
};

function verdictOf(report: ProxyReport, party: Party): Verdict {
  const verdict = report.parties[party];
  const words = partyWords(verdict);
  return {
    party: { id: party, name: PARTY_NAMES[party].title },
    kind: KINDS[verdict.verdict],
    headline: verdict.verdict,
    line: partyHeadline(verdict),
    head: verdict.verdict,
    lead: partyLead(verdict),
    leadWithoutIds: words.standsOn,
    failedMust: words.must,
    failedShould: words.should,
    details: [words.standsOn, `target: ${report.target}`],
  };
}

/**
 * The proxy session as a run's report, to be written into `out` by the registered reporters. Its outcomes are the
 * kept exchanges, once per party; its verdicts the parties' own, over every exchange (kept or not); its exit code
 * 1 when either party broke a MUST rule. No seed: the TPP chose what was sent.
 */
export function proxySessionReport(report: ProxyReport, options: { out: string }): RunReport {
  const outcomes = report.exchanges.flatMap((e) => PARTIES.map((p) => outcomeOf(e, p)));
  const rows = coverage(outcomes);
  const verdicts = PARTIES.map((p) => verdictOf(report, p));
  const counts = summarise(outcomes, false);
  const summary: ReportSummary = {
    ...counts,
    verdict: verdicts.map((v) => `${v.party.name}: ${v.headline}`).join(' · '),
    verdictLine: partyLines(report).join(' · '),
    exitCode: proxyExitCode(report),
    end: COMPLETED,
    target: {
      kind: 'proxied',
      description: `${report.target} as seen through psd2-conformance proxy`,
      url: report.target,
    },
    profile: 'proxy',
    startedAt: report.startedAt,
    stoppedAt: report.stoppedAt,
    durationSeconds: Number(((Date.parse(report.stoppedAt) - Date.parse(report.startedAt)) / 1000).toFixed(2)),
    strict: false,
    requirements: countStates(rows),
    must: countStates(rows, 'MUST'),
    ...warningsOf(outcomes),
    exchanges: { total: report.total, kept: report.exchanges.length, omitted: report.omitted },
  };
  return { summary, outcomes, coverage: rows, verdicts, sources: [options.out], merged: false };
}
