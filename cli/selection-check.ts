import { UserError, didYouMean } from '../core/index.js';
import { readTestManifest, type ManifestTest } from '../run-model/test-manifest.js';
import { selected, type Selection } from '../run-model/index.js';
import { OPERATIONS, REQUIREMENTS, hasRequirement } from '../spec/index.js';

/** Every value `--operation` takes: the catalogue's operations, and the tests of no one operation. */
export const OPERATION_IDS: readonly string[] = [...OPERATIONS.map((o) => o.id as string), 'cross-cutting'];

const LIST_OPERATIONS = '`psd2-conformance list --operations`';

/** `--requirement` takes an id or a prefix of ids (`NCBCT` selects NCBCT.*): every value it can take. */
function requirementValues(ids: readonly string[]): string[] {
  const prefixes = ids.flatMap((id) => id.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.')));
  return [...new Set(prefixes)];
}

const cites = (test: ManifestTest, given: string) =>
  test.requirementIds.some((id) => id === given || id.startsWith(`${given}.`));

/**
 * Operation and requirement ids that no catalogue knows are typos, whatever the suites hold: one line with the
 * nearest ids (exit 2). Runs without the test manifest too.
 */
export function checkSelectionIds(selection: Selection): void {
  for (const [flag, given] of [
    ['--operation', selection.operations],
    ['--exclude-operation', selection.excludeOperations],
  ] as const) {
    const bad = given.find((g) => !OPERATION_IDS.includes(g));
    if (bad !== undefined)
      throw new UserError(`unknown ${flag} ${bad}${didYouMean(bad, OPERATION_IDS)}; the ids: ${LIST_OPERATIONS}`);
  }
  const known = requirementValues(REQUIREMENTS.map((r) => r.id));
  const bad = selection.requirements.find((g) => !known.includes(g));
  if (bad !== undefined)
    throw new UserError(
      `unknown --requirement ${bad}${didYouMean(bad, known)}; the ids: \`psd2-conformance requirements\``,
    );
}

/** What one option alone selects from the manifest, and the line that says why it selects nothing. */
interface Part {
  given: string;
  matches: (test: ManifestTest) => boolean;
  nothing: (tests: readonly ManifestTest[]) => string;
}

function parts(selection: Selection, grep: RegExp | undefined): Part[] {
  const cited = (tests: readonly ManifestTest[]) => [...new Set(tests.flatMap((t) => t.requirementIds))];
  return [
    ...selection.operations.map((operation) => ({
      given: `--operation ${operation}`,
      matches: (t: ManifestTest) => t.operation === operation,
      nothing: () => `no test is of --operation ${operation}; the operations with tests: ${LIST_OPERATIONS}`,
    })),
    ...selection.requirements.map((id) => ({
      given: `--requirement ${id}`,
      matches: (t: ManifestTest) => cites(t, id),
      nothing: (tests: readonly ManifestTest[]) =>
        hasRequirement(id)
          ? `no test cites --requirement ${id}${didYouMean(id, cited(tests))}; ` +
            `\`psd2-conformance requirements --trace ${id}\` shows what judges it`
          : `no test cites an id under --requirement ${id}; the ids: \`psd2-conformance requirements\``,
    })),
    ...(selection.level
      ? [
          {
            given: `--level ${selection.level}`,
            matches: (t: ManifestTest) => t.level === selection.level,
            nothing: () => `no test is of --level ${String(selection.level)}`,
          },
        ]
      : []),
    ...(grep
      ? [
          {
            given: `--grep ${grep.source}`,
            matches: (t: ManifestTest) => grep.test(t.fullName),
            nothing: (tests: readonly ManifestTest[]) => grepNothing(grep, tests, cited(tests)),
          },
        ]
      : []),
  ];
}

/** `--grep` selects nothing: perhaps only its case is wrong, or it names an id nearly (`creditorName.max71`). */
function grepNothing(grep: RegExp, tests: readonly ManifestTest[], ids: readonly string[]): string {
  const folded = new RegExp(grep.source, 'i');
  const ignoringCase = tests.filter((t) => folded.test(t.fullName)).length;
  const hint = ignoringCase
    ? ` (it matches ${ignoringCase} ignoring case: --grep is case-sensitive)`
    : didYouMean(grep.source, [...ids, ...OPERATION_IDS]);
  return `--grep ${grep.source} matches no test name${hint}; \`psd2-conformance list\` lists the ${tests.length} tests`;
}

/**
 * The selection against the test manifest, before vitest starts: a selection that matches no test is exit 2 in
 * well under a second, with the option to blame and the nearest ids, instead of collecting every suite to report
 * every test skipped. Without the manifest (a build that did not ship it) the run decides, as it always did.
 */
export function checkSelectionMatches(
  selection: Selection,
  grep: string | undefined,
  tests: readonly ManifestTest[] | null = readTestManifest() ?? null,
): void {
  if (!tests) return;
  const pattern = grep === undefined ? undefined : new RegExp(grep);
  const all = parts(selection, pattern);
  const chosen = tests.filter(
    (t) => !selected(selection, t.requirementIds, t.operation, t.level) && all.every((p) => p.matches(t)),
  );
  if (chosen.length) return;
  const alone = all.find((p) => !tests.some(p.matches));
  if (alone) throw new UserError(alone.nothing(tests));
  const excluded = selection.excludeOperations.map((o) => `--exclude-operation ${o}`);
  const given = [...all.map((p) => p.given), ...excluded].join(' ');
  throw new UserError(
    `no test matches all of ${given} (each alone matches some of the ${tests.length} tests); ` +
      '`psd2-conformance list` with fewer options shows what each selects',
  );
}
