import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { checksDeclaring, rulesWithoutStanding } from '../../run-model/index.js';
import { listTests } from '../../runner/run/list.js';
import { REQUIREMENTS } from '../../spec/index.js';
import { hangGuard } from '../support/bounds.js';

/**
 * A verdict says what it stands on (issue 21): every rule of the catalogue, MUST and SHOULD, has a test (a suite test
 * citing it, or a registered check declaring it) or the catalogue's reason why no request can provoke it.
 */
describe('every rule has a test or a reason', () => {
  it('no rule is left with neither', { timeout: hangGuard(120_000) }, async () => {
    const tests = await listTests({
      config: loadConfig({ env: {} }),
      selection: { operations: [], excludeOperations: [], requirements: [] },
    });
    expect(tests.length).toBeGreaterThan(200);
    const cited = new Set(tests.flatMap((t) => t.requirementIds));
    expect(rulesWithoutStanding(REQUIREMENTS, cited)).toEqual([]);
  });

  it('a rule with neither is named (the check can fail)', () => {
    const planted = [
      { id: 'Planted.rule.noTest', level: 'MUST' as const },
      { id: 'Planted.rule.reason', level: 'MUST' as const, notTestable: 'no request can provoke it' },
      { id: 'Errors.serverError.systemError', level: 'MUST' as const },
      { id: 'Planted.rule.cited', level: 'SHOULD' as const },
    ];
    expect(rulesWithoutStanding(planted, new Set(['Planted.rule.cited']), checksDeclaring())).toEqual([
      'Planted.rule.noTest (MUST)',
    ]);
  });
});
