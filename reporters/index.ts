/**
 * The reporters: small handlers of the run's events and of its finished report (run-model), registered by name as
 * checks are. `run --report junit,html` picks them; `report` runs the same ones over the folders of a run or of its
 * shards, and `proxy` over its session. A new reporter is one file, `<name>.reporter.ts`, in this folder.
 */
import { UserError } from '../core/index.js';
import {
  buildReport,
  checkShardSet,
  proxySessionReport,
  readRunFolder,
  recordProxySession,
  type RunReport,
} from '../run-model/index.js';
import type { ProxyReport } from '../tpp/index.js';
import { HISTORY_LIMIT } from './allure-history.js';
import {
  loadReporters,
  type Reporter,
  type ReporterContext,
  type ReporterDefinition,
  type RunNeeds,
} from './registry.js';
import { Terminal } from './terminal.js';
import { verdictLines } from './console-summary.js';
import { writeReport } from './write.js';

export { HISTORY_LIMIT } from './allure-history.js';
export {
  REPORTERS,
  ReporterRegistry,
  defineReporter,
  isReporterFile,
  loadReporters,
  type Reporter,
  type ReporterContext,
  type ReporterDefinition,
  type RunNeeds,
} from './registry.js';
export { Terminal, type Write } from './terminal.js';
export { writeFilesNow, writeReport, writeWhole } from './write.js';
export { ensureWritable } from './writable.js';

/**
 * The reporters a command asked for by name (`--report junit,html`; all of them when none is named), and those
 * always on. An unknown name is a mistake on the command line: one line, with the names there are.
 */
export async function pickReporters(names: readonly string[] | undefined): Promise<ReporterDefinition[]> {
  const registry = await loadReporters();
  const known = registry.selectable();
  const unknown = (names ?? []).filter((n) => !known.includes(n));
  if (unknown.length)
    throw new UserError(`unknown --report ${unknown.join(', ')}: the reporters are ${known.join(', ')}`);
  // The HTML is rendered from Allure's results: asking for it asks for them.
  const wanted = names?.includes('html') ? [...names, 'allure'] : names;
  return registry.all().filter((r) => r.always || !wanted || wanted.includes(r.name));
}

/** Each picked reporter, made for this reports folder. */
export function createReporters(definitions: readonly ReporterDefinition[], context: ReporterContext): Reporter[] {
  return definitions.map((d) => d.create(context));
}

export interface FolderReportOptions {
  /** Result folders of a run or of several shards (each holds outcomes.json and summary.json). */
  inputs: string[];
  out: string;
  strict: boolean;
  /** Reporter names (`report --report`); all of them when absent. */
  reporters?: readonly string[];
  /** False leaves the HTML out (`--no-html`). */
  html: boolean;
  log: (line: string) => void;
  historyLimit?: number;
}

/**
 * The reports of one run's folder, or of every shard of a run merged (a complete set only), written by the
 * registered reporters into `out`: the same reporters, the same files, as the run writes.
 */
export async function reportFolders(options: FolderReportOptions): Promise<{ exitCode: number; report: RunReport }> {
  const runs = options.inputs.map(readRunFolder);
  const built = buildReport(runs, { strict: options.strict, out: options.out });
  // One run's reports written again keep what its lens decided (the release gate, and the exit code it gave).
  const [{ recordedSections }, { exitCodeOf }] = await Promise.all([
    import('../release/lens.js'),
    import('../release/evidence/report.js'),
  ]);
  const sections = runs.length === 1 ? recordedSections(runs[0]?.dir as string) : [];
  const report: RunReport = sections.length ? { ...built, sections } : built;
  // A run writing its own reports (a shard too) is not a merge; anything else merges complete sets of shards only.
  if (report.merged) checkShardSet(runs.map((r) => ({ dir: r.dir, ...(r.info.shard ? { shard: r.info.shard } : {}) })));
  const picked = (await pickReporters(options.reporters)).filter(
    (r) => !r.always && (options.html || r.name !== 'html'),
  );
  const context: ReporterContext = {
    out: options.out,
    log: options.log,
    signal: new AbortController().signal,
    historyLimit: options.historyLimit ?? HISTORY_LIMIT,
    terminal: new Terminal({ stdout: (t) => options.log(t.replace(/\n$/, '')) }),
  };
  await writeReport(report, createReporters(picked, context), { out: options.out, signal: context.signal });
  // The verdict, merged or written again, as the run ends with it: its line, then the release gate's.
  for (const line of [...verdictLines(report), ...sections.flatMap((s) => (s.headline ? [s.headline] : []))])
    options.log(line);
  return { exitCode: exitCodeOf(report), report };
}

export interface ProxyReportOptions {
  out: string;
  /** The reporters picked (`proxy --report`, as `run --report`), the console among them. */
  reporters: readonly ReporterDefinition[];
  log: (line: string) => void;
}

/**
 * A proxy session's reports, written by the same registered reporters as a run's: the session becomes the run model
 * (run-model/proxy-session.ts: one outcome per exchange and party, one verdict per party), what the picked reporters
 * need of it is gathered (exchanges.jsonl, allure-results/), and each writes its part. Exit code 1 when either party
 * broke a MUST rule.
 */
export async function reportProxySession(session: ProxyReport, options: ProxyReportOptions): Promise<number> {
  const context: ReporterContext = {
    out: options.out,
    log: options.log,
    signal: new AbortController().signal,
    historyLimit: HISTORY_LIMIT,
    terminal: new Terminal({ stdout: (t) => options.log(t.replace(/\n$/, '')) }),
  };
  const reporters = createReporters(options.reporters, context);
  const needs = Object.assign({}, ...reporters.map((r) => r.needs ?? {})) as RunNeeds;
  await recordProxySession(session, needs);
  const report = proxySessionReport(session, { out: options.out });
  await writeReport(report, reporters, { out: options.out, signal: context.signal });
  return report.summary.exitCode;
}
