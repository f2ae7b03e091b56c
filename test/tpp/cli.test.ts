import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

/** `psd2-conformance verify` as a TPP runs it: exit codes, the people's and the JSON output, stdin, bad input. */

const bin = new URL('../../bin/psd2-conformance.mjs', import.meta.url).pathname;
const NOW = ['--now', '2026-11-20T10:00:00Z'];
const fixture = (name: string) => `test/fixtures/verify/${name}`;
const verify = (args: string[], input?: string) =>
  spawnSync(process.execPath, [bin, 'verify', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    ...(input !== undefined ? { input } : {}),
  });

// Each test waits on one or two CLI processes: on a shared, loaded machine one can take 15 s.
describe('psd2-conformance verify', () => {
  it('--help prints its usage', () => {
    const result = verify(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: psd2-conformance verify [options] <file...>');
    for (const option of [
      '--format <format>',
      '--json',
      '--verbose',
      '--now <time>',
      '--max-skew <seconds>',
      '--base-path',
    ])
      expect(result.stdout).toContain(option);
  });

  it('exits 0 with one ✓ line for a conforming request', () => {
    const result = verify([fixture('valid-ncbct.http'), ...NOW]);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      `✓ POST /v1/payments/norwegian-cross-border-credit-transfers  (${fixture('valid-ncbct.http')})`,
    );
  });

  it('exits 1 and names the requirement and the likely cause of a MUST failure', () => {
    const result = verify([fixture('body-reserialised.http'), ...NOW]);
    expect(result.status).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      `✗ POST /v1/payments/norwegian-cross-border-credit-transfers  1 MUST  (${fixture('body-reserialised.http')})`,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        /^ {2}MUST Auth\.digest\.matchesBody: Digest SHA-256 does not match the body \(.*\) — likely cause:/.source +
          / the body was re-serialised after the Digest: the Digest matches the body without spaces/.source,
      ),
    );
  });

  it('exits 0 when only SHOULD remarks are found, and shows the signing string when a signature fails', () => {
    const should = verify([fixture('keyid-lower-case-leading-zero.http'), ...NOW]);
    expect(should.status).toBe(0);
    expect(should.stdout).toContain('  SHOULD Auth.signature.keyId.platformForm: ');
    const broken = verify([fixture('signature-original-case.http'), ...NOW]);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain(
      '  signing string (as a bank rebuilds it; the signature does not verify over ' +
        'it):\n    date: Fri, 20 Nov 2026 10:00:00 GMT\n    digest: SHA-256=',
    );
  });

  it('--json prints one document with requests, findings (id, level, message, cause) and signing strings', () => {
    const result = verify([fixture('several.http'), '--json', ...NOW]);
    expect(result.status).toBe(1);
    const doc = JSON.parse(result.stdout) as {
      conforms: boolean;
      requests: {
        source: string;
        conforms: boolean;
        operation: string;
        findings: Record<string, unknown>[];
        signingString: { lines: string[]; verified: boolean };
      }[];
    };
    expect(doc.conforms).toBe(false);
    expect(doc.requests.map((r) => [r.source, r.operation, r.conforms])).toEqual([
      [`${fixture('several.http')}#1`, 'ncbct.create', true],
      [`${fixture('several.http')}#2`, 'ncbct.create', false],
    ]);
    expect(doc.requests[1]?.findings).toEqual([
      {
        id: 'Auth.signature.headers',
        level: 'MUST',
        message: 'headers does not list x-request-id, which the request carries',
        cause: 'x-request-id is present but not signed',
        section: 'Authentication 1',
        statement: expect.stringContaining('headers lists date, digest, x-request-id'),
      },
    ]);
    expect(doc.requests[1]?.signingString).toMatchObject({
      verified: true,
      lines: expect.arrayContaining([expect.stringMatching(/^psu-id: /)]),
    });
  });

  it('reads stdin, masks national identity numbers and never prints a key', () => {
    const raw = [
      'POST /v1/payments/sepa-credit-transfers HTTP/1.1',
      'X-PSU-IDENTITY: 01017012345',
      'X-PSU-IDENTITY: 01017012345',
      '',
      '{}',
    ].join('\r\n');
    const result = verify(['-', '--verbose'], raw);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('(stdin)');
    expect(result.stdout).toContain('a server reads "*********45, *********45"');
    expect(result.stdout).not.toContain('01017012345');
    const all = verify([
      ...readdirSync(fixture(''))
        .filter((f) => /\.(http|curl|har)$/.test(f))
        .map(fixture),
      '--verbose',
      ...NOW,
    ]);
    expect(all.status).toBe(1);
    expect(all.stdout).not.toContain('PRIVATE KEY');
    expect(all.stdout).toContain('\n45 requests: 21 conform, 24 do not (26 MUST, 6 SHOULD)');
  });

  it.each([
    [['no-such-file.http'], 'psd2-conformance verify: no-such-file.http: no such file'],
    [
      [fixture('tpp-certificate.pem')],
      `psd2-conformance verify: ${fixture('tpp-certificate.pem')}: cannot tell the format`,
    ],
    [[fixture('valid-ncbct.http'), '--now', 'yesterday'], 'psd2-conformance verify: --now "yesterday" is not a time'],
    [
      [fixture('valid-ncbct.http'), '--format', 'xml'],
      'psd2-conformance verify: --format must be har, curl or http, not "xml"',
    ],
    [[], 'psd2-conformance verify: give a file to verify, or - to read stdin'],
  ])('unreadable input %j exits 2 with one line', (args, line) => {
    const result = verify(args);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});
