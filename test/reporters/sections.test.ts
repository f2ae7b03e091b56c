import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../../spec/index.js';
import { SPEC_OUTLINES, outline, unresolvedPaths } from './spec-outline.js';

const problems = (section: string) => unresolvedPaths(section, SPEC_OUTLINES);

/**
 * A failure shows its rule's interface.md section beside the id: the section must lead a reader to a place
 * that exists. test262 lints its `esid` against the spec the same way (esid_valid.py).
 */
describe('catalogue sections name places of interface.md and platform-notes.md, or articles of PSD2', () => {
  it.each(REQUIREMENTS.map((r) => [r.id, r.section] as const))('%s: %s', (_id, section) => {
    expect(problems(section)).toEqual([]);
  });

  it.each([
    'Resources › Shared types › Amount; Limits',
    'Endpoints › Header groups › Group S; Authentication 3',
    'Endpoints › 3, 4, 5 (query)',
    'Errors rule 2; Versioning 5 (release 1.7.0)',
    'Errors (rules 1 and 4 generalised)',
    'Endpoints › 9. Get sandbox account transactions',
    'What the service does › 6',
    'Resources › TransactionStatus',
    'States and transitions › Payment transaction status',
    'platform-notes.md › Berlin Group conventions (RESOURCE_UNKNOWN from the body)',
    'Authentication 1 (Date is signed; a clock-skew window is not shown)',
    'PSD2 › Directive (EU) 2015/2366 Art. 66(3)(d); Delegated Regulation (EU) 2018/389 (RTS) Art. 34(1), 35',
  ])('resolves %s', (section) => {
    expect(problems(section)).toEqual([]);
  });

  it.each([
    ['Errors rule 5', /"Errors" has no rule or heading 5/],
    ['Resources › Shared types › Amounts', /no "Amounts" under "Shared types"/],
    ['Header groups › Group S', /no section "Header groups"/],
    ['Endpoints › 3, 4, 10', /"Endpoints" has no rule or heading 10/],
    ['Versioning 1.7.0', /no section "Versioning 1.7.0"/],
    ['Errors; Berlin Group convention', /no section "Berlin Group convention"/],
    ['platform-notes.md', /names no section/],
    ['platform-notes.md › real client set-up calls', /no section "real client set-up calls"/],
    ['PSD2 › Directive (EU) 2015/2366 Art. 67(2)(c)', /Art\. 67\(2\)\(c\): not an article the catalogue cites/],
    ['PSD2 › Regulation (EU) 2016/679 Art. 5', /names neither Directive \(EU\) 2015\/2366 nor/],
  ])('refuses %s', (section, why) => {
    expect(problems(section).join('\n')).toMatch(why);
  });

  it('reads headings, bold labels and numbered rules, but nothing inside code fences', () => {
    const tree = outline(
      [
        '# Title',
        '## Errors',
        '1. one',
        '   2. indented: not a rule',
        '```',
        '3. fenced: not a rule',
        '## not a heading inside a fence',
        '```',
        '**Label**: text',
        '### 1. Sub',
      ].join('\n'),
    );
    expect(tree.children.map((c) => c.title)).toEqual(['Errors']);
    const errors = tree.children[0];
    expect([...(errors?.rules ?? [])]).toEqual([1]);
    expect(errors?.children.map((c) => c.title)).toEqual(['Label', '1. Sub']);
  });
});
