import { describe, expect, it } from 'vitest';
import { checksDeclaring } from '../../run-model/index.js';
import { readTestManifest } from '../../run-model/test-manifest.js';
import { REQUIREMENTS, type RequirementId } from '../../spec/index.js';

/** The MUST rules that no test cites, no registered check declares, and the catalogue gives no reason for. */
const bareMustRules = (cited: ReadonlySet<string>, declared: ReadonlyMap<RequirementId, unknown>) =>
  REQUIREMENTS.filter((r) => r.level === 'MUST' && !r.notTestable && !cited.has(r.id) && !declared.has(r.id)).map(
    (r) => r.id,
  );

/**
 * A verdict claims no more than the run judged (issue 21): every MUST rule is cited by a conformance test, declared by
 * a registered check that judges every answer, or states in the catalogue why no request can provoke it.
 */
describe('every MUST rule has a test, a check, or a reason', () => {
  const manifest = readTestManifest();
  const cited = new Set(manifest?.flatMap((t) => t.requirementIds) ?? []);

  it('reads the test manifest (npm run generate writes it)', () => {
    expect(manifest?.length).toBeGreaterThan(200);
  });

  it('leaves no MUST rule without one', () => {
    expect(bareMustRules(cited, checksDeclaring())).toEqual([]);
  });

  it('names a rule whose only test is gone and that no check declares', () => {
    const without = new Set([...cited].filter((id) => id !== 'Basket.get.challenge401'));
    const declared = new Map(checksDeclaring());
    declared.delete('Basket.get.challenge401');
    expect(bareMustRules(without, declared)).toEqual(['Basket.get.challenge401']);
  });

  // A reason why no request can provoke a rule, and a test whose request does, contradict each other.
  it('cites no rule the catalogue calls not testable', () => {
    expect(REQUIREMENTS.filter((r) => r.notTestable && cited.has(r.id)).map((r) => r.id)).toEqual([]);
  });
});
