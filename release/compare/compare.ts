/**
 * Two targets side by side: the exchanges of two runs with one seed (each request signed afresh by its own run),
 * paired by the test that sent them and their order in it, and compared answer by answer. Each difference is named
 * with the requirement ids of its test and with the rules either side broke there, so a reader sees at once whether
 * a difference is a choice (both conformant) or a break.
 */
import type { TestOutcome } from '../../run-model/index.js';
import { testVerdict, type TestVerdict } from '../run-view.js';
import { compareExchanges, type AnswerDifference, type CompareOptions } from './answers.js';
import { requestLine, sideContext, type RecordedLine } from './mask.js';

/** One side of a comparison: what its run recorded. */
export interface Side {
  label: string;
  exchanges: readonly RecordedLine[];
  outcomes: readonly TestOutcome[];
}

export interface ExchangeDifferences {
  /** The exchange's scope: the test, and a property's run within it. */
  scope: string;
  seq: number;
  /** `POST /v1/payments/sepa-credit-transfers` (ids masked). */
  request: string;
  differences: AnswerDifference[];
}

export interface TestComparison {
  /** The test's full name (or the fixture scope, for exchanges that set up data outside a test). */
  test: string;
  /** The requirement ids the test cites, and those either side broke in it. */
  requirements: string[];
  state: { a?: TestVerdict['state']; b?: TestVerdict['state'] };
  breaks: { a: string[]; b: string[] };
  exchanges: ExchangeDifferences[];
  /** Where the two runs stopped sending the same requests (a failure shrinks, a refusal ends a flow early). */
  diverged?: { scope: string; seq: number; a?: string; b?: string };
}

export interface Comparison {
  a: string;
  b: string;
  /** Exchanges paired and compared. */
  pairs: number;
  /** Tests (and fixtures) with at least one difference, or a divergence. */
  tests: TestComparison[];
}

/** At most this many differing exchanges kept per test (the count says how many more). */
export const EXCHANGES_PER_TEST = 20;

/** The test a scope belongs to: `suites/x.suite.ts > describe > test > run 3` → the outcome named `describe > test`. */
export function outcomeOf(scope: string, outcomes: readonly TestOutcome[]): TestOutcome | undefined {
  const rest = scope.slice(scope.indexOf(' > ') + 3);
  let best: TestOutcome | undefined;
  for (const o of outcomes)
    if ((rest === o.name || rest.startsWith(`${o.name} > `)) && o.name.length > (best?.name.length ?? -1)) best = o;
  return best;
}

const key = (line: RecordedLine) => `${line.test}\u0000${line.seq}`;

interface Group {
  test: string;
  a?: TestVerdict;
  b?: TestVerdict;
  scopes: Set<string>;
}

/** Groups the scopes of both sides by test (a property's runs together; a fixture scope alone). */
function groups(a: Side, b: Side): Map<string, Group> {
  const out = new Map<string, Group>();
  for (const [side, other] of [
    [a, 'a'],
    [b, 'b'],
  ] as const)
    for (const line of side.exchanges) {
      const o = outcomeOf(line.test, side.outcomes);
      const name = o?.name ?? line.test;
      const group = out.get(name) ?? out.set(name, { test: name, scopes: new Set() }).get(name);
      group?.scopes.add(line.test);
      if (o && group && !group[other]) group[other] = testVerdict(o);
    }
  return out;
}

function byScope(lines: readonly RecordedLine[]): Map<string, RecordedLine[]> {
  const map = new Map<string, RecordedLine[]>();
  for (const line of lines) (map.get(line.test) ?? map.set(line.test, []).get(line.test))?.push(line);
  for (const list of map.values()) list.sort((x, y) => x.seq - y.seq);
  return map;
}

/**
 * Compares the answers of two runs with one seed, exchange pair by exchange pair (`compareExchanges`, each side
 * masked by what it made itself; `options.ignore` leaves members out).
 */
export function compareRuns(a: Side, b: Side, options: CompareOptions = {}): Comparison {
  const context = { a: sideContext(a.exchanges), b: sideContext(b.exchanges) };
  const scopes = { a: byScope(a.exchanges), b: byScope(b.exchanges) };
  const tests: TestComparison[] = [];
  let pairs = 0;
  for (const group of [...groups(a, b).values()].sort((x, y) => x.test.localeCompare(y.test))) {
    const exchanges: ExchangeDifferences[] = [];
    let diverged: TestComparison['diverged'];
    for (const scope of [...group.scopes].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }))) {
      const la = scopes.a.get(scope) ?? [];
      const lb = scopes.b.get(scope) ?? [];
      for (let i = 0; i < Math.max(la.length, lb.length); i++) {
        const ea = la[i];
        const eb = lb[i];
        const ra = ea && requestLine(ea, context.a);
        const rb = eb && requestLine(eb, context.b);
        if (!ea || !eb || ra !== rb || key(ea) !== key(eb)) {
          diverged ??= { scope, seq: i, ...(ra ? { a: ra } : {}), ...(rb ? { b: rb } : {}) };
          break;
        }
        pairs++;
        const differences = compareExchanges(
          { exchange: ea, context: context.a },
          { exchange: eb, context: context.b },
          options,
        );
        if (differences.length) exchanges.push({ scope, seq: ea.seq, request: ra as string, differences });
      }
    }
    if (!exchanges.length && !diverged) continue;
    const breaks = { a: group.a?.broke ?? [], b: group.b?.broke ?? [] };
    const cites = group.a?.cites ?? group.b?.cites ?? [];
    tests.push({
      test: group.test,
      requirements: [...new Set([...cites, ...breaks.a, ...breaks.b])],
      state: { ...(group.a ? { a: group.a.state } : {}), ...(group.b ? { b: group.b.state } : {}) },
      breaks,
      exchanges,
      ...(diverged ? { diverged } : {}),
    });
  }
  return { a: a.label, b: b.label, pairs, tests };
}
