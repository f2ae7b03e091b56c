import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../../spec/index.js';

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
});
