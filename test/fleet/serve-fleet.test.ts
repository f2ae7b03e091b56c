import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_FLEET } from '../../bank/reference-fleet.js';
import { serveFleet } from '../../cli/serve-fleet.js';
import { parseTargets } from '../../fleet/targets.js';
import { cli } from '../support/cli.js';

/** A port free a moment ago, with the two after it most likely free too. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port > 65000 ? port - 100 : port));
    });
  });

describe('serve --fleet N', () => {
  it('serves the first N reference banks on consecutive ports, with a targets file that names each', async () => {
    const port = await freePort();
    const out = join(mkdtempSync(join(tmpdir(), 'serve-fleet-')), 'fleet.yaml');
    const fleet = await serveFleet({
      count: 3,
      port,
      host: '127.0.0.1',
      faultOn: ['bank-b:accept-long-creditor-name'],
      targetsOut: out,
      allowUnsigned: false,
    });
    try {
      expect(fleet.banks.map((b) => [b.bank.name, b.running.url, b.faults])).toEqual([
        ['bank-a', `http://127.0.0.1:${port}`, []],
        ['bank-b', `http://127.0.0.1:${port + 1}`, ['accept-long-creditor-name']],
        ['bank-c', `http://127.0.0.1:${port + 2}`, []],
      ]);
      // bank-c is the reference bank with its variant: its policy is the variant's choice.
      expect(fleet.banks[2]?.running.policy.authFailure).toBe('tpp-messages-401');
      const text = readFileSync(out, 'utf8');
      expect(text).toBe(fleet.targets);
      expect(parseTargets(text, out).banks.map((b) => [b.name, b.baseUrl])).toEqual(
        fleet.banks.map((b) => [b.bank.name, b.running.url]),
      );
      expect(text).toContain(
        '  # the reference bank as it is, but with the deliberate fault(s) accept-long-creditor-name\n',
      );
      for (const { running } of fleet.banks) {
        const answer = await fetch(`${running.url}/v1/signing-baskets/probe`);
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    } finally {
      await fleet.close();
    }
  });

  it('has two banks as they are, then one variant each: a fleet a suite must find CONFORMANT throughout', () => {
    expect(REFERENCE_FLEET.slice(0, 2).map((b) => b.variants)).toEqual([[], []]);
    const variants = REFERENCE_FLEET.slice(2).map((b) => b.variants.join());
    expect(variants.every(Boolean)).toBe(true);
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('refuses a fault for a bank the fleet has not, or a fault that does not exist, in one line', async () => {
    const options = { count: 2, port: 0, host: '127.0.0.1', allowUnsigned: false };
    await expect(serveFleet({ ...options, faultOn: ['bank-c:accept-long-creditor-name'] })).rejects.toThrow(
      '--fault-on bank-c:accept-long-creditor-name: no bank bank-c in this fleet (bank-a, bank-b)',
    );
    await expect(serveFleet({ ...options, faultOn: ['bank-b'] })).rejects.toThrow(
      '--fault-on bank-b: give NAME:FAULT, e.g. bank-b:accept-long-creditor-name',
    );
    await expect(serveFleet({ ...options, faultOn: ['bank-b:no-such-fault'] })).rejects.toThrow(
      /^unknown fault\(s\): no-such-fault/,
    );
  });

  it('on the command line: --fault-on goes with --fleet, and N is at most the fleet’s size', async () => {
    const alone = await cli(['serve', '--fault-on', 'bank-b:accept-long-creditor-name']);
    expect([alone.code, alone.stderr]).toEqual([2, 'psd2-conformance serve: --fault-on goes with --fleet N\n']);
    const many = await cli(['serve', '--fleet', String(REFERENCE_FLEET.length + 1)]);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain(`--fleet must be an integer from 1 to ${REFERENCE_FLEET.length}`);
  });
});
