/**
 * The run model: what a conformance run is, apart from how it is run (runner/), what it tests (suites/) and how it is
 * reported (reporting/). Those three import it and never each other.
 */
export type { Profile, RunContext } from './context.js';
export { inShard, selected, type Selection } from './selection.js';
export { embeddedTarget, isTarget, remoteTarget, type Target } from './target.js';
export {
  brokenRequirements,
  gateLevel,
  rulesBroken,
  summarise,
  type ConformanceMeta,
  type RunSummary,
  type TestOutcome,
  type TestState,
} from './outcome.js';
export { checkShardSet, shardOf, type ShardRecord, type ShardSpec, type ShardedRun } from './shard.js';
export { allureKey, outcomeKey } from './test-key.js';
export { ruleLine, ruleMarkdown, whereStated } from './rule-text.js';
export { areaOf, featureOf, tagsOf } from './labels.js';
export { coverage, type CoverageRow, type CoverageState } from './coverage.js';
export { mergeTargets, reportSummary, type ReportSummary, type ReportTarget, type RunInfo } from './report.js';
export { verdictOf, type Verdict, type VerdictKind } from './verdict.js';
export { EXCHANGES_FILE, EXCHANGES_FILE_LIMIT, appendExchange, exchangesIn, readExchanges } from './exchanges.js';
