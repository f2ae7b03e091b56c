import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingSummary } from '../../reporters/console-summary.js';
import { reportFolders } from '../../reporters/index.js';
import { junitXml } from '../../reporters/junit.reporter.js';
import {
  buildReport,
  embeddedTarget,
  mergeTargets,
  remoteTarget,
  summarise,
  type ReportSummary,
  type Target,
  type TestOutcome,
} from '../../run-model/index.js';
import { pageData } from '../support/allure-page.js';
import { hangGuard } from '../support/bounds.js';

const outcome = (state: TestOutcome['state']): TestOutcome => ({
  name: 'ncbct > NCBCT.creditorName.max70 [MUST] a creditor name of 71 characters is refused',
  file: '/x/suites/ncbct.suite.ts',
  state,
  durationMs: 3,
  meta: { requirementIds: ['NCBCT.creditorName.max70'], level: 'MUST', operation: 'ncbct.create' },
  errors: state === 'failed' ? ['NCBCT.creditorName.max70: 201 where 400 was expected'] : [],
});
const lastLine = (text: string) => text.split('\n').at(-1);

describe('the target in words', () => {
  it('the embedded bank is named as such, with its faults and variants; a remote bank by URL and profile', () => {
    expect(embeddedTarget({ url: 'http://127.0.0.1:40001' })).toEqual({
      kind: 'embedded',
      description: 'the embedded reference bank',
      url: 'http://127.0.0.1:40001',
      faults: [],
      variants: [],
    });
    expect(embeddedTarget({ faults: ['create-200'] }).description).toBe(
      'the embedded reference bank with fault create-200',
    );
    expect(embeddedTarget({ faults: ['a', 'b'], variants: ['fees-always'] }).description).toBe(
      'the embedded reference bank with faults a, b and variant fees-always',
    );
    expect(embeddedTarget({ variants: ['x', 'y'] }).description).toBe('the embedded reference bank with variants x, y');
    expect(remoteTarget('https://bank.example/api-sandbox', 'production')).toEqual({
      kind: 'remote',
      description: 'https://bank.example/api-sandbox (profile production)',
      url: 'https://bank.example/api-sandbox',
      profile: 'production',
    });
  });

  it('the verdict line names the target judged', () => {
    const embedded = embeddedTarget({ url: 'http://127.0.0.1:1' });
    const closing = (target: Target, outcomes: TestOutcome[]) =>
      closingSummary(
        buildReport([{ dir: 'r', outcomes, info: { target, seed: 1, durationSeconds: 2 } }], { strict: false }),
        'reports',
      );
    expect(lastLine(closing(embedded, [outcome('passed')]))).toMatch(
      /^1 passed, 0 failed, 0 skipped — CONFORMANT: \d+ MUST rules? judged, .* — target: the embedded reference bank$/,
    );
    const remote = closing(remoteTarget('https://bank.example', 'sandbox'), [outcome('failed')]);
    expect(lastLine(remote)).toMatch(
      new RegExp(
        /^0 passed, 1 failed, 0 skipped — NOT CONFORMANT: 1 MUST requirement failed \(NCBCT\.creditorName\.max70\); /
          .source + /.* — target: https:\/\/bank\.example \(profile sandbox\)$/.source,
      ),
    );
    expect(remote.split('\n')[1]).toBe(
      'psd2-conformance: 1 tests against https://bank.example (profile sandbox) (seed 1, 2.0 s)',
    );
  });

  it('shards of one embedded run merge into one target without their ports; different targets are all named', () => {
    const one = embeddedTarget({ url: 'http://127.0.0.1:1', faults: ['f'] });
    const two = embeddedTarget({ url: 'http://127.0.0.1:2', faults: ['f'] });
    expect(mergeTargets([one, two])).toEqual({
      kind: 'embedded',
      description: 'the embedded reference bank with fault f',
      faults: ['f'],
      variants: [],
    });
    const bank = remoteTarget('https://bank.example', 'sandbox');
    expect(mergeTargets([bank, bank])).toEqual(bank);
    expect(mergeTargets([bank, one])).toEqual({
      kind: 'several',
      description: 'https://bank.example (profile sandbox); the embedded reference bank with fault f',
      targets: [bank, one],
    });
    expect(mergeTargets([undefined])).toEqual({ kind: 'unknown', description: 'an unknown target' });
  });
});

describe('junit.xml names the target', () => {
  it('in the root name and in a property block on every suite, escaped', () => {
    const target = remoteTarget('https://b.example/?a=1&b="2"', 'sandbox');
    const two = [outcome('passed'), { ...outcome('passed'), file: '/x/suites/other.suite.ts' }];
    const xml = junitXml(buildReport([{ dir: 'r', outcomes: two, info: { target, seed: 1 } }], { strict: false }));
    expect(xml).toContain('<testsuites name="psd2-conformance: https://b.example/?a=1&amp;b=&quot;2&quot; (profile');
    const property =
      '<property name="psd2-conformance.target.url" value="https://b.example/?a=1&amp;b=&quot;2&quot;"/>';
    expect(xml.split(property).length - 1).toBe(2);
  });
});

describe('the reporters name a remote target in every report', () => {
  it('summary.json, junit.xml, coverage.md and the Allure HTML', { timeout: hangGuard(120_000) }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'psd2-remote-report-'));
    const target = remoteTarget('https://bank.example/api-sandbox', 'sandbox');
    const outcomes = [outcome('passed'), { ...outcome('skipped'), name: 'ncbct > skipped one' }];
    writeFileSync(join(dir, 'outcomes.json'), JSON.stringify(outcomes));
    writeFileSync(
      join(dir, 'summary.json'),
      JSON.stringify({ target, profile: 'sandbox', seed: 5, durationSeconds: 1, ...summarise(outcomes, false) }),
    );
    mkdirSync(join(dir, 'allure-results'));
    const lines: string[] = [];
    await reportFolders({ inputs: [dir], out: dir, strict: false, html: true, log: (l) => lines.push(l) });

    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as ReportSummary;
    expect(summary.target).toEqual(target);
    expect(summary.profile).toBe('sandbox');
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('<testsuites name="psd2-conformance: https://bank.example/api-sandbox (profile sandbox)"');
    for (const property of [
      '<property name="psd2-conformance.target" value="https://bank.example/api-sandbox (profile sandbox)"/>',
      '<property name="psd2-conformance.target.kind" value="remote"/>',
      '<property name="psd2-conformance.target.url" value="https://bank.example/api-sandbox"/>',
      '<property name="psd2-conformance.profile" value="sandbox"/>',
    ])
      expect(junit).toContain(property);
    expect(readFileSync(join(dir, 'coverage.md'), 'utf8').split('\n').slice(0, 3)).toEqual([
      '# Requirement coverage of https://bank.example/api-sandbox (profile sandbox)',
      '',
      expect.stringMatching(
        new RegExp(
          /^CONFORMANT: 1 MUST rule judged, .*\. Target: https:\/\/bank\.example\/api-sandbox \(profile sandbox\); /
            .source + /profile sandbox, seed 5\.$/.source,
        ),
      ),
    ]);
    const html = JSON.parse(readFileSync(join(dir, 'html', 'summary.json'), 'utf8')) as { name: string };
    // The report's title says the verdict first (the browser tab too).
    expect(html.name, lines.join('\n')).toBe(
      'CONFORMANT · psd2-conformance: https://bank.example/api-sandbox (profile sandbox)',
    );
    const variables = pageData<Record<string, string>>(join(dir, 'html', 'index.html'), 'widgets/variables.json');
    expect(variables).toMatchObject({
      Target: 'https://bank.example/api-sandbox (profile sandbox)',
      'Target kind': 'remote',
      Profile: 'sandbox',
    });
    expect(readFileSync(join(dir, 'html', 'index.html'), 'utf8')).toContain(
      '<title> CONFORMANT · psd2-conformance: https://bank.example/api-sandbox (profile sandbox) </title>',
    );
  });
});
