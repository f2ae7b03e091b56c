import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matching } from '../../generators/matching.js';

describe('matching: fc.stringMatching made once per pattern', () => {
  it('gives the same arbitrary for the same pattern, and another for another pattern or flags', () => {
    expect(matching(/^[0-9]{8,20}$/)).toBe(matching(/^[0-9]{8,20}$/));
    expect(matching(/^[0-9]{8,20}$/)).not.toBe(matching(/^[0-9]{8,21}$/));
    expect(matching(/^[a-z]{2}$/)).not.toBe(matching(/^[a-z]{2}$/u));
  });

  it('gives, for a seed, the values fc.stringMatching gives, however often it is asked (no state between uses)', () => {
    const pattern = /^[A-Za-z0-9-]{1,35}$/;
    const fresh = fc.sample(fc.stringMatching(pattern), { seed: 20261127, numRuns: 50 });
    matching(pattern); // used once before: sharing must not change what a seed gives
    expect(fc.sample(matching(pattern), { seed: 20261127, numRuns: 50 })).toEqual(fresh);
    expect(fresh.every((value) => pattern.test(value))).toBe(true);
  });
});
