import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tableWidth } from '../../cli/columns.js';
import { requirementsTable } from '../../cli/commands/requirements.js';
import { listOperations, renderOperations } from '../../cli/operations-list.js';
import { OPERATIONS, REQUIREMENTS } from '../../spec/index.js';

const bin = new URL('../../bin/psd2-conformance.mjs', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('psd2-conformance requirements', () => {
  it('--json prints every catalogue entry as {id, level, section, statement, operations}', () => {
    const out = JSON.parse(
      execFileSync(process.execPath, [bin, 'requirements', '--json'], { encoding: 'utf8' }),
    ) as Record<string, unknown>[];
    expect(out.map((r) => r.id)).toEqual(REQUIREMENTS.map((r) => r.id));
    for (const row of out)
      for (const key of ['id', 'level', 'section', 'statement', 'operations']) expect(row).toHaveProperty(key);
    expect(out.find((r) => r.id === 'NCBCT.creditorName.max70')).toMatchObject({
      level: 'MUST',
      operations: ['ncbct.create'],
    });
  });

  it('prints a table with a closing count', () => {
    const result = run('requirements', '--level', 'SHOULD');
    expect(result.status).toBe(0);
    const should = REQUIREMENTS.filter((r) => r.level === 'SHOULD').length;
    expect(result.stdout).toContain(`${should} requirements (0 MUST, ${should} SHOULD)`);
  });

  it('rejects an unknown option with one line and exit code 2', () => {
    const result = run('requirements', '--bogus');
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('psd2-conformance requirements: unknown option --bogus');
  });

  it('in a terminal fits 120 columns: id, level and the statement cut with …; --wide or a pipe get every word', () => {
    const narrow = requirementsTable(REQUIREMENTS, 120).split('\n');
    expect(Math.max(...narrow.map((l) => l.length))).toBeLessThanOrEqual(120);
    expect(narrow[0]).toMatch(/^id +level +statement$/);
    expect(narrow.some((l) => l.endsWith('…'))).toBe(true);
    expect(narrow.at(-1)).toContain('whole statements and sections: --wide or --json');
    const wide = requirementsTable(REQUIREMENTS).split('\n');
    expect(wide[0]).toMatch(/^id +level +section +statement$/);
    for (const r of REQUIREMENTS)
      expect(
        wide.some((l) => l.startsWith(`${r.id} `) && l.includes(r.statement)),
        r.id,
      ).toBe(true);
  });

  it('is as wide as the terminal, at most 120 columns; whole in a pipe or with --wide', () => {
    expect(tableWidth(false, { isTTY: true, columns: 200 })).toBe(120);
    expect(tableWidth(false, { isTTY: true, columns: 80 })).toBe(80);
    expect(tableWidth(false, { isTTY: false })).toBeUndefined();
    expect(tableWidth(true, { isTTY: true, columns: 80 })).toBeUndefined();
  });
});

describe('psd2-conformance list --operations', () => {
  it('lists every id --operation takes, with its tests from the manifest, in 120 columns', () => {
    const operations = listOperations();
    expect(operations.map((o) => o.id)).toEqual([...OPERATIONS.map((o) => o.id), 'cross-cutting']);
    expect(operations.find((o) => o.id === 'ncbct.create')?.tests).toBeGreaterThan(10);
    const lines = renderOperations(operations, 120).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(120);
    expect(lines[0]).toMatch(/^[a-z.A-Z]+ +\d+ tests? +(GET|POST) \/v1\//);
  });
});
