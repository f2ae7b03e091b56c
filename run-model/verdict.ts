import { hasRequirement, requirement } from '../spec/index.js';
import type { CoverageState } from './coverage.js';
import { endReason, type RunEnd } from './end.js';
import type { ShardRecord } from './shard.js';

export type VerdictKind = 'conformant' | 'not conformant' | 'incomplete' | 'nothing judged';

/** Whose conduct a verdict judges: the bank's answers (a run, the proxy), or a TPP's requests (the proxy). */
export interface Party {
  id: string;
  /** As a heading names it: "the bank", "your requests". */
  name: string;
}

export const BANK: Party = { id: 'bank', name: 'the bank' };

export interface Verdict {
  party: Party;
  kind: VerdictKind;
  /** CONFORMANT, NOT CONFORMANT …: the first words a reader sees. */
  headline: string;
  /** The headline and what it stands on, in one line: the console and coverage.md print it as it is. */
  line: string;
  /**
   * The line in its two parts, `${head}: ${lead}`. The head is the headline with its qualifier (`CONFORMANT on the
   * selected tests only (--grep "…")`, `BUDGETED, NOT A FULL VERDICT (…)`), which the HTML banner shows as large as a
   * plain headline, so that a narrowed run never opens as a verdict on the interface; the lead says what it stands
   * on. Kept apart because a qualifier may hold a colon of its own.
   */
  head: string;
  lead: string;
  /** The lead without the failed MUST requirements' ids: the HTML banner lists those beside it, each with its words. */
  leadWithoutIds: string;
  /** The failed MUST requirements (ids), most important first. */
  failedMust: string[];
  failedShould: string[];
  /** What the verdict stands on: counts, target, seed; and a warning when it covers one shard only. */
  details: string[];
}

/** What a verdict is made from: a report's counts, its MUST rules by state, and how the run ended. */
export interface VerdictInput {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
  failedRequirements: string[];
  /** 0: every MUST test passed (and every SHOULD test under strict); 1: otherwise. */
  gate: 0 | 1;
  end: RunEnd;
  must: Record<CoverageState, number>;
  target: { description: string };
  profile: string;
  seed: number | number[];
  strict: boolean;
  shard?: ShardRecord;
  /** `--max-requests`: a budgeted run never reads as a full CONFORMANT. */
  budget?: { maxRequests: number; unjudgedRules: readonly string[] };
  /** The options that narrowed the run to some tests: its verdict is on those tests only, and says so. */
  selection?: readonly string[];
  /** How long the run took, start-up and reports included (Allure's header spans the tests' own times only). */
  durationSeconds?: number;
  /** Rules judged at MUST because the bank profile declares their choice (`run --bank-profile`). */
  declared?: readonly string[];
}

const levelOf = (id: string, declared: readonly string[] = []) =>
  declared.includes(id) || !hasRequirement(id) ? 'MUST' : requirement(id).level;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "203 MUST rules judged, 3 not observable, 2 not observed (reasons in coverage.md)": what the verdict stands on. */
export function standingLine(must: Record<CoverageState, number>): string {
  const parts = [
    `${plural(must.passed + must.failed, 'MUST rule')} judged`,
    ...(['inconclusive', 'not observable', 'not observed', 'skipped', 'untested'] as const)
      .filter((s) => must[s] > 0)
      .map((s) => `${must[s]} ${s}`),
  ];
  const unjudged = must.inconclusive + must['not observable'] + must['not observed'] + must.skipped + must.untested;
  return `${parts.join(', ')}${unjudged ? ' (reasons in coverage.md)' : ''}`;
}

function kindOf(v: VerdictInput): VerdictKind {
  if (v.end.kind !== 'completed') return 'incomplete';
  if (v.gate !== 0) return 'not conformant';
  if (v.passed + v.failed === 0) return 'nothing judged';
  return 'conformant';
}

/**
 * " on the selected tests only (--grep "Basket")", " on shard 2/4 only", or both: a verdict on some of the tests never
 * reads as one on the interface.
 */
function onSelection(v: VerdictInput): string {
  const shard = v.shard ? `shard ${v.shard.index}/${v.shard.count}` : '';
  if (v.selection?.length)
    return ` on the selected tests only (${v.selection.join(' ')})${shard ? ` of ${shard}` : ''}`;
  return shard ? ` on ${shard} only` : '';
}

/**
 * The line in two parts: the headline with its qualifier, and what it stands on (joined by ": "); and the lead once
 * more without the failed MUST ids, for a reader who sees them listed beside it.
 */
function lineOf(kind: VerdictKind, v: VerdictInput, failedMust: string[]): [head: string, lead: string, bare: string] {
  const count = failedMust.length ? `${plural(failedMust.length, 'MUST requirement')} failed` : '';
  const failures = count ? `${count} (${failedMust.slice(0, 5).join(', ')}${failedMust.length > 5 ? ', …' : ''})` : '';
  switch (kind) {
    case 'incomplete': {
      const ran = `${endReason(v.end)} after ${v.passed + v.failed} of ${v.total} tests`;
      return [
        'INCOMPLETE',
        `${ran}; ${failures ? `${failures} among them` : 'no MUST failure among them'}`,
        `${ran}; ${count ? `${count} among them` : 'no MUST failure among them'}`,
      ];
    }
    case 'not conformant': {
      const standing = standingLine(v.must);
      const none = `${plural(v.failedRequirements.length, 'requirement')} failed`;
      return [`NOT CONFORMANT${onSelection(v)}`, `${failures || none}; ${standing}`, `${count || none}; ${standing}`];
    }
    case 'nothing judged':
      return ['NOTHING JUDGED', 'no test ran', 'no test ran'];
    case 'conformant': {
      // The rules a request budget left out were not judged at all: the line says so before anything else.
      const [head, lead]: [string, string] = v.budget
        ? [
            `BUDGETED, NOT A FULL VERDICT (--max-requests ${v.budget.maxRequests})`,
            `every MUST test that ran passed; ${plural(v.budget.unjudgedRules.length, 'rule')} left unjudged; ` +
              standingLine(v.must),
          ]
        : [`CONFORMANT${onSelection(v)}`, standingLine(v.must)];
      return [head, lead, lead];
    }
  }
}

/**
 * The verdict on the bank, in words. A run that did not complete (a signal, its budget, a dead worker) proves nothing
 * either way: INCOMPLETE, whatever failed before it stopped. A shard's verdict judges its share of the tests only.
 */
export function verdictOf(v: VerdictInput, party: Party = BANK): Verdict {
  const failedMust = v.failedRequirements.filter((id) => levelOf(id, v.declared) === 'MUST');
  const failedShould = v.failedRequirements.filter((id) => levelOf(id, v.declared) === 'SHOULD');
  const kind = kindOf(v);
  const details = [
    `${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped`,
    `target: ${v.target.description}`,
    `profile ${v.profile}, seed ${Array.isArray(v.seed) ? v.seed.join(', ') : v.seed}${v.strict ? ', --strict' : ''}`,
    ...(v.durationSeconds ? [`the run took ${v.durationSeconds.toFixed(1)} s`] : []),
  ];
  if (v.end.kind !== 'completed') details.push(`${endReason(v.end)} before every test ran`);
  if (v.selection?.length)
    details.push(`selected by ${v.selection.join(' ')}: a verdict on those tests only, not on the whole interface`);
  if (v.shard)
    details.push(
      `shard ${v.shard.index}/${v.shard.count} only (${v.shard.tests.length} of ${v.shard.total} tests): ` +
        `merge every shard with \`psd2-conformance report\` for the verdict on the whole interface`,
    );
  const [head, lead, leadWithoutIds] = lineOf(kind, v, failedMust);
  return {
    party,
    kind,
    headline: kind === 'conformant' && v.budget ? 'BUDGETED' : kind.toUpperCase(),
    line: `${head}: ${lead}`,
    head,
    lead,
    leadWithoutIds,
    failedMust,
    failedShould,
    details,
  };
}
