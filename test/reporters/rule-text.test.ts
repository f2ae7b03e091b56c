import { describe, expect, it } from 'vitest';
import { allureKey, outcomeKey, ruleLine } from '../../run-model/index.js';

const MAX70 =
  'NCBCT.creditorName.max70 [MUST] creditorName has at most 70 characters. ' +
  '(interface.md › Resources › NCBCT payment request; Limits)';

describe('a broken rule in words', () => {
  it(
    'names level, statement and section beside the id; ' + 'platform-notes.md sections are not put under interface.md',
    () => {
      expect(ruleLine('NCBCT.creditorName.max70')).toBe(MAX70);
      expect(ruleLine('Sandbox.setup.noMod11')).toMatch(
        new RegExp(
          /^Sandbox\.setup\.noMod11 \[SHOULD\] .+ \(platform-notes\.md › Paths \(a real client's sandbox/.source +
            / set-up calls\)\)$/.source,
        ),
      );
      expect(ruleLine('Not.in.catalogue')).toBe('Not.in.catalogue');
    },
  );

  it('a test is one key in outcomes and in Allure results, wherever the run started', () => {
    const fullName =
      'psd2-conformance:suites/payment-bodies.suite.ts#NCBCT bodies NCBCT.creditorName.max70 [MUST] long names';
    const outcome = {
      file: '/somewhere/suites/payment-bodies.suite.ts',
      name: 'NCBCT bodies > NCBCT.creditorName.max70 [MUST] long names',
    };
    expect(allureKey(fullName)).toBe(outcomeKey(outcome));
    expect(outcomeKey(outcome)).toBe('payment-bodies.suite.ts#NCBCT bodies NCBCT.creditorName.max70 [MUST] long names');
  });
});
