import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultKeyCacheDir } from '../../signing/index.js';
import { requirement, type RequirementId } from '../../spec/index.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

interface Step {
  name: string;
  attachments: { name: string; source: string }[];
}
interface Result {
  name: string;
  status: string;
  labels: { name: string; value: string }[];
  parameters: { name: string; value: string; excluded?: boolean }[];
  steps: Step[];
  statusDetails?: { message?: string };
}

/** A fødselsnummer-shaped value: it must never appear in a report, only masked to its last two digits. */
const IDENTITY = '24129412345';

/**
 * One small failing run, read back from allure-results as the HTML report reads it: create-200 fails the
 * X-PSU-IDENTITY test (so an identity number travels in a failed request) and the creditorName boundary test of the
 * valid side (70 letters must be 201), accept-long-creditor-name fails the breakers' test (so a counterexample and its
 * replay command are attached); a SHOULD test passes alongside.
 */
describe('Allure results of a failing run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'psd2-allure-'));
  const results: Result[] = [];
  let files: string[] = [];
  let output = '';

  beforeAll(async () => {
    const grep = 'NCBCT.creditorName.max70|X-PSU-IDENTITY|ncbct.create: a body that is not JSON';
    const run = await cli(
      [
        'run',
        '--fault',
        'accept-long-creditor-name',
        '--fault',
        'create-200',
        '--seed',
        '7',
        '--grep',
        grep,
        '--no-html',
        '--reports',
        dir,
      ],
      { PSU_IDENTITY: IDENTITY },
    );
    expect(run.code, run.stderr).toBe(1);
    output = run.stdout + run.stderr;
    const folder = join(dir, 'allure-results');
    files = readdirSync(folder).map((f) => join(folder, f));
    for (const f of files.filter((x) => x.endsWith('-result.json')))
      results.push(JSON.parse(readFileSync(f, 'utf8')) as Result);
  }, hangGuard(200_000));

  /** A text as a regular expression matches it literally (what --grep in a replay line does to a test's name). */
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** The title of the NCBCT creditorName rule's test: its cases, as the rule table derives them. */
  const CASES_TITLE =
    'NCBCT bodies that break it (creditorName: one over, in ASCII letters; creditorName: one over, in Norwegian ' +
    'letters; creditorName: one over, in Greek letters) are rejected';

  const find = (fragment: string) => {
    const r = results.find((x) => x.name.includes(fragment));
    if (!r) throw new Error(`no result named *${fragment}* among ${results.map((x) => x.name).join(' | ')}`);
    return r;
  };
  const label = (r: Result, name: string) => r.labels.filter((l) => l.name === name).map((l) => l.value);
  const attachment = (r: Result, name: string): string => {
    const a = r.steps.flatMap((s) => s.attachments).find((x) => x.name === name);
    if (!a) throw new Error(`no attachment "${name}" on ${r.name}: ${r.steps.map((s) => s.name).join(', ')}`);
    return readFileSync(join(dir, 'allure-results', a.source), 'utf8');
  };

  it(
    'a broken MUST rule is "failed" (not "broken") and labelled ' + 'epic, feature, story, severity, tags, parameters',
    () => {
      const r = find('NCBCT.creditorName.max70 [MUST]');
      expect(r.status).toBe('failed');
      expect(label(r, 'epic')).toEqual(['payments']);
      expect(label(r, 'feature')).toEqual(['ncbct.create — Initiate a Norwegian cross-border credit transfer']);
      expect(label(r, 'story')).toEqual(['NCBCT.creditorName.max70']);
      expect(label(r, 'severity')).toEqual(['critical']);
      expect(label(r, 'tag')).toEqual(['MUST', 'NCBCT']);
      expect(r.parameters).toEqual([
        { name: 'seed', value: '7', excluded: true },
        {
          name: 'case',
          value: CASES_TITLE,
          excluded: true,
        },
        { name: 'suite file', value: 'payment-bodies.suite.ts', excluded: true },
      ]);
    },
  );

  it('a SHOULD test is severity normal', () => {
    const r = find('[SHOULD] ncbct.create: a body that is not JSON');
    expect(r.status).toBe('passed');
    expect(label(r, 'severity')).toEqual(['normal']);
    expect(label(r, 'tag')).toContain('SHOULD');
  });

  it(
    'the failed property test carries the exact failing request and ' +
      'response, its curl, the counterexample and its replay command',
    () => {
      const r = find('NCBCT.creditorName.max70 [MUST]');
      const request = attachment(r, 'failing request');
      expect(request).toMatch(
        new RegExp(
          /^POST http:\/\/127\.0\.0\.1:\d+/.source +
            /\/v1\/payments\/norwegian-cross-border-credit-transfers\?allowLogicalDuplicate=true\n/.source,
        ),
      );
      expect(request).toMatch(/\nDigest: SHA-256=[A-Za-z0-9+/=]{44}\n/);
      expect(request).toMatch(
        /\nSignature: keyId="SN=[^"]+",algorithm="rsa-sha256",headers="[^"]+",signature="[^"]+"\n/,
      );
      const body = JSON.parse(request.split('\n\n')[1] as string) as { creditorName: string };
      expect(body.creditorName.length).toBeGreaterThan(70);
      expect(attachment(r, 'failing response')).toMatch(/^HTTP 200\n/);
      const curl = attachment(r, 'failing replay (curl)');
      expect(curl).toMatch(
        new RegExp(
          /\ncurl -sS -i -X POST 'http:\/\/127\.0\.0\.1:\d+/.source +
            /\/v1\/payments\/norwegian-cross-border-credit-transfers\?allowLogicalDuplicate=true' -H /.source,
        ),
      );
      expect(curl).toContain(`--data-binary '${request.split('\n\n')[1]}'`);
      const port = /^POST http:\/\/127\.0\.0\.1:(\d+)\//.exec(request)?.[1];
      expect(curl).toContain(
        `\n# The embedded bank stopped with the run; on its port again: npx psd2-conformance ` +
          `serve --port ${port} --fault 'accept-long-creditor-name' --fault 'create-200'\n`,
      );
      // The replay of the attachment goes where that command starts the bank again: the run's own is gone.
      expect(curl).toMatch(
        new RegExp(`\n#   npx psd2-conformance replay --test '.*' --base-url 'http://127\\.0\\.0\\.1:${port}'\n`),
      );
      expect(JSON.parse(attachment(r, 'counterexample (shrunk, fast-check)'))).toEqual([
        expect.objectContaining({ creditorName: expect.any(String) }),
        [
          expect.objectContaining({
            requirementId: 'NCBCT.creditorName.max70',
            label: expect.stringMatching(/^creditorName: one over, in /),
          }),
          expect.any(String),
        ],
      ]);
      expect(attachment(r, 'replay the counterexample')).toMatch(
        new RegExp(
          /^npx psd2-conformance run --fault 'accept-long-creditor-name' --fault 'create-200' --seed 7/.source +
            / --replay-path '[\d:]+' --grep '/.source +
            literal(literal(CASES_TITLE)) +
            /' --reports reports\/replay$/.source,
        ),
      );
      expect(r.statusDetails?.message).toContain('NCBCT.creditorName.max70');
    },
  );

  it(
    'a failure reads like the spec: the broken rule, its statement ' +
      'and its section in the console, JUnit and Allure',
    () => {
      const line =
        'broken: NCBCT.creditorName.max70 [MUST] creditorName has at most 70 ' +
        'characters. (interface.md › Resources › NCBCT payment request; Limits)';
      const r = find('NCBCT.creditorName.max70 [MUST]');
      // Allure's error box is the top of a failed test's page.
      expect(r.statusDetails?.message?.split('\n')[0]).toBe(line);
      expect(output).toContain(`\n      ${line}\n`);
      const failure =
        /name="NCBCT bodies &gt; NCBCT\.creditorName\.max70 [^"]*"[^>]*>\s*<failure message="([^"]*)"/.exec(
          readFileSync(join(dir, 'junit.xml'), 'utf8'),
        );
      expect(failure?.[1]?.split('&#10;')[0]).toBe(line);
      // A test that failed on a rule it does not cite names that rule first, with its section.
      const psu = find('Headers.X-PSU-IDENTITY.alternative [MUST]');
      expect(psu.statusDetails?.message).toMatch(/^broken: \S+ \[MUST\] .+\. \((interface|platform-notes)\.md/);
    },
  );

  it(
    'the console says what to do about a failure: the shrunk counterexample, the request in one line (its curl, ' +
      'with the certificate, is in the reports), the replay commands, and the SHOULD deviations by id',
    () => {
      const block = output.slice(output.indexOf('✗ NCBCT bodies > NCBCT.creditorName.max70'));
      const lines = block.split('\n');
      const at = lines.findIndex((l) => l.includes('shrunk counterexample:'));
      // The counterexample itself follows (it used to be followed by nothing), then what the checks saw.
      expect(lines[at + 1]?.trim()).toBe('[');
      expect(block).toMatch(/\n {8,}"creditorName": "/);
      expect(block).toMatch(/\n {6}request: POST http:\/\/127\.0\.0\.1:\d+\/v1\/payments\/\S+ \(the whole curl, /);
      expect(output).not.toContain('TPP-Signature-Certificate');
      expect(block).toMatch(/\n {6}replay: npx psd2-conformance run .* --replay-path '[\d:]+' --grep /);
      expect(block).toMatch(
        new RegExp(
          /\n {6}signed afresh, once `npx psd2-conformance serve --port \d+ --fault 'accept-long-creditor-name' /
            .source +
            /--fault 'create-200'` runs: npx psd2-conformance replay --test 'NCBCT bodies > .* --base-url /.source +
            /'http:\/\/127\.0\.0\.1:\d+'\n/.source,
        ),
      );
      // The warnings by rule: SHOULD rules on their line, MUST rules judged at SHOULD by a convention on theirs.
      const should = /SHOULD-level deviations recorded as warnings \(--strict fails on them; .*\): (.*)/.exec(output);
      const must =
        /MUST rules judged at SHOULD where only a convention decides .*\(--strict fails on them\): (.*)/.exec(output);
      expect(should ?? must).not.toBeNull();
      const ids = (line: RegExpExecArray | null) =>
        [...(line?.[1] ?? '').matchAll(/(\S+) \(\d+ tests?\)/g)].map((m) => m[1]);
      for (const id of ids(should)) expect(requirement(id as RequirementId).level, id).toBe('SHOULD');
      for (const id of ids(must)) expect(requirement(id as RequirementId).level, id).toBe('MUST');
    },
  );

  it('a failed example test carries the command that runs it again', () => {
    const r = find('Headers.X-PSU-IDENTITY.alternative [MUST]');
    expect(r.status).toBe('failed');
    expect(attachment(r, 'run this test again')).toMatch(
      new RegExp(
        /^npx psd2-conformance run --fault 'accept-long-creditor-name' --fault 'create-200' --seed 7 --grep/.source +
          / 'Headers\\.X-PSU-IDENTITY\\.alternative /.source,
      ),
    );
    // A replay never writes over the run's own reports.
    expect(attachment(r, 'run this test again')).toMatch(/' --reports reports\/replay$/);
  });

  it('X-PSU-IDENTITY is masked in requests, curl commands and messages; the identity number appears nowhere', () => {
    const r = find('Headers.X-PSU-IDENTITY.alternative [MUST]');
    expect(attachment(r, 'failing request')).toContain('\nX-PSU-IDENTITY: *********45\n');
    expect(attachment(r, 'failing replay (curl)')).toContain(`-H 'X-PSU-IDENTITY: *********45'`);
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toContain(IDENTITY);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('X-PSU-IDENTITY: *********45');
    expect(output).not.toContain(IDENTITY);
  });

  it('summary.json names target, profile, seed and duration; junit.xml is valid with one testcase per test', () => {
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
      target: { kind: string; description: string; url?: string; faults: string[] };
      profile: string;
      seed: number;
      durationSeconds: number;
      total: number;
      failed: number;
      failedRequirements: string[];
    };
    // The creditorName rule's two tests (its breakers accepted, its valid side answered 200 by create-200), and
    // X-PSU-IDENTITY on each payment initiation (200, not 201).
    expect(summary).toMatchObject({ profile: 'embedded', seed: 7, failed: 5 });
    expect(summary.target).toEqual({
      kind: 'embedded',
      description: 'the embedded reference bank with faults accept-long-creditor-name, create-200',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      faults: ['accept-long-creditor-name', 'create-200'],
      variants: [],
    });
    expect(output).toMatch(
      new RegExp(
        /— NOT CONFORMANT on the selected tests only \(--grep "NCBCT\.creditorName\.max70\|X-PSU-IDENTITY\|ncbct\./
          .source +
          /create: a body that is not JSON"\): \d+ MUST requirements failed \([^)]+\); .* — /.source +
          /target: the embedded reference bank /.source +
          /with /.source +
          /faults accept-long-creditor-name, create-200\n/.source,
      ),
    );
    expect(summary.durationSeconds).toBeGreaterThan(0);
    expect(summary.failedRequirements).toEqual(
      expect.arrayContaining(['NCBCT.creditorName.max70', 'Headers.X-PSU-IDENTITY.alternative']),
    );
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.match(/<testcase /g)?.length).toBe(summary.total);
    expect(xml).not.toContain(IDENTITY);
  });

  it('no private key material reaches the results', () => {
    const identity = JSON.parse(readFileSync(join(defaultKeyCacheDir(), 'test-identity.json'), 'utf8')) as Record<
      'privateKeyPem' | 'caPrivateKeyPem' | 'certificatePem',
      string
    >;
    // A private key holds the public modulus, which the certificate (sent in every signed request) holds too.
    const publicBase64 = identity.certificatePem.replaceAll('\n', '');
    const keyLines = [identity.privateKeyPem, identity.caPrivateKeyPem].flatMap((pem) =>
      pem.split('\n').filter((l) => l.length >= 40 && !l.startsWith('-----') && !publicBase64.includes(l)),
    );
    expect(keyLines.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toContain('PRIVATE KEY');
      for (const line of keyLines) expect(text.includes(line), `${f} holds a line of a private key`).toBe(false);
    }
  });
});
