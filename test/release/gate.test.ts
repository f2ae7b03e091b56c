import { describe, expect, it } from 'vitest';
import { gate } from '../../release/gate.js';
import type { KnownFinding } from '../../release/known-findings.js';
import { rule, test, view } from './views.js';

const clean = view(
  [test('t.name', 'passed'), test('t.old', 'failed', { broke: ['R.old'] }), test('t.should', 'passed')],
  [rule('NCBCT.creditorName.max70', 'passed'), rule('R.old', 'failed')],
);
const faulty = view(
  [
    test('t.name', 'failed', { broke: ['NCBCT.creditorName.max70'] }),
    test('t.old', 'failed', { broke: ['R.old'] }),
    test('t.should', 'failed', { level: 'SHOULD', broke: ['R.should'] }),
  ],
  [rule('NCBCT.creditorName.max70', 'failed'), rule('R.old', 'failed'), rule('R.should', 'failed', 'SHOULD')],
);
const finding = (id: string, expires = '2030-01-01'): KnownFinding => ({ id, reason: 'r', ticket: 'T-1', expires });
const today = '2026-06-01';

describe('the release gate', () => {
  it('without a baseline or findings, every failed MUST test gates (SHOULD ones under --strict)', () => {
    expect(gate({ head: faulty, strict: false, today }).gating.map((g) => g.test)).toEqual(['t.name', 't.old']);
    expect(gate({ head: faulty, strict: true, today }).gating.map((g) => g.test)).toEqual([
      't.name',
      't.old',
      't.should',
    ]);
    expect(gate({ head: clean, base: clean, strict: false, today }).exitCode).toBe(0);
  });

  it('with a baseline, only a regression gates; what failed before is still failing', () => {
    const result = gate({ head: faulty, base: clean, strict: false, today });
    expect(result.exitCode).toBe(1);
    expect(result.gating).toEqual([{ test: 't.name', level: 'MUST', why: 'new failure (passed in the baseline)' }]);
    expect(result.stillFailing).toEqual([{ test: 't.old', level: 'MUST' }]);
    expect(result.diff?.requirements.newFailures.map((c) => c.id)).toEqual(['NCBCT.creditorName.max70']);
    expect(result.diff?.requirements.added.map((c) => c.id)).toEqual(['R.should']);
  });

  it('a test failing before and now breaking one more rule is a regression', () => {
    const worse = view([test('t.old', 'failed', { broke: ['R.old', 'R.more'] })], [rule('R.more', 'failed')]);
    const before = view([test('t.old', 'failed', { broke: ['R.old'] })], [rule('R.more', 'passed')]);
    expect(gate({ head: worse, base: before, strict: false, today }).gating).toEqual([
      { test: 't.old', level: 'MUST', why: 'breaks R.more, which did not fail in the baseline' },
    ]);
  });

  it('a new test that fails is a regression', () => {
    const result = gate({ head: view([test('t.new', 'failed')]), base: view([]), strict: false, today });
    expect(result.gating).toEqual([{ test: 't.new', level: 'MUST', why: 'new test, failing' }]);
  });

  it('--strict takes the baseline leniency away', () => {
    const result = gate({ head: faulty, base: clean, strict: true, today });
    expect(result.gating.map((g) => g.test)).toEqual(['t.name', 't.old', 't.should']);
    expect(result.stillFailing).toEqual([]);
  });

  it('a known finding makes its failure known, not gating, until it expires', () => {
    const known = gate({
      head: faulty,
      base: clean,
      strict: false,
      today,
      findings: [finding('NCBCT.creditorName.max70', '2026-06-01')],
    });
    expect(known.exitCode).toBe(0);
    expect(known.known).toEqual([
      { test: 't.name', level: 'MUST', findings: [finding('NCBCT.creditorName.max70', '2026-06-01')] },
    ]);
    expect(known.expired).toEqual([]);
    const expired = gate({
      head: faulty,
      base: clean,
      strict: false,
      today: '2026-06-02',
      findings: [finding('NCBCT.creditorName.max70', '2026-06-01')],
    });
    expect(expired.exitCode).toBe(1);
    expect(expired.known).toEqual([]);
    expect(expired.expired).toEqual([
      { finding: finding('NCBCT.creditorName.max70', '2026-06-01'), matches: ['t.name'] },
    ]);
  });

  it('a test is known by its name, or when every rule it broke is listed', () => {
    const two = view([test('t.two', 'failed', { broke: ['R.a', 'R.b'] })]);
    expect(gate({ head: two, strict: false, today, findings: [finding('R.a')] }).exitCode).toBe(1);
    expect(gate({ head: two, strict: false, today, findings: [finding('R.a'), finding('R.b')] }).exitCode).toBe(0);
    expect(gate({ head: two, strict: false, today, findings: [finding('t.two')] }).known).toHaveLength(1);
  });

  it('an entry that matched no failure is unused, with a hint when its id names nothing', () => {
    const result = gate({
      head: faulty,
      strict: false,
      today,
      findings: [finding('NCBCT.creditorName.max35'), finding('Errors.kid.400'), finding('t.name')],
    });
    expect(result.unused).toEqual([
      {
        finding: finding('NCBCT.creditorName.max35'),
        hint: 'no requirement or test of this run has this id (did you mean NCBCT.creditorName.max70?)',
      },
      { finding: finding('Errors.kid.400') },
    ]);
    expect(result.gating.map((g) => g.test)).toEqual(['t.old']);
  });
});
