import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brokenRequirements, type TestOutcome } from '../runner/outcome.js';
import { isTarget } from '../runner/target.js';
import { UserError } from '../core/index.js';
import { writeHtml } from './allure-html.js';
import { annotateFailedResults } from './annotate-results.js';
import { coverage, coverageMarkdown } from './coverage.js';
import { annotateFailures, mergeJunit } from './junit.js';
import { ruleLine } from './rule-text.js';
import { checkShardSet, shardOf } from './shard-set.js';
import { writeSkippedResults } from './skipped-results.js';
import type { ShardRecord } from '../runner/shard-split.js';
import { verdictBanner, verdictOf } from './verdict.js';
import { reportSummary, type ReportSummary, type ReportTarget, type RunInfo } from './summary.js';
import type { ReportSection, SectionInput } from '../release/lens.js';

export interface ReportOptions {
  /**
   * Result folders of a run or of several shards (each holds outcomes.json, summary.json, junit.xml and
   * allure-results/).
   */
  inputs: string[];
  out: string;
  strict: boolean;
  html: boolean;
  log: (line: string) => void;
  /** Sections a run adds (release gate, verdict history): a Markdown file each, a member of summary.json. */
  sections?: (input: SectionInput) => ReportSection[];
}

async function readRun(dir: string): Promise<{ dir: string; outcomes: TestOutcome[]; info?: Partial<RunInfo> }> {
  if (!existsSync(dir))
    throw new UserError(`${dir} does not exist: give the folder \`psd2-conformance run --reports DIR\` wrote`);
  const file = join(dir, 'outcomes.json');
  if (!existsSync(file)) throw new UserError(`${dir} holds no outcomes.json: run \`psd2-conformance run\` first`);
  const outcomes = JSON.parse(await readFile(file, 'utf8')) as TestOutcome[];
  const summary = join(dir, 'summary.json');
  if (!existsSync(summary)) return { dir, outcomes };
  const { target, profile, seed, durationSeconds, startedAt, stoppedAt, cancelled, shard } = JSON.parse(
    await readFile(summary, 'utf8'),
  ) as Partial<Record<keyof RunInfo, unknown>>;
  return {
    dir,
    outcomes,
    info: {
      ...(isTarget(target) ? { target } : {}),
      ...(typeof profile === 'string' ? { profile } : {}),
      ...(typeof seed === 'number' ? { seed } : {}),
      ...(typeof durationSeconds === 'number' ? { durationSeconds } : {}),
      ...(typeof startedAt === 'string' ? { startedAt } : {}),
      ...(typeof stoppedAt === 'string' ? { stoppedAt } : {}),
      ...(cancelled === true ? { cancelled } : {}),
      ...(shardOf(shard) ? { shard: shardOf(shard) as ShardRecord } : {}),
    },
  };
}

/** What CI test views show of the target: the root's name and a property block on every test suite. */
function junitLabel(summary: ReportSummary) {
  const target: ReportTarget = summary.target;
  return {
    name: `psd2-conformance: ${target.description}`,
    properties: {
      target: target.description,
      'target.kind': target.kind,
      // The embedded bank's port is random: its description says what it was.
      ...(target.kind === 'remote' ? { 'target.url': target.url } : {}),
      profile: summary.profile,
    },
  };
}

const verdict = (s: ReportSummary) =>
  s.exitCode === 0
    ? 'CONFORMANT: every MUST test passed'
    : `NOT CONFORMANT: ${s.failedRequirements.length} requirement(s) failed`;

/**
 * The reports of a run, or of shards merged into one: summary.json, junit.xml, the requirement coverage
 * matrix (Markdown and JSON, and inside the HTML report), and the Allure 3 HTML report (+ single file).
 */
export async function writeReports(options: ReportOptions): Promise<{ exitCode: 0 | 1; summary: ReportSummary }> {
  const runs = await Promise.all(options.inputs.map(readRun));
  const outcomes = runs.flatMap((r) => r.outcomes);
  const merged = runs.length > 1 || resolve(runs[0]?.dir ?? '') !== resolve(options.out);
  // A run writing its own reports (a shard too) is not a merge; anything else merges complete sets of shards only.
  if (merged) checkShardSet(runs.map((r) => ({ dir: r.dir, ...(r.info?.shard ? { shard: r.info.shard } : {}) })));
  await mkdir(options.out, { recursive: true });
  const rows = coverage(outcomes);
  const summary = reportSummary(runs, rows, options.strict);
  const coverageFile = join(options.out, 'coverage.md');
  await writeFile(
    coverageFile,
    coverageMarkdown(
      rows,
      `${verdict(summary)}. Target: ${summary.target.description}; ` +
        `profile ${summary.profile}, seed ${String(summary.seed)}.`,
      summary.target.description,
    ),
  );
  await writeFile(join(options.out, 'coverage.json'), `${JSON.stringify(rows, null, 2)}\n`);
  const sections = options.sections?.({ outDir: options.out, outcomes, rows, summary }) ?? [];
  for (const section of sections) await writeFile(join(options.out, section.file), section.text);
  const extra = Object.fromEntries(sections.map((s) => [s.key, s.value]));
  await writeFile(join(options.out, 'summary.json'), `${JSON.stringify({ ...summary, ...extra }, null, 2)}\n`);
  if (merged) await writeFile(join(options.out, 'outcomes.json'), `${JSON.stringify(outcomes, null, 2)}\n`);
  const junit = runs.map((r) => join(r.dir, 'junit.xml')).filter((f) => existsSync(f));
  if (merged || junit.length) {
    const broken = new Map(outcomes.map((o) => [o.name, brokenRequirements(o).map((id) => `broken: ${ruleLine(id)}`)]));
    const xml = mergeJunit(await Promise.all(junit.map((f) => readFile(f, 'utf8'))), junitLabel(summary));
    await writeFile(
      join(options.out, 'junit.xml'),
      annotateFailures(xml, (name) => broken.get(name) ?? []),
    );
  }
  // Also without HTML: `report` renders the folders later, and CI may read allure-results itself.
  await annotateFailedResults(
    runs.map((r) => join(r.dir, 'allure-results')),
    outcomes,
  );
  options.log(`coverage matrix: ${coverageFile} (${summary.requirements.failed} requirement(s) failed)`);
  for (const line of sections.flatMap((s) => s.lines)) options.log(line);
  if (options.html) {
    const results = runs.map((r) => join(r.dir, 'allure-results')).filter((d) => existsSync(d));
    const skippedDir = join(options.out, 'allure-skipped');
    const runStart = summary.startedAt ? Date.parse(summary.startedAt) : undefined;
    if (results.length && (await writeSkippedResults(outcomes, skippedDir, runStart))) results.push(skippedDir);
    if (results.length === 0) options.log('no allure-results to render');
    else {
      const req = summary.requirements;
      const written = await writeHtml({
        resultsDirs: results,
        out: options.out,
        // The browser tab and the report's title say the verdict too.
        reportName: `${verdictOf(summary).headline} · psd2-conformance: ${summary.target.description}`,
        banner: verdictBanner(summary),
        variables: {
          Target: summary.target.description,
          'Target kind': summary.target.kind,
          Profile: summary.profile,
          Seed: Array.isArray(summary.seed) ? summary.seed.join(', ') : String(summary.seed),
          Verdict: summary.exitCode === 0 ? 'CONFORMANT' : 'NOT CONFORMANT',
          'Requirements failed': `${req.failed} of ${rows.length}`,
          'Requirements passed': `${req.passed} of ${rows.length}`,
          'Coverage matrix': 'see Global Attachments',
        },
        globalAttachments: [coverageFile, ...sections.map((s) => join(options.out, s.file))],
        historyPath: join(options.out, 'history.jsonl'),
        log: options.log,
      });
      // Asked for and not written (allure failed or missing): the run's verdict would have no report to read.
      if (!written.html) throw new UserError(`the HTML report could not be written to ${join(options.out, 'html')}`);
      options.log(
        `HTML report: ${join(options.out, 'html', 'index.html')}` +
          (written.single ? ` (single file: ${join(options.out, 'html-single', 'index.html')})` : ''),
      );
    }
  }
  return { exitCode: summary.exitCode, summary };
}
