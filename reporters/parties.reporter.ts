import { hasRequirement, requirement } from '../spec/index.js';
import { brokenRequirements, type RunReport, type TestOutcome, type Verdict } from '../run-model/index.js';
import { defineReporter } from './registry.js';

export const PARTIES_MARKDOWN = 'parties.md';

/** Pipes and line breaks would end a table cell. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The rules a test of a party saw broken: those that failed it, then its SHOULD deviations. */
const broken = (o: TestOutcome): string[] => [
  ...new Set([...brokenRequirements(o), ...(o.meta.warnings ?? []).map((w) => w.requirementId)]),
];

function rows(v: Verdict, tests: readonly TestOutcome[]): string[] {
  const ids = [...v.failedMust, ...v.failedShould];
  if (ids.length === 0) return ['No rule broken.', ''];
  return [
    '| Requirement | Level | Tests | Rule (section) |',
    '|---|---|---|---|',
    ...ids.map((id) => {
      const rule = hasRequirement(id) ? requirement(id) : undefined;
      const count = tests.filter((o) => broken(o).includes(id)).length;
      const text = rule ? `${cell(rule.statement)} (${cell(rule.section)})` : '';
      return `| \`${id}\` | ${rule?.level ?? 'MUST'} | ${count} | ${text} |`;
    }),
    '',
  ];
}

/** A test in which the party broke a rule: its name, then what it broke and why (its failure, or its warnings). */
function brokeIn(o: TestOutcome): string[] {
  const said = o.errors.length
    ? o.errors.slice(1).join('\n').split('\n')
    : (o.meta.warnings ?? []).map((w) => `SHOULD ${w.requirementId}: ${w.message}`);
  return [`- ${o.name}`, ...said.filter((l) => l.trim()).map((l) => `  - ${l.trim()}`)];
}

function section(report: RunReport, v: Verdict): string[] {
  const tests = report.outcomes.filter((o) => o.party === v.party.id);
  const failing = tests.filter((o) => broken(o).length > 0);
  const kept = report.summary.exchanges?.omitted ? ' (of those kept)' : '';
  return [
    `## ${capital(v.party.name)}: ${v.headline}`,
    '',
    `${capital(v.lead)}.`,
    '',
    ...rows(v, tests),
    ...(failing.length
      ? [`Tests in which ${v.party.name} broke a rule${kept}:`, '', ...failing.flatMap(brokeIn), '']
      : []),
  ];
}

/**
 * parties.md: a report that judges more than one party (the proxy: your requests and the bank) in one section per
 * party, each with its verdict, the rules it broke with their statements, and the tests in which it broke them.
 */
export function partiesMarkdown(report: RunReport): string {
  const { summary } = report;
  const exchanges = summary.exchanges;
  const what = exchanges
    ? `${plural(exchanges.total, 'exchange')}${exchanges.omitted ? ` (details of ${exchanges.kept} kept)` : ''}`
    : plural(summary.total, 'test');
  const when = summary.startedAt && summary.stoppedAt ? `${summary.startedAt} to ${summary.stoppedAt}: ` : '';
  return [
    `# psd2-conformance: ${summary.target.description}`,
    '',
    `${when}${what}.`,
    '',
    ...report.verdicts.flatMap((v) => section(report, v)),
  ].join('\n');
}

/** parties.md, for a report of several parties; a run judges one (the bank) and gets none. */
export default defineReporter({
  name: 'parties',
  description: "parties.md: each party's verdict and broken rules, when more than one is judged (the proxy)",
  writes: [PARTIES_MARKDOWN],
  create: () => ({
    files: (report): Record<string, string> =>
      report.verdicts.length > 1 ? { [PARTIES_MARKDOWN]: partiesMarkdown(report) } : {},
  }),
});
