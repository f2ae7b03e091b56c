import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { validate } from '../../schemas/index.js';
import { hasRequirement, requirement, type RequirementId } from '../../spec/index.js';
import { bodyBreaks, otherMustViolations } from '../generators/oracles.js';
import { hangGuard } from '../support/bounds.js';

const bin = new URL('../../bin/psd2-conformance.mjs', import.meta.url).pathname;
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, 'generate', ...args], { encoding: 'utf8', timeout: hangGuard(60_000) });

interface Line {
  body: Record<string, unknown>;
  label?: { requirementId: RequirementId; level: string; pointer: string; case: string; expected: unknown };
}
const lines = (stdout: string): Line[] =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);

describe('psd2-conformance generate', () => {
  it('acceptance: ncbct --count 500 --seed 7 prints 500 bodies that pass the validators, twice identically', () => {
    const first = run('ncbct', '--count', '500', '--seed', '7');
    const second = run('ncbct', '--count', '500', '--seed', '7');
    expect(first.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const out = lines(first.stdout);
    expect(out).toHaveLength(500);
    for (const { body, label } of out) {
      expect(label).toBeUndefined();
      expect(validate('NcbctPaymentRequest', body)).toEqual([]);
    }
  });

  it(
    'acceptance: --invalid labels every line with a catalogue rule ' +
      'the body breaks, and nothing else at MUST level',
    () => {
      const out = lines(run('ncbct', '--invalid', '--count', '300', '--seed', '7').stdout);
      expect(out).toHaveLength(300);
      for (const { body, label } of out) {
        expect(label && hasRequirement(label.requirementId)).toBe(true);
        const id = label!.requirementId;
        expect(label).toMatchObject({ level: requirement(id).level, expected: requirement(id).expected });
        expect(bodyBreaks('NcbctPaymentRequest', body, id), label!.case).toBe(true);
        expect(otherMustViolations('NcbctPaymentRequest', body, id), label!.case).toEqual([]);
      }
      expect(new Set(out.map((l) => l.label!.requirementId)).size).toBeGreaterThan(15);
    },
  );

  it('acceptance: --invalid NCBCT.creditorName.max70 gives 71+ character names and nothing else wrong', () => {
    const out = lines(run('ncbct', '--invalid', 'NCBCT.creditorName.max70', '--count', '200', '--seed', '7').stdout);
    expect(out).toHaveLength(200);
    for (const { body, label } of out) {
      expect(label?.requirementId).toBe('NCBCT.creditorName.max70');
      expect([...(body.creditorName as string)].length).toBeGreaterThanOrEqual(71);
      expect(validate('NcbctPaymentRequest', body).map((v) => v.requirementId)).toEqual(['NCBCT.creditorName.max70']);
    }
  });

  it.each([
    ['engagement', 'SandboxEngagement'],
    ['card-account', 'SandboxCardAccountRequest'],
    ['sct', 'SctPaymentRequest'],
    ['bulk', 'BulkPaymentRequest'],
  ] as const)('%s bodies pass the %s schema', (kind, schema) => {
    const result = run(kind, '--count', '50', '--seed', '3');
    expect(result.status).toBe(0);
    for (const { body } of lines(result.stdout)) expect(validate(schema, body)).toEqual([]);
  });

  it.each([
    [['nope'], 'psd2-conformance generate: say which body: ncbct, sct, bulk, engagement, card-account'],
    [['ncbct', '--count', '0'], 'psd2-conformance generate: --count must be an integer from 1 to 100000, got "0"'],
    [
      ['ncbct', '--seed', 'x'],
      'psd2-conformance generate: --seed must be an integer from 0 to 4294967295 (fast-check keeps 32 bits of a ' +
        'seed), got "x"',
    ],
    [
      ['engagement', '--invalid', 'NCBCT.creditorName.max70'],
      'psd2-conformance generate: no invalid engagement generator breaks NCBCT.creditorName.max70',
    ],
  ])('bad input %j gives one line and exit code 2', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(message);
  });
});
