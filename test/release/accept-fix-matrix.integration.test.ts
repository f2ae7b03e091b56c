import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AcceptFixMatrix, MatrixCell } from '../../release/accept-fix-matrix.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

/**
 * `run --accept-fix-matrix` against the reference bank: every operation that takes x-accept-fix, without it and with
 * each announced value. The oracle is interface.md's text, not the bank: the header is required on basket start,
 * NCBCT and SCT (refused without it), optional on bulk, where amount-as-string is the default (the same answer
 * without it); every named value is accepted. With the fault that accepts NCBCT and SCT without the header, the rule
 * broken only without it is named.
 */
async function matrix(extra: string[] = []): Promise<{ code: number | null; out: string; matrix: AcceptFixMatrix }> {
  const reports = mkdtempSync(join(tmpdir(), 'accept-fix-'));
  const run = await cli(
    ['run', '--grep', 'x-accept-fix matrix', '--accept-fix-matrix', '--no-html', '--reports', reports, ...extra],
    {},
    hangGuard(300_000),
  );
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as {
    acceptFixMatrix: AcceptFixMatrix;
  };
  expect(readFileSync(join(reports, 'accept-fix-matrix.md'), 'utf8')).toContain('# x-accept-fix matrix');
  return { code: run.code, out: run.stdout, matrix: summary.acceptFixMatrix };
}

const at = (m: AcceptFixMatrix, operation: string, value: string) =>
  m.cells.find((c) => c.operation === operation && c.value === value) as MatrixCell;

describe('run --accept-fix-matrix', () => {
  it(
    'the reference bank: required where interface.md says so, amount-as-string the default, every value accepted',
    {
      timeout: hangGuard(320_000),
    },
    async () => {
      const { code, out, matrix: m } = await matrix();
      expect(m.values).toEqual([
        'without',
        'amount-as-string',
        'longer-name',
        'cash-account-type-iso',
        'cardaccount-switch-originalamount-and-transactionamount',
      ]);
      expect([...new Set(m.cells.map((c) => c.operation))].sort()).toEqual([
        'basket.startAuthorisation',
        'bulk.create',
        'ncbct.create',
        'sct.create',
      ]);
      expect(m.cells).toHaveLength(20);
      for (const op of ['basket.startAuthorisation', 'ncbct.create', 'sct.create'])
        expect(at(m, op, 'without')).toMatchObject({
          state: 'passed',
          status: 400,
          code: 'FORMAT_ERROR',
          differences: [
            {
              kind: 'status',
              a: expect.stringContaining('201') as unknown,
              b: expect.stringContaining('400') as unknown,
            },
            { kind: 'code', a: 'none', b: 'FORMAT_ERROR' },
          ],
        });
      expect(at(m, 'bulk.create', 'without')).toMatchObject({ state: 'passed', status: 201, differences: [] });
      for (const c of m.cells.filter((x) => x.value === 'longer-name'))
        expect(c).toMatchObject({ state: 'passed', status: 201, differences: [] });
      expect(m.notes[0]).toBe(
        'amount-as-string is the default: bulk.create without x-accept-fix answers as with amount-as-string ' +
          '(same status and shape, amounts strings)',
      );
      expect(m.notes[1]).toMatch(/^longer-name \(With x-accept-fix: longer-name, account and card account names have/);
      expect(Object.values(m.onlyWith).flat()).toEqual([]);
      expect(out).toContain('x-accept-fix matrix: 20 cell(s), 0 failed');
      expect(code).toBe(0);
    },
  );

  it(
    'a bank that accepts payments without the header: the rule broken only without it',
    {
      timeout: hangGuard(320_000),
    },
    async () => {
      const { code, matrix: m } = await matrix(['--fault', 'accept-missing-accept-fix']);
      // Accepted without the header: the header's rule, and the rule that an invalid request never gets a 2xx.
      expect(at(m, 'ncbct.create', 'without')).toMatchObject({
        state: 'failed',
        status: 201,
        broke: ['Headers.x-accept-fix.required', 'Errors.invalidRequest.never2xx'],
        differences: [],
      });
      expect(m.onlyWith.without).toEqual(['Errors.invalidRequest.never2xx', 'Headers.x-accept-fix.required']);
      expect(m.onlyWith['longer-name']).toEqual([]);
      expect(code).toBe(1);
    },
  );
});
