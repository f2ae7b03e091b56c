import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkSelectionIds, checkSelectionMatches } from '../../cli/selection-check.js';
import type { ManifestTest } from '../../run-model/test-manifest.js';
import type { Selection } from '../../run-model/index.js';
import { ROOT } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const test = (name: string, fields: Partial<ManifestTest> = {}): ManifestTest => ({
  name,
  fullName: `payments ${name}`,
  file: 'suites/payments.suite.ts',
  requirementIds: ['NCBCT.creditorName.max70'],
  operation: 'ncbct.create',
  level: 'MUST',
  ...fields,
});
const TESTS: ManifestTest[] = [
  test('NCBCT.creditorName.max70 [MUST] long creditor names are refused'),
  test('SCT.creditorName.max70 [SHOULD] long creditor names are refused', {
    requirementIds: ['SCT.creditorName.max70'],
    operation: 'sct.create',
    level: 'SHOULD',
  }),
];
const selection = (fields: Partial<Selection> = {}): Selection => ({
  operations: [],
  excludeOperations: [],
  requirements: [],
  ...fields,
});
const error = (fn: () => void): string => {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
};

describe('a selection is judged before vitest starts', () => {
  it.each([
    [
      { operations: ['ncbct.creat'] },
      'unknown --operation ncbct.creat (did you mean ncbct.create?); ' +
        'the ids: `psd2-conformance list --operations`',
    ],
    [
      { excludeOperations: ['sct.crate'] },
      'unknown --exclude-operation sct.crate (did you mean sct.create?); ' +
        'the ids: `psd2-conformance list --operations`',
    ],
    [
      { requirements: ['NCBCT.creditorName.max71'] },
      'unknown --requirement NCBCT.creditorName.max71 (did you mean NCBCT.creditorName.max70?); ' +
        'the ids: `psd2-conformance requirements`',
    ],
  ] as [Partial<Selection>, string][])('%j: an id no catalogue knows', (fields, message) => {
    expect(error(() => checkSelectionIds(selection(fields)))).toBe(message);
  });

  it('takes catalogue ids, their prefixes (NCBCT selects NCBCT.*) and cross-cutting', () => {
    expect(error(() => checkSelectionIds(selection({ requirements: ['NCBCT', 'NCBCT.creditorName'] })))).toBe(
      'no error',
    );
    expect(error(() => checkSelectionIds(selection({ operations: ['cross-cutting'] })))).toBe('no error');
  });

  it.each([
    [{}, 'zzzz', '--grep zzzz matches no test name; `psd2-conformance list` lists the 2 tests'],
    [
      {},
      'LONG creditor',
      '--grep LONG creditor matches no test name (it matches 2 ignoring case: --grep is case-sensitive); ' +
        '`psd2-conformance list` lists the 2 tests',
    ],
    [
      {},
      'creditorName.max71',
      '--grep creditorName.max71 matches no test name (did you mean SCT.creditorName.max70?); ' +
        '`psd2-conformance list` lists the 2 tests',
    ],
    [
      { operations: ['bulk.create'] },
      undefined,
      'no test is of --operation bulk.create; ' + 'the operations with tests: `psd2-conformance list --operations`',
    ],
    [
      { requirements: ['Basket'] },
      undefined,
      'no test cites an id under --requirement Basket; the ids: `psd2-conformance requirements`',
    ],
    [
      { operations: ['sct.create'], level: 'MUST' },
      undefined,
      'no test matches all of --operation sct.create --level MUST (each alone matches some of the 2 tests); ' +
        '`psd2-conformance list` with fewer options shows what each selects',
    ],
    [
      { excludeOperations: ['ncbct.create', 'sct.create'] },
      undefined,
      'no test matches all of --exclude-operation ncbct.create --exclude-operation sct.create ' +
        '(each alone matches some of the 2 tests); `psd2-conformance list` with fewer options shows what each selects',
    ],
  ] as [Partial<Selection>, string | undefined, string][])('%j --grep %s: selects no test', (fields, grep, message) => {
    expect(error(() => checkSelectionMatches(selection(fields), grep, TESTS))).toBe(message);
  });

  it('lets a selection that matches a test through, and any selection when there is no manifest', () => {
    expect(error(() => checkSelectionMatches(selection({ level: 'SHOULD' }), 'creditor', TESTS))).toBe('no error');
    expect(error(() => checkSelectionMatches(selection({ operations: ['bulk.create'] }), 'zzzz', null))).toBe(
      'no error',
    );
  });
});

/**
 * The acceptance of issue 21: a selection mistake is exit 2 in one line, found before vitest starts (nothing on stdout,
 * where a run prints its tests). That it comes within 2 s is a matter of the machine's speed: the refusal bench
 * measures it (`npm run bench`, bench/refusal.ts), against a bare start of `run` on the same machine.
 */
describe('psd2-conformance run: a selection that matches no test', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--', `${ROOT}bin/psd2-conformance.mjs`, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      timeout: hangGuard(30_000),
    });

  it.each([
    [['--grep', 'zzzz'], 'psd2-conformance run: --grep zzzz matches no test name; `psd2-conformance list` lists the'],
    [
      ['--operation', 'ncbct.creat'],
      'psd2-conformance run: unknown --operation ncbct.creat (did you mean ncbct.create?)',
    ],
  ])('run %j: exit 2 before vitest starts, naming the nearest ids', (args, start) => {
    const r = cli('run', '--reports', '/nonexistent/never-written', ...args);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr.startsWith(start)).toBe(true);
  });
});
