import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../../runner/trace/trace.js';
import { ROOT, cli } from '../support/cli.js';

/** The `  file:line  …` lines of one section of the trace (`generators (1)` up to the next heading). */
function section(stdout: string, heading: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${heading} (`));
  const end = lines.findIndex((l, i) => i > start && /^[a-z]+ \(\d+\)$/.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => /^ {2}\S/.test(l));
}

/** The file of a `  file:line  …` line, which must exist in the repository. */
const fileOf = (line: string): string => (/^ {2}([\w./-]+\.ts):\d+ /.exec(line) ?? [])[1] ?? `(no file in "${line}")`;

describe('psd2-conformance requirements --trace', () => {
  it.each([
    {
      id: 'NCBCT.creditorName.max70',
      statement: 'creditorName has at most 70 characters.',
      section: 'Resources › NCBCT payment request; Limits',
      generator: 'spec/requirements/field-rules/table.ts',
      label: 'creditorName: one over, in Greek letters',
      test: 'suites/payment-bodies.suite.ts',
      check: 'client_error',
      fault: 'accept-long-creditor-name',
    },
    {
      id: 'Headers.PSU-ID.uuid',
      statement: 'PSU-ID is a UUID.',
      section: 'Endpoints › Header groups › Group P',
      generator: 'generators/headers.ts',
      label: 'PSU-ID: a UUID of the wrong length',
      test: 'suites/headers.suite.ts',
      check: 'expected_status',
      fault: 'accept-bad-psu-id',
    },
  ])(
    '$id: the statement and section, and the generator, test, check and fault, each with a file that exists',
    async (c) => {
      const { code, stdout, stderr } = await cli(['requirements', '--trace', c.id]);
      expect(code, stderr).toBe(0);
      const lines = stdout.split('\n');
      expect(lines[0]).toBe(c.id);
      expect(lines).toContain(`  statement:  ${c.statement}`);
      expect(lines).toContain(`  section:    ${c.section}`);
      expect(lines).toContain('  level:      MUST');
      const pieces = {
        generators: section(stdout, 'generators'),
        tests: section(stdout, 'tests'),
        checks: section(stdout, 'checks'),
        faults: section(stdout, 'faults'),
      };
      for (const [name, found] of Object.entries(pieces)) {
        expect(found.length, name).toBeGreaterThan(0);
        for (const line of found) expect(existsSync(join(ROOT, fileOf(line))), line).toBe(true);
      }
      expect(pieces.generators.some((l) => fileOf(l) === c.generator && l.endsWith(c.label))).toBe(true);
      // A rule's tests may cite it beside others (`NCBCT.creditorName.max70 + Payment.create.201 [MUST]`).
      expect(pieces.tests.every((l) => fileOf(l) === c.test && l.includes(c.id) && l.includes('[MUST]'))).toBe(true);
      expect(pieces.checks.some((l) => l.includes(` ${c.check}: `))).toBe(true);
      expect(pieces.faults.some((l) => fileOf(l) === 'bank/faults.ts' && l.includes(` ${c.fault}: `))).toBe(true);
    },
  );

  it('--json gives the same pieces for machines, lines pointing at the id or the label', async () => {
    const { code, stdout } = await cli(['requirements', '--trace', 'NCBCT.creditorName.max70', '--json']);
    expect(code).toBe(0);
    const trace = JSON.parse(stdout) as Trace;
    expect(trace).toMatchObject({ id: 'NCBCT.creditorName.max70', level: 'MUST', operations: ['ncbct.create'] });
    const source = (file: string, line: number) => readFileSync(join(ROOT, file), 'utf8').split('\n')[line - 1] ?? '';
    expect(source(trace.catalogue!.file, trace.catalogue!.line)).toContain("'NCBCT.creditorName.max70'");
    // A breaker the rule table derives points at its row: the line holds the id, not a label.
    for (const g of trace.generators)
      expect(
        [g.label, `'${trace.id}'`].some((text) => source(g.file, g.line).includes(text)),
        g.label,
      ).toBe(true);
    for (const f of trace.faults) expect(source(f.file, f.line)).toContain(`'${f.id}'`);
    // Both sides of the boundary: the breakers' test and the longest valid values' test.
    expect([...new Set(trace.tests.map((t) => t.file))]).toEqual(['suites/payment-bodies.suite.ts']);
    expect(trace.checks.map((c) => c.check)).toEqual(
      expect.arrayContaining(['client_error', 'expected_status', 'expected_code']),
    );
    expect(trace.bank.map((b) => b.file)).toContain('spec/requirements/field-rules/table.ts');
  });

  it('an unknown id: one line with the nearest id, exit 2', async () => {
    const { code, stdout, stderr } = await cli(['requirements', '--trace', 'NCBCT.creditorName.max71']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(
      'psd2-conformance requirements: unknown requirement id NCBCT.creditorName.max71 (did you mean ' +
        'NCBCT.creditorName.max70?); the ids: `psd2-conformance requirements`',
    );
  });
});
