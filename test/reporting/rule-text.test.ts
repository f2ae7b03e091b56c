import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allureKey, outcomeKey } from '../../run-model/index.js';
import { annotateFailedResults } from '../../reporting/annotate-results.js';
import { annotateFailures } from '../../reporting/junit.js';
import { ruleLine } from '../../run-model/index.js';
import type { TestOutcome } from '../../run-model/index.js';
import type { RequirementId } from '../../spec/index.js';

const MAX70 =
  'NCBCT.creditorName.max70 [MUST] creditorName has at most 70 characters. ' +
  '(interface.md › Resources › NCBCT payment request; Limits)';

const failed = (name: string, failedChecks: RequirementId[]): TestOutcome => ({
  name,
  file: '/somewhere/suites/payment-bodies.suite.ts',
  state: 'failed',
  durationMs: 5,
  meta: { requirementIds: ['NCBCT.creditorName.max70'], level: 'MUST', operation: 'ncbct.create', failedChecks },
  errors: ['property failed'],
});

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

  it('junit: failure messages start with the rules, once, however often report runs', () => {
    const xml = [
      '<testsuite name="suites/payment-bodies.suite.ts">',
      '<testcase classname="suites/payment-bodies.suite.ts" name="NCBCT bodies &gt; max70 &apos;x&apos;" time="0.1">',
      '    <failure message="property failed" type="PropertyAssertionError">stack</failure>',
      '</testcase>',
      '<testcase classname="suites/payment-bodies.suite.ts" name="passes" time="0.1"></testcase>',
      '</testsuite>',
    ].join('\n');
    const lines = (name: string) => (name === "NCBCT bodies > max70 'x'" ? [`broken: ${MAX70}`, 'broken: B'] : []);
    const once = annotateFailures(xml, lines);
    expect(once).toContain(
      `<failure message="broken: ${MAX70.replaceAll('>', '&gt;')}&#10;broken: B&#10;property failed" type=`,
    );
    expect(annotateFailures(once, lines)).toBe(once);
    expect(annotateFailures(xml, () => [])).toBe(xml);
  });

  it(
    'Allure: the failed result of the outcome gets the lines, ' + 'passed ones and other tests are left alone',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'psd2-annotate-'));
      const outcome = failed('NCBCT bodies > NCBCT.creditorName.max70 [MUST] long names', [
        'Errors.invalidRequest.never2xx',
        'NCBCT.creditorName.max70',
      ]);
      const fullName =
        'psd2-conformance:suites/payment-bodies.suite.ts#NCBCT bodies NCBCT.creditorName.max70 [MUST] long names';
      expect(allureKey(fullName)).toBe(outcomeKey(outcome));
      const write = (file: string, status: string, name = fullName) =>
        writeFileSync(join(dir, file), JSON.stringify({ fullName: name, status, statusDetails: { message: 'boom' } }));
      write('a-result.json', 'failed');
      write('b-result.json', 'passed');
      write('c-result.json', 'failed', 'psd2-conformance:suites/other.suite.ts#another test');
      expect(await annotateFailedResults([dir, join(dir, 'missing')], [outcome])).toBe(1);
      const message = (f: string) =>
        (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { statusDetails: { message: string } }).statusDetails
          .message;
      // The rule the test cites first, then the uniform check it tripped on the way.
      expect(message('a-result.json').split('\n')).toEqual([
        `broken: ${MAX70}`,
        expect.stringMatching(/^broken: Errors\.invalidRequest\.never2xx \[MUST\] .+ \(interface\.md › Errors\)$/),
        '',
        'boom',
      ]);
      expect([message('b-result.json'), message('c-result.json')]).toEqual(['boom', 'boom']);
      expect(await annotateFailedResults([dir], [outcome])).toBe(0);
    },
  );
});
