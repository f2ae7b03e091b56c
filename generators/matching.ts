import fc from 'fast-check';

const made = new Map<string, fc.Arbitrary<string>>();

/**
 * `fc.stringMatching(pattern)`, made once per pattern and shared. Making one is costly: fast-check checks its
 * dictionary of biased strings against every repetition's characters, about 0.5 ms each, and a body generator made
 * per property run made it some 600 times a default run (0.3 s of the suite worker, 2026-11-27). An arbitrary holds
 * no state between values, so sharing it changes none of the values a seed gives.
 */
export function matching(pattern: RegExp): fc.Arbitrary<string> {
  const key = `${pattern.flags}/${pattern.source}`;
  let arbitrary = made.get(key);
  if (!arbitrary) made.set(key, (arbitrary = fc.stringMatching(pattern)));
  return arbitrary;
}
