import { describe, expect, it } from 'vitest';
import { coverageMarkdown } from '../../reporters/coverage.reporter.js';
import { coverage, type TestOutcome } from '../../run-model/index.js';
import { REQUIREMENTS, type RequirementId } from '../../spec/index.js';

const outcome = (ids: RequirementId[], state: TestOutcome['state'], notTestable?: string): TestOutcome => ({
  name: ids.join('+'),
  file: 'f',
  state,
  durationMs: 0,
  meta: { requirementIds: ids, level: 'MUST', operation: 'ncbct.create', ...(notTestable ? { notTestable } : {}) },
  errors: [],
});

describe('requirement coverage matrix', () => {
  const rows = coverage([
    outcome(['NCBCT.creditorName.max70'], 'passed'),
    outcome(['NCBCT.creditorName.max70', 'Errors.kid.400'], 'failed'),
    outcome(['Sandbox.engagement.create.201'], 'skipped', 'sandbox operation: not run by the production profile'),
  ]);
  const row = (id: string) => rows.find((r) => r.id === id);

  it('lists every catalogue requirement exactly once', () => {
    expect(rows.map((r) => r.id)).toEqual(REQUIREMENTS.map((r) => r.id));
  });

  it('a requirement fails when any test citing it fails; passes when its tests pass', () => {
    expect(row('NCBCT.creditorName.max70')?.state).toBe('failed');
    expect(row('Errors.kid.400')?.state).toBe('failed');
    expect(row('Sandbox.engagement.create.201')).toMatchObject({
      state: 'skipped',
      note: 'sandbox operation: not run by the production profile',
    });
    expect(row('Auth.history.90days')?.state).toBe('not observable');
    expect(row('NCBCT.purposeCode.enum')).toMatchObject({
      state: 'untested',
      note: 'no test cites it and no registered check declares it',
    });
  });

  it(
    'a requirement judged by a uniform check counts as covered, ' + 'and fails only when that check failed the test',
    () => {
      const judged = (state: TestOutcome['state'], failedChecks?: RequirementId[]): TestOutcome => ({
        ...outcome(['Payment.create.201'], state),
        meta: {
          requirementIds: ['Payment.create.201'],
          level: 'MUST',
          operation: 'ncbct.create',
          judged: ['Link.verbs.enum', 'Errors.body.shape'],
          ...(failedChecks ? { failedChecks } : {}),
        },
      });
      const passed = coverage([judged('passed')]);
      expect(passed.find((r) => r.id === 'Link.verbs.enum')?.state).toBe('passed');
      const failed = coverage([judged('failed', ['Link.verbs.enum'])]);
      expect(failed.find((r) => r.id === 'Link.verbs.enum')?.state).toBe('failed');
      expect(failed.find((r) => r.id === 'Errors.body.shape')?.state).not.toBe('failed');
    },
  );

  it('a rule whose only test failed on another rule first is inconclusive, naming that rule', () => {
    const row = coverage([
      {
        ...outcome(['Auth.signature.valid'], 'failed'),
        meta: {
          requirementIds: ['Auth.signature.valid'],
          level: 'MUST',
          operation: 'ncbct.create',
          failedChecks: ['PaymentResponse.psuMessage.max512'],
        },
      },
    ]);
    expect(row.find((r) => r.id === 'Auth.signature.valid')).toMatchObject({
      state: 'inconclusive',
      note: 'its tests failed first on PaymentResponse.psuMessage.max512',
    });
    expect(row.find((r) => r.id === 'PaymentResponse.psuMessage.max512')?.state).toBe('not observed');
  });

  it('renders the broken rules first with their failed tests, then a Markdown table row per requirement', () => {
    const md = coverageMarkdown(rows, 'test');
    const [broken, every] = md.split('## Every requirement') as [string, string];
    expect(broken).toContain(
      '- **`NCBCT.creditorName.max70`** (MUST; interface.md › Resources › NCBCT payment request; Limits), failed by: ' +
        'NCBCT.creditorName.max70+Errors.kid.400\n',
    );
    expect(broken.split('\n').filter((l) => l.startsWith('- **`')).length).toBe(2);
    expect(every).toContain('| `NCBCT.creditorName.max70` | MUST | **FAILED** | 2 |  |');
    expect(every).toContain('| `Auth.history.90days` | MUST | not observable | 0 |');
    expect(every.split('\n').filter((l) => l.startsWith('| `')).length).toBe(REQUIREMENTS.length);
  });

  it(
    'a rule only checks judge is not observed when no answer showed its situation, and passed once one did: ' +
      'a bank that never answers 500 is not seen to put SYSTEM_ERROR in its 500s',
    () => {
      const ran = outcome(['Payment.create.201'], 'passed');
      const never = coverage([ran]).find((r) => r.id === 'Errors.serverError.systemError');
      expect(never).toMatchObject({ state: 'not observed', note: expect.stringContaining('error_code_conformance') });
      const seen = coverage([{ ...ran, meta: { ...ran.meta, judged: ['Errors.serverError.systemError'] } }]);
      expect(seen.find((r) => r.id === 'Errors.serverError.systemError')?.state).toBe('passed');
      // Before any test ran, nothing was not observed: the rule's tests were skipped.
      const none = coverage([outcome(['Payment.create.201'], 'skipped')]);
      expect(none.find((r) => r.id === 'Errors.serverError.systemError')?.state).toBe('skipped');
    },
  );

  it('lists the rules not judged with their reasons, the place the verdict line points to', () => {
    const md = coverageMarkdown(rows, 'test');
    const section = md.slice(md.indexOf('## Rules not judged, and why'), md.indexOf('## Every requirement'));
    expect(section).toContain(
      '- `Auth.history.90days` (MUST) not observable: account information operations are not shown in interface.md',
    );
    expect(section).toContain('- `NCBCT.purposeCode.enum` (MUST) untested: no test cites it and no registered check');
  });

  it('a clean run has no broken-rules section', () => {
    const md = coverageMarkdown(coverage([outcome(['NCBCT.creditorName.max70'], 'passed')]), 'clean');
    expect(md).not.toContain('Broken rules');
    expect(md).toContain('| `NCBCT.creditorName.max70` | MUST | passed | 1 |  |');
  });
});
