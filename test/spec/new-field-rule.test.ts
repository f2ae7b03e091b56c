import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangGuard } from '../support/bounds.js';

/**
 * Issue 22's acceptance: a max-length rule for a new optional member of the SCT body is one row of the rule table and
 * the member's entry in the SCT schema, nothing else. In a copy of the project (the checkout is never edited) the test
 * writes exactly those two lines, then asks the copy's own code for what should follow from them: the catalogue row,
 * the schema keyword, breakers with the values just past the limit, the valid edge to be accepted, the OpenAPI
 * constraint, and the reference bank's refusal of a body that breaks the rule.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const ID = 'SCT.ultimateCreditor.max70';

const TABLE = 'spec/requirements/field-rules/table.ts';
const SCHEMA = 'schemas/json/payments.ts';

/** What the copy reports about the new rule, as JSON. */
const PROBE = `
import fc from 'fast-check';
import { openBank } from './test/bank/support.js';
import { SCT_BREAKERS, SCT_EDGES } from './generators/index.js';
import { SCHEMAS } from './schemas/index.js';
import { buildOpenApi } from './schemas/openapi/build.js';
import { requirement } from './spec/index.js';

const id = '${ID}' as never;
const breakers = SCT_BREAKERS.filter((b) => b.requirementId === id);
const bank = await openBank();
const body = {
  instructedAmount: { amount: '10.00', currency: 'EUR' },
  creditorName: 'Jean Dupont',
  creditorAccount: { iban: 'FR1420041010050500013M02606', currency: 'EUR' },
  debtorAccount: { iban: 'NO9386011117947', currency: 'EUR' },
  ultimateCreditor: 'Å'.repeat(71),
};
const refused = await bank.call('sct.create', { body, query: { allowLogicalDuplicate: true } });
await bank.close();
const openapi = buildOpenApi() as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
console.log(JSON.stringify({
  requirement: requirement(id),
  schema: (SCHEMAS.SctPaymentRequest as { properties: Record<string, unknown> }).properties.ultimateCreditor,
  breakers: breakers.map((b) => ({ at: b.at, values: fc.sample(b.value, { seed: 1, numRuns: 40 }).map(String) })),
  edges: SCT_EDGES.filter((e) => e.requirementId === id).map((e) => ({ at: e.at, value: e.value })),
  openapi: openapi.components.schemas.SctPaymentRequest.properties.ultimateCreditor,
  refused: { status: refused.status, message: refused.json?.message },
}));
`;

/** The project's files, copied (node_modules linked), so that the copy runs as the checkout does. */
async function copyProject(): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'psd2-new-rule-'));
  // Tracked files and new ones not yet committed (ignored ones aside); a tracked file deleted in the checkout is gone.
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const file of listed.stdout.split('\0').filter((f) => f && existsSync(join(ROOT, f)))) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** Inserts `line` after the first line of `file` that contains `anchor`; fails when the anchor is gone. */
function insertAfter(copy: string, file: string, anchor: string, line: string): void {
  const text = readFileSync(join(copy, file), 'utf8');
  const at = text.indexOf('\n', text.indexOf(anchor));
  if (text.indexOf(anchor) < 0) throw new Error(`${file} no longer holds ${anchor}`);
  writeFileSync(join(copy, file), `${text.slice(0, at + 1)}${line}\n${text.slice(at + 1)}`);
}

describe('a new max-length rule for an optional SCT member is one table row and one schema entry', () => {
  let copy = '';
  let probe: {
    requirement: Record<string, unknown>;
    schema: Record<string, unknown>;
    breakers: { at: string; values: string[] }[];
    edges: { at: string; value: string }[];
    openapi: Record<string, unknown>;
    refused: { status: number; message: string };
  };
  let changed: string[] = [];

  beforeAll(async () => {
    copy = await copyProject();
    await run('git', ['init', '-q'], { cwd: copy });
    await run('git', ['add', '-A'], { cwd: copy });
    insertAfter(copy, TABLE, "{ id: 'SCT.creditorName.max70'", `  { id: '${ID}', length: { max: 70 } },`);
    insertAfter(
      copy,
      SCHEMA,
      "export const SctPaymentRequest: JsonSchema = members('SCT', {",
      '  ultimateCreditor: string,',
    );
    changed = (await run('git', ['diff', '--name-only'], { cwd: copy })).stdout.trim().split('\n');
    writeFileSync(join(copy, 'probe.ts'), PROBE);
    const { stdout } = await run(join(copy, 'node_modules/.bin/tsx'), ['probe.ts'], {
      cwd: copy,
      timeout: hangGuard(90_000),
    });
    probe = JSON.parse(stdout.trim().split('\n').at(-1) as string);
  }, hangGuard(150_000));

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('the edit is two lines in two files: the rule table and the SCT schema', () => {
    expect(changed).toEqual([SCHEMA, TABLE]);
  });

  it('gives a catalogue row: MUST, the SCT section with its statement, sct.create, refused with 400', () => {
    expect(probe.requirement).toEqual({
      id: ID,
      level: 'MUST',
      section: 'Resources › SCT payment request',
      statement: 'ultimateCreditor has at most 70 characters.',
      operations: ['sct.create'],
      kind: 'body',
      expected: { status: [400], codes: ['FORMAT_ERROR'], exactness: 'SHOULD' },
    });
  });

  it('gives a schema keyword annotated with the rule, and the same constraint in the OpenAPI document', () => {
    expect(probe.schema).toEqual({ type: 'string', maxLength: 70, 'x-requirement': ID });
    expect(probe.openapi).toEqual({ type: 'string', maxLength: 70, 'x-requirements': [ID] });
  });

  it('gives breakers at /ultimateCreditor: 71 ASCII, 71 Norwegian and 71 Greek letters', () => {
    expect(new Set(probe.breakers.map((b) => b.at))).toEqual(new Set(['/ultimateCreditor']));
    const values = [...new Set(probe.breakers.flatMap((b) => b.values))];
    expect(values).toEqual([
      'Nordmann'.repeat(9).slice(0, 71),
      'ÆØÅæøåéü'.repeat(9).slice(0, 71),
      'ΑλεξάνδραΠαπαδοπούλου'.repeat(4).slice(0, 71),
    ]);
  });

  it('gives its valid edges: 70 letters in ASCII, in Norwegian and in Greek letters, to be accepted', () => {
    expect(probe.edges).toEqual([
      { at: '/ultimateCreditor', value: 'Nordmann'.repeat(9).slice(0, 70) },
      { at: '/ultimateCreditor', value: 'ÆØÅæøåéü'.repeat(9).slice(0, 70) },
      { at: '/ultimateCreditor', value: 'ΑλεξάνδραΠαπαδοπούλου'.repeat(4).slice(0, 70) },
    ]);
  });

  it('the reference bank refuses a body that breaks it, naming the rule', () => {
    expect(probe.refused.status).toBe(400);
    expect(probe.refused.message).toContain(ID);
  });
});
