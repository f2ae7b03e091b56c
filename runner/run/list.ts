import { relative } from 'node:path';
import type { TestCase } from 'vitest/node';
import type { Config, ProfileName } from '../../config/index.js';
import type { Level, OperationId, RequirementId } from '../../spec/index.js';
import {
  selected,
  type ConformanceMeta,
  type Profile,
  type RunContext,
  type Selection,
  type ShardSpec,
} from '../../run-model/index.js';
import { PACKAGE_ROOT as ROOT, SUITES_CONFIG } from '../paths.js';
import { planShardOf } from '../shards/plan.js';
import { errorMessage, isTeardownNoise } from './teardown-noise.js';
import { createOwnedVitest, LOCAL_WORKERS } from './vitest-owned.js';

/** One conformance test as `run` would report it, found without running it. */
export interface ListedTest {
  requirementIds: RequirementId[];
  level: Level;
  operation: OperationId | 'cross-cutting';
  /** The test's own words, without the ids and level its name starts with. */
  title: string;
  /** The test's name as reports show it (`<ids> [<level>] <title>`). */
  name: string;
  /** The suite file, from the repository root. */
  file: string;
  /** Where the test is declared (for tests made in a loop, the loop's `conformanceTest(` call). */
  line?: number;
  /** Why the run would skip it on this profile or target (not testable there); absent when it runs. */
  skip?: string;
}

export interface ListOptions {
  config: Config;
  selection: Selection;
  /** The run's --grep: matched, as vitest matches it, against the describe names and the test name. */
  grep?: string;
  /** Tests the production profile skips are listed as skipped. */
  profile?: Profile;
  allowPayments?: boolean;
  /** Only this shard's tests, split as `run --shard` splits them (by an earlier run's durations in `reportsDir`). */
  shard?: ShardSpec;
  reportsDir?: string;
  /** Where the shard's line goes (how many tests, balanced by what). */
  progress?: (line: string) => void;
}

/**
 * vitest's full name for --grep (testNamePattern): the names of the enclosing describes and the test, joined by spaces.
 */
function grepName(test: TestCase): string {
  const names = [test.name];
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) names.unshift(parent.name);
  return names.join(' ');
}

function titleOf(name: string, meta: ConformanceMeta): string {
  const prefix = `${meta.requirementIds.join(' + ')} [${meta.level}] `;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/**
 * The tests a run with this selection would report, in vitest's order: the suites are collected (imported, so
 * every `conformanceTest()` declares its test and meta) but not run, no bank is started and no request is sent. Tests
 * the selection excludes are left out; tests the run would skip (not testable on this profile) carry `skip`.
 */
export async function listTests(options: ListOptions): Promise<ListedTest[]> {
  const context: RunContext = {
    // Never called: collection declares tests, it does not run them.
    baseUrl: 'http://127.0.0.1:9',
    profile: options.profile ?? 'embedded',
    seed: options.config.seed,
    numRuns: options.config.numRuns,
    strict: false,
    runTag: 'list',
    allowPayments: options.allowPayments ?? false,
    config: options.config,
  };
  if (options.shard) {
    // The run's own split: its tests collected with its selection, then only this shard's are registered.
    const plan = await planShardOf(options.shard, {
      root: ROOT,
      config: SUITES_CONFIG,
      context: { ...context, selection: options.selection },
      ...(options.grep ? { grep: options.grep } : {}),
      reportsDir: options.reportsDir ?? 'reports',
    });
    context.selection = { ...options.selection, tests: plan.record.tests };
    const { index, count, tests, total, balancedBy } = plan.record;
    options.progress?.(`shard ${index}/${count}: ${tests.length} of ${total} tests, balanced by ${balancedBy}`);
  }
  const vitest = await createOwnedVitest('test', {
    root: ROOT,
    config: SUITES_CONFIG,
    run: true,
    watch: false,
    reporters: [],
    includeTaskLocation: true,
    provide: { run: context },
    maxWorkers: LOCAL_WORKERS,
  });
  try {
    const result = await vitest.collect();
    const problems = [
      ...result.testModules.flatMap((m) => m.errors().map((e) => `${relative(ROOT, m.moduleId)}: ${e.message}`)),
      ...result.unhandledErrors.filter((e) => !isTeardownNoise(e)).map(errorMessage),
    ];
    if (problems.length) throw new Error(`collecting the suites failed: ${problems.join('; ')}`);
    const grep = options.grep === undefined ? undefined : new RegExp(options.grep);
    const tests: ListedTest[] = [];
    for (const module of result.testModules)
      for (const test of module.children.allTests()) {
        const meta = test.meta().conformance;
        if (!meta) continue;
        if (selected(options.selection, meta.requirementIds, meta.operation, meta.level)) continue;
        if (grep && !grep.test(grepName(test))) continue;
        tests.push({
          requirementIds: meta.requirementIds,
          level: meta.level,
          operation: meta.operation,
          title: titleOf(test.name, meta),
          name: test.name,
          file: relative(ROOT, module.moduleId),
          ...(test.location ? { line: test.location.line } : {}),
          ...(meta.notTestable ? { skip: meta.notTestable } : {}),
        });
      }
    return tests;
  } finally {
    await vitest.close();
  }
}

/** The profile a run with this --profile and configuration would judge with (only production skips tests). */
export function listProfile(config: Config, profile: ProfileName | undefined): Profile {
  return profile ?? config.profile ?? (config.baseUrl ? 'sandbox' : 'embedded');
}

/** One line a test (ids, level, operation, title, file:line), then the count. */
export function renderTestList(tests: readonly ListedTest[]): string {
  const skipped = tests.filter((t) => t.skip).length;
  const lines = tests.map(
    (t) =>
      `${t.requirementIds.join(' + ')}  ${t.level}  ${t.operation}  ${t.title}  ` +
      `(${t.file}${t.line ? `:${t.line}` : ''})${t.skip ? `  [skipped: ${t.skip}]` : ''}`,
  );
  const count =
    `${tests.length} test${tests.length === 1 ? '' : 's'}` +
    (skipped ? ` (${tests.length - skipped} to run, ${skipped} skipped: not testable here)` : '');
  return [...lines, '', count].join('\n');
}
