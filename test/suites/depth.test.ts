import { describe, expect, it } from 'vitest';
import { BULK_EDGES, NCBCT_EDGES, type Edge } from '../../generators/index.js';
import { byRule } from '../../suites/support/breakers.js';
import { breakerRuns, edgesToSend, LIST_SAMPLE } from '../../suites/support/depth.js';

const rule = (id: string): Edge[] => NCBCT_EDGES.filter((e) => e.requirementId === id);
const labels = (edges: Edge[]) => edges.map((e) => e.label);
const COUNTRIES = rule('Country.enum');
const CURRENCIES = rule('Currency.enum');

/** Issue 25: a default run sends each distinct case once, and a sample of a long list's members. */
describe('how much a run sends', () => {
  it('rule breakers send only their cases by default, and random runs after them with --thorough', () => {
    expect(breakerRuns({ numRuns: 10 })).toBe(0);
    expect(breakerRuns({ numRuns: 40, thorough: true })).toBe(40);
  });

  it('a long list sends LIST_SAMPLE of its members by default, every one with --thorough', () => {
    expect(COUNTRIES.length).toBeGreaterThan(200);
    expect(edgesToSend(COUNTRIES, { seed: 1 })).toHaveLength(LIST_SAMPLE);
    expect(edgesToSend(COUNTRIES, { seed: 1, thorough: true })).toEqual(COUNTRIES);
  });

  it('the same seed sends the same members, another seed others, and successive seeds reach the whole list', () => {
    expect(labels(edgesToSend(COUNTRIES, { seed: 7 }))).toEqual(labels(edgesToSend(COUNTRIES, { seed: 7 })));
    expect(labels(edgesToSend(COUNTRIES, { seed: 7 }))).not.toEqual(labels(edgesToSend(COUNTRIES, { seed: 8 })));
    const reached = new Set(
      Array.from({ length: COUNTRIES.length }, (_, seed) => labels(edgesToSend(COUNTRIES, { seed }))).flat(),
    );
    expect(reached.size).toBe(COUNTRIES.length);
  });

  it('one member of each shape is always sent: currencies of 0, 2 and 3 minor units each get one', () => {
    const sent = edgesToSend(CURRENCIES, { seed: 3 }).map((e) => e.value as { amount: string });
    const digits = new Set(sent.map((v) => v.amount.split('.')[1]?.length ?? 0));
    expect([...digits].sort()).toEqual([0, 2, 3]);
  });

  it('edges that are not list members (the longest values) and short lists are sent whole', () => {
    const longest = BULK_EDGES.filter((e) => !e.requirementId.endsWith('.enum'));
    for (const [, edges] of byRule(longest)) expect(edgesToSend(edges, { seed: 1 })).toEqual(edges);
    const short = rule('NCBCT.purposeCode.enum').slice(0, LIST_SAMPLE);
    expect(edgesToSend(short, { seed: 1 })).toEqual(short);
  });
});
