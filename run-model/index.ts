/**
 * The run model: what a conformance run is, apart from how it is run (runner/), what it tests (suites/) and how it is
 * reported (reporters/). Those three import it and never each other.
 */
export type { Profile, RunContext } from './context.js';
export { LOCAL_PERMITS } from './context.js';
export { inShard, leftOutByBudget, narrowedBy, selected, type Selection } from './selection.js';
export { embeddedTarget, isTarget, remoteTarget, serveAgain, type Target } from './target.js';
export {
  brokenRequirements,
  declaredIn,
  gateLevel,
  levelIn,
  rulesBroken,
  summarise,
  type ConformanceMeta,
  type RunSummary,
  type TestOutcome,
  type TestState,
} from './outcome.js';
export { checkShardSet, shardOf, type ShardRecord, type ShardSpec, type ShardedRun } from './shard.js';
export { allureKey, outcomeKey, suiteFileOf } from './test-key.js';
export { ruleLine, ruleMarkdown, whereStated } from './rule-text.js';
export { areaOf, featureOf, tagsOf } from './labels.js';
export {
  COVERAGE_STATES,
  checksDeclaring,
  rulesWithoutStanding,
  countStates,
  coverage,
  type CoverageRow,
  type CoverageState,
} from './coverage.js';
export {
  buildReport,
  incompleteBecause,
  mergeTargets,
  type ReportSection,
  type ReportSummary,
  type ReportTarget,
  type RunInfo,
  type RunRecord,
  type RunReport,
} from './report.js';
export {
  BANK,
  standingLine,
  verdictOf,
  type Party,
  type Verdict,
  type VerdictInput,
  type VerdictKind,
} from './verdict.js';
export {
  COMPLETED,
  EXIT_CODES,
  STOP_SIGNALS,
  endReason,
  exitCodeOf,
  runEndOf,
  type RunEnd,
  type StopSignal,
} from './end.js';
export {
  broadcast,
  type PlannedTest,
  type RunEvent,
  type RunListener,
  type RunPhase,
  type RunStart,
} from './events.js';
export {
  SECURITY_FINDINGS,
  asSecurityFindings,
  isSecurityRule,
  securityVerdict,
  type SecurityFindings,
  type SecurityState,
  type SecurityVerdict,
} from './security.js';
export { OUTCOMES_FILE, SUMMARY_FILE, RunRecorder, notRunNote, readRunFolder } from './record.js';
export { EXCHANGES_FILE, EXCHANGES_FILE_LIMIT, appendExchange, exchangesIn, readExchanges } from './exchanges.js';
export { proxySessionReport } from './proxy-session.js';
export { recordProxySession, type ProxyRecordPaths } from './proxy-record.js';
export * from './cells.js';
