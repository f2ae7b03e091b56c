import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenedVerify, importX509 } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../../spec/index.js';
import { sha256 } from '../../release/evidence/files.js';
import { catalogueFacts, interfaceFacts, readToolFactsSoon, toolFacts } from '../../release/evidence/facts.js';
import { signDetached, verifyDetached } from '../../release/evidence/jws.js';
import { maskConfiguration, mutationEvidence } from '../../release/evidence/manifest.js';
import { evidenceLines, verifyEvidence } from '../../release/evidence/verify.js';
import { writeEvidence, type EvidenceSigner } from '../../release/evidence/write.js';
import { norwegianTestPki, testPki, type TestPki } from '../../signing/index.js';
import { rule, test, view } from './views.js';

let pki: TestPki;
let signer: EvidenceSigner;
beforeAll(async () => {
  pki = await testPki();
  signer = {
    key: createPrivateKey(pki.privateKeyPem),
    certificateDer: new X509Certificate(pki.certificatePem).raw,
    alg: 'PS256',
  };
});

const JUNIT = '<testsuites tests="2"/>\n';

/** A reports folder as a run leaves it, with its evidence pack written (signed unless told). */
function pack(options: { sign?: boolean; alg?: 'PS256' | 'RS256' } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-'));
  writeFileSync(join(dir, 'junit.xml'), JUNIT);
  writeFileSync(join(dir, 'summary.json'), '{"verdict":"CONFORMANT"}\n');
  mkdirSync(join(dir, 'html'));
  writeFileSync(join(dir, 'html', 'index.html'), '<html></html>\n');
  writeFileSync(
    join(dir, 'mutation.json'),
    JSON.stringify({
      seed: 7,
      overall: { detected: 98, total: 100, percent: 98 },
      clean: { falseFailures: [] },
      matrix: { variants: [{}, {}, {}], withoutFalseFailures: 3 },
    }),
  );
  writeEvidence(
    {
      reportsDir: dir,
      configuration: { signing: { keyPath: '/secret/key.pem', keyId: { serialCase: 'upper' } }, seed: 7 },
      view: view([test('t1', 'passed')], [rule('NCBCT.creditorName.max70', 'passed')]),
      run: { stoppedAt: '2026-06-01T10:00:10Z', end: 'completed', verdict: 'CONFORMANT', exitCode: 0 },
    },
    options.sign === false ? {} : { signer: { ...signer, alg: options.alg ?? 'PS256' } },
  );
  return dir;
}

describe('the evidence manifest', () => {
  it('names the tool, the interface text and catalogue by sha256, the score, the run and every file', () => {
    const dir = pack();
    const manifest = JSON.parse(readFileSync(join(dir, 'evidence', 'manifest.json'), 'utf8'));
    expect(manifest.tool).toMatchObject({ name: 'psd2-conformance', version: '0.1.0' });
    expect(manifest.interface).toEqual({
      file: 'spec/source/interface.md',
      sha256: sha256(readFileSync('spec/source/interface.md')),
    });
    expect(manifest.catalogue).toEqual({
      sha256: sha256(JSON.stringify(REQUIREMENTS)),
      requirements: REQUIREMENTS.length,
    });
    expect(manifest.mutation).toMatchObject({
      file: 'mutation.json',
      seed: 7,
      faults: { detected: 98, total: 100, percent: 98 },
      variants: { withoutFalseFailures: 3, total: 3 },
      cleanFalseFailures: 0,
    });
    expect(manifest.configuration).toEqual({
      signing: { keyPath: '***', keyId: { serialCase: 'upper' } },
      seed: 7,
    });
    expect(manifest.run).toEqual({
      target: 'bank A',
      seed: 7,
      stoppedAt: '2026-06-01T10:00:10Z',
      end: 'completed',
      verdict: 'CONFORMANT',
      exitCode: 0,
    });
    expect(manifest.requirements).toEqual([
      { id: 'NCBCT.creditorName.max70', level: 'MUST', verdict: 'passed', tests: [] },
    ]);
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual([
      'html/index.html',
      'junit.xml',
      'mutation.json',
      'summary.json',
    ]);
    expect(manifest.files[1]).toEqual({ path: 'junit.xml', sha256: sha256(JUNIT), bytes: JUNIT.length });
  });

  it('masks secrets and national identity numbers in the configuration', () => {
    expect(
      maskConfiguration({
        mtls: { keyPath: 'k', passphrase: 'p', certPath: 'c' },
        psu: { id: 'u', identity: '01017012345' },
        signing: { p12Passphrase: 'x', keyId: { dnStyle: 'platform' } },
      }),
    ).toEqual({
      mtls: { keyPath: '***', passphrase: '***', certPath: 'c' },
      psu: { id: 'u', identity: '*********45' },
      signing: { p12Passphrase: '***', keyId: { dnStyle: 'platform' } },
    });
  });

  it('says why there is no score when the folder holds no mutation report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evidence-'));
    expect(mutationEvidence(dir)).toBe(
      'no mutation.json in the reports folder: run `psd2-conformance mutation` into it',
    );
    writeFileSync(join(dir, 'mutation.json'), '{"faults": []}');
    expect(mutationEvidence(dir)).toBe('mutation.json is not a mutation report (no overall score)');
    // `mutation --fault X` scores its selection alone: the manifest never shows it as the suite's score.
    const overall = { detected: 1, total: 1, percent: 100 };
    writeFileSync(join(dir, 'mutation.json'), JSON.stringify({ overall, selection: { faults: ['x'], variants: [] } }));
    expect(mutationEvidence(dir)).toBe(
      'mutation.json scores a selection of faults and variants, not the suite: run `psd2-conformance mutation`',
    );
  });

  it('the facts come from the checkout: its commit, its interface text, its catalogue', () => {
    expect(toolFacts().commit).toMatch(/^[0-9a-f]{40}$/);
    expect(interfaceFacts('/nonexistent')).toEqual({
      file: 'spec/source/interface.md',
      note: 'spec/source/interface.md is not part of this installation',
    });
    expect(catalogueFacts().requirements).toBe(REQUIREMENTS.length);
  });

  it("reads a checkout's facts in the background as at once, and once a process: a run's two seals agree", async () => {
    const repo = mkdtempSync(join(tmpdir(), 'evidence-git-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' });
    try {
      git('init', '-q');
      writeFileSync(join(repo, 'package.json'), '{"name": "tool", "version": "1.2.3"}');
      git('add', 'package.json');
      git('commit', '-q', '-m', 'one');
      const first = git('rev-parse', 'HEAD').trim();
      await readToolFactsSoon(repo);
      expect(toolFacts(repo)).toEqual({ name: 'tool', version: '1.2.3', commit: first });
      // A change after the first reading is not the tool that ran: the facts stay those read.
      writeFileSync(join(repo, 'package.json'), '{"name": "tool", "version": "9.9.9"}');
      git('commit', '-q', '-am', 'two');
      expect(toolFacts(repo)).toEqual({ name: 'tool', version: '1.2.3', commit: first });
      // Read at once, another checkout's are its own, dirty when a tracked file changed.
      const other = mkdtempSync(join(tmpdir(), 'evidence-git-'));
      execFileSync('cp', ['-r', join(repo, '.git'), join(repo, 'package.json'), other]);
      writeFileSync(join(other, 'package.json'), '{"name": "tool", "version": "9.9.10"}');
      expect(toolFacts(other)).toEqual({
        name: 'tool',
        version: '9.9.10',
        commit: git('rev-parse', 'HEAD').trim(),
        dirty: true,
      });
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('evidence verify', () => {
  it('an untouched pack verifies: signature, certificate against its CA, every file', () => {
    const dir = pack();
    const check = verifyEvidence(dir, { trust: [new X509Certificate(pki.caCertificatePem)] });
    expect(check).toMatchObject({ signature: 'valid', certificate: [], altered: [], missing: [], added: [] });
    expect(check.ok).toBe(true);
    expect(evidenceLines(check, 4).at(-1)).toBe('evidence verified: 4 file(s) as the manifest lists them');
    // The evidence folder itself may be given too.
    expect(verifyEvidence(join(dir, 'evidence')).ok).toBe(true);
  });

  it('one byte changed in a report file fails, naming that file', () => {
    const dir = pack();
    writeFileSync(join(dir, 'junit.xml'), JUNIT.replace('2', '3'));
    const check = verifyEvidence(dir);
    expect(check.ok).toBe(false);
    expect(check.signature).toBe('valid');
    expect(check.altered).toEqual([
      { path: 'junit.xml', expected: sha256(JUNIT), actual: sha256(JUNIT.replace('2', '3')) },
    ]);
    expect(evidenceLines(check, 4)).toContain(
      `altered: junit.xml (sha256 ${sha256(JUNIT)} in the manifest, ${sha256(JUNIT.replace('2', '3'))} now)`,
    );
  });

  it('a removed or added file is named', () => {
    const dir = pack();
    rmSync(join(dir, 'html', 'index.html'));
    writeFileSync(join(dir, 'extra.txt'), 'x');
    const check = verifyEvidence(dir);
    expect(check).toMatchObject({ missing: ['html/index.html'], added: ['extra.txt'], ok: false });
  });

  it('an edited manifest breaks the signature', () => {
    const dir = pack();
    const file = join(dir, 'evidence', 'manifest.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"CONFORMANT"', '"CONFORMANT" '));
    const check = verifyEvidence(dir);
    expect(check).toMatchObject({ signature: 'invalid', altered: [], ok: false });
    expect(evidenceLines(check, 4)[0]).toBe(
      'signature: INVALID: manifest.json (or manifest.json.jws) was altered after signing',
    );
  });

  it('a certificate from another CA than --trust fails; an unsigned pack checks its files and says so', async () => {
    const other = await norwegianTestPki();
    const check = verifyEvidence(pack(), { trust: [new X509Certificate(other.caCertificatePem)] });
    expect(check.ok).toBe(false);
    expect(check.certificate[0]).toMatch(/^the certificate \(issuer .*\) is not issued by --trust$/);
    const unsigned = verifyEvidence(pack({ sign: false }));
    expect(unsigned).toMatchObject({ signature: 'absent', ok: true });
    expect(unsigned.notes[0]).toMatch(/^not signed/);
  });

  it('a signature from a certificate not valid at its signing time fails', () => {
    const payload = Buffer.from('{}');
    const jws = signDetached(payload, signer, { now: new Date('1999-01-01T00:00:00Z') });
    expect(verifyDetached(jws, payload).valid).toBe(true);
    const dir = pack();
    writeFileSync(
      join(dir, 'evidence', 'manifest.json.jws'),
      signDetached(readFileSync(join(dir, 'evidence', 'manifest.json')), signer, {
        now: new Date('1999-01-01T00:00:00Z'),
      }),
    );
    expect(verifyEvidence(dir).certificate[0]).toMatch(/^the certificate was not valid when it signed \(1999-01-01/);
  });
});

describe('the signed manifest, read by an independent JWS library (jose)', () => {
  for (const alg of ['PS256', 'RS256'] as const)
    it(`verifies as a detached ${alg} JWS with the x5c certificate`, async () => {
      const dir = pack({ alg });
      const manifest = readFileSync(join(dir, 'evidence', 'manifest.json'));
      const [protectedHeader, payload, signature] = readFileSync(join(dir, 'evidence', 'manifest.json.jws'), 'utf8')
        .trim()
        .split('.') as [string, string, string];
      expect(payload).toBe('');
      const header = JSON.parse(Buffer.from(protectedHeader, 'base64url').toString('utf8'));
      expect(header).toMatchObject({ alg, x5c: [Buffer.from(signer.certificateDer).toString('base64')] });
      const key = await importX509(new X509Certificate(Buffer.from(header.x5c[0], 'base64')).toString(), alg);
      const verified = await flattenedVerify(
        { protected: protectedHeader, payload: manifest.toString('base64url'), signature },
        key,
      );
      expect(Buffer.from(verified.payload).equals(manifest)).toBe(true);
      const edited = Buffer.from(manifest.toString('utf8').replace('bank A', 'bank B'));
      await expect(
        flattenedVerify({ protected: protectedHeader, payload: edited.toString('base64url'), signature }, key),
      ).rejects.toThrow('signature verification failed');
    });
});
