import { hasRequirement, requirement } from '../spec/index.js';
import type { ReportSummary } from './report.js';

export type VerdictKind = 'conformant' | 'not conformant' | 'incomplete' | 'nothing judged';

export interface Verdict {
  kind: VerdictKind;
  /** CONFORMANT, NOT CONFORMANT …: the first words a reader sees. */
  headline: string;
  /** The failed MUST requirements (ids), most important first. */
  failedMust: string[];
  failedShould: string[];
  /** What the verdict stands on: counts, target, seed; and a warning when it covers one shard only. */
  details: string[];
}

const levelOf = (id: string) => (hasRequirement(id) ? requirement(id).level : 'MUST');

/**
 * The verdict of a report, in words. A run the budget cut short, or one where nothing ran, proves nothing either
 * way; a shard's report judges its share of the tests only.
 */
export function verdictOf(s: ReportSummary): Verdict {
  const failedMust = s.failedRequirements.filter((id) => levelOf(id) === 'MUST');
  const failedShould = s.failedRequirements.filter((id) => levelOf(id) === 'SHOULD');
  let kind: VerdictKind = 'conformant';
  if (s.exitCode !== 0) kind = 'not conformant';
  else if (s.cancelled) kind = 'incomplete';
  else if (s.passed + s.failed === 0) kind = 'nothing judged';
  const details = [
    `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`,
    `target: ${s.target.description}`,
    `profile ${s.profile}, seed ${Array.isArray(s.seed) ? s.seed.join(', ') : s.seed}${s.strict ? ', --strict' : ''}`,
  ];
  if (s.cancelled) details.push('the time budget ran out before every test ran');
  if (s.shard)
    details.push(
      `shard ${s.shard.index}/${s.shard.count} only (${s.shard.tests.length} of ${s.shard.total} tests): ` +
        `merge every shard with \`psd2-conformance report\` for the verdict on the whole interface`,
    );
  return { kind, headline: kind.toUpperCase(), failedMust, failedShould, details };
}
