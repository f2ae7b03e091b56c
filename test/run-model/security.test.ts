import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../checks/index.js';
import { closingSummary } from '../../reporters/console-summary.js';
import { coverageTitle } from '../../reporters/coverage.reporter.js';
import { verdictBanner } from '../../reporters/verdict-banner.js';
import {
  RunRecorder,
  asSecurityFindings,
  buildReport,
  embeddedTarget,
  ruleLine,
  securityVerdict,
  type PlannedTest,
  type RunStart,
  type TestOutcome,
} from '../../run-model/index.js';
import { readRunFolder } from '../../run-model/record.js';
import { REQUIREMENTS, requirement, type RequirementId } from '../../spec/index.js';
import { outcome, planned } from '../support/outcomes.js';

const PSD2 =
  'PSD2 › Directive (EU) 2015/2366 Art. 66(3)(d), 66(4)(a), 66(4)(b); Delegated Regulation (EU) 2018/389 (RTS) ' +
  'Art. 30(1)(a) and (c), 34(1), 35';

const meta = (id: string): PlannedTest['meta'] =>
  ({ requirementIds: [id], level: 'MUST', operation: 'payment.status' }) as PlannedTest['meta'];

/** A security test's outcome: broke its rule (failedChecks), warned of it, passed clean or did not run. */
function security(id: RequirementId, how: 'broke' | 'warned' | 'held' | 'not run'): TestOutcome {
  const base = outcome(id, how === 'broke' ? 'failed' : how === 'not run' ? 'skipped' : 'passed', meta(id));
  if (how === 'broke') base.meta = { ...base.meta, failedChecks: [id] };
  if (how === 'warned')
    base.meta = { ...base.meta, warnings: [{ requirementId: id, message: "another TPP's GET got 200" }] };
  if (how === 'not run') base.note = 'the second TPP cannot use its own payments';
  return base;
}

const result = (requirementId: RequirementId, ok: boolean): CheckResult => ({
  check: 'other_tpp_refused',
  requirementId,
  level: requirement(requirementId).level,
  ok,
  message: ok ? 'refused' : "another TPP's GET got 200",
});

describe('the security rules are MUST, stated by PSD2 (spec/requirements/psd2.ts)', () => {
  const rules = REQUIREMENTS.filter((r) => r.category === 'security');

  it('each is a MUST whose section is the PSD2 articles of its source, and says why they state it', () => {
    expect(rules.map((r) => r.id)).toEqual([
      'Security.otherTpp.payment',
      'Security.otherTpp.basket',
      'Security.otherTpp.authorisation',
    ]);
    for (const r of rules) {
      expect(r.level).toBe('MUST');
      expect(r.source?.text).toBe('PSD2');
      expect(r.section).toBe(PSD2);
      expect(r.source?.why).toMatch(/identif/);
    }
  });

  it('a broken one prints its PSD2 source beside it, not interface.md', () => {
    expect(ruleLine('Security.otherTpp.payment')).toBe(
      'Security.otherTpp.payment [MUST] A payment initiated by one TPP is refused (4xx) to another TPP: its status, ' +
        `its detail, its authorisation and a basket of it. (${PSD2})`,
    );
  });

  it('only rules of category security have a PSD2 source', () => {
    for (const r of REQUIREMENTS) expect(r.source === undefined, r.id).toBe(r.category !== 'security');
  });
});

describe('--security-findings (run-model/security.ts)', () => {
  const results = [
    result('Security.otherTpp.payment', false),
    result('Security.otherTpp.basket', true),
    result('Journey.paymentStatus.inSet', false),
  ];

  it('fail leaves every result as the catalogue levels it', () => {
    expect(asSecurityFindings(results, 'fail')).toEqual(results);
    expect(asSecurityFindings(results)).toEqual(results);
  });

  it('warn makes a failed security check a SHOULD one, and nothing else', () => {
    expect(asSecurityFindings(results, 'warn').map((r) => r.level)).toEqual(['SHOULD', 'MUST', 'MUST']);
  });
});

describe('the security verdict line', () => {
  it('FAILED names the rules broken and their PSD2 source, and says it fails the run', () => {
    const verdict = securityVerdict([
      security('Security.otherTpp.payment', 'broke'),
      security('Security.otherTpp.basket', 'held'),
      security('Security.otherTpp.authorisation', 'held'),
      outcome('other', 'failed'),
    ]);
    expect(verdict).toMatchObject({ state: 'FAILED', failed: ['Security.otherTpp.payment'], warned: [], tests: 3 });
    expect(verdict?.line).toBe(
      `security: FAILED — another TPP reached a TPP's resources: Security.otherTpp.payment (${PSD2}) — a MUST of ` +
        'PSD2: it fails the run',
    );
  });

  it('DEVIATION under --security-findings warn: recorded as a warning, and the line says so', () => {
    const verdict = securityVerdict(
      [security('Security.otherTpp.payment', 'warned'), security('Security.otherTpp.basket', 'not run')],
      'warn',
    );
    expect(verdict?.state).toBe('DEVIATION');
    expect(verdict?.line).toBe(
      "security: DEVIATION, recorded as a warning by --security-findings warn — another TPP reached a TPP's " +
        `resources: Security.otherTpp.payment (${PSD2}) — without that option it fails the run; 1 of 2 tests judged ` +
        'nothing',
    );
  });

  it('HELD when every test that ran refused the other TPP; NOT JUDGED when none could; none without such tests', () => {
    expect(securityVerdict([security('Security.otherTpp.payment', 'held')])?.line).toBe(
      `security: HELD — no other TPP reached a TPP's payment, basket or authorisation (1 test; ${PSD2})`,
    );
    expect(securityVerdict([security('Security.otherTpp.payment', 'not run')])?.line).toBe(
      'security: NOT JUDGED — none of its 1 test judged another TPP (the second TPP cannot use its own payments)',
    );
    expect(securityVerdict([outcome('other', 'failed')])).toBeUndefined();
  });
});

describe('a security failure gates the run, in every report', () => {
  const start = (findings?: 'warn'): RunStart => ({
    target: embeddedTarget({ url: 'http://127.0.0.1:1', faults: ['journey-tpp-payment-readable'] }),
    profile: 'embedded',
    seed: 5,
    strict: false,
    startedAt: 1000,
    ...(findings ? { securityFindings: findings } : {}),
  });
  const run = (findings: 'warn' | undefined, tested: TestOutcome) => {
    const recorder = new RunRecorder();
    recorder.onEvent({ type: 'started', run: start(findings) });
    recorder.onEvent({ type: 'planned', tests: [planned(tested.name, tested.meta)] });
    recorder.onEvent({ type: 'test-finished', outcome: tested });
    recorder.onEvent({ type: 'ended', end: { kind: 'completed' }, at: 2000 });
    return recorder.record('reports');
  };

  it('NOT CONFORMANT and exit 1, with the security line in the console, coverage.md, junit and the HTML banner', () => {
    const report = buildReport([run(undefined, security('Security.otherTpp.payment', 'broke'))], { strict: false });
    expect(report.summary.exitCode).toBe(1);
    expect(report.summary.verdict).toBe('NOT CONFORMANT');
    expect(report.summary.security?.state).toBe('FAILED');
    const line = report.summary.security?.line as string;
    expect(closingSummary(report, 'reports').split('\n').at(-2)).toBe(line);
    expect(coverageTitle(report).split('\n\n')).toContain(line);
    expect(verdictBanner(report)).toContain('data-security="FAILED"');
  });

  it('--security-findings warn: CONFORMANT, the line says it only recorded the deviation, and so does a report', () => {
    const warned = run('warn', security('Security.otherTpp.payment', 'warned'));
    const report = buildReport([warned], { strict: false });
    expect(report.summary.exitCode).toBe(0);
    expect(report.summary.security).toMatchObject({ state: 'DEVIATION', findings: 'warn' });
    const dir = mkdtempSync(join(tmpdir(), 'psd2-security-'));
    try {
      writeFileSync(join(dir, 'summary.json'), JSON.stringify(report.summary));
      writeFileSync(join(dir, 'outcomes.json'), JSON.stringify(warned.outcomes));
      const again = buildReport([readRunFolder(dir)], { strict: false, out: 'merged' });
      expect(again.summary.security).toEqual(report.summary.security);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
