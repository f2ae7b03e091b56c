import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULTS, VARIANTS, startBank, variantConflict, variantPolicy, type VariantId } from '../../bank/index.js';
import { DEFAULT_POLICY, POLICY_KEYS, conflictingKeys } from '../../bank/policy.js';
import { COMBINATIONS, FAULT_VARIANT_PAIRS } from '../../runner/mutation/matrix.js';
import { hangGuard } from '../support/bounds.js';

/** The variant catalogue (bank/variants.ts) is consistent with interface.md, the policy and the fault catalogue. */
const INTERFACE = readFileSync(new URL('../../spec/source/interface.md', import.meta.url), 'utf8');
const HEADINGS = new Set([...INTERFACE.matchAll(/^#+ (.+)$/gm)].map((m) => (m[1] as string).trim()));

describe('variant catalogue', () => {
  it('holds at least 25 variants with unique ids, strict and lenient among them', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(VARIANTS.map((v) => v.id)).size).toBe(VARIANTS.length);
    expect(VARIANTS.map((v) => v.id)).toEqual(expect.arrayContaining(['strict', 'lenient']));
  });

  it('every variant names a section that is a heading of interface.md, and says its choice', () => {
    expect(HEADINGS.has('Authentication')).toBe(true);
    for (const v of VARIANTS) {
      expect(HEADINGS.has(v.section), `${v.id}: "${v.section}"`).toBe(true);
      expect(v.choice.length, v.id).toBeGreaterThan(30);
    }
  });

  it('every variant sets only policy keys, at least one of them away from the default', () => {
    for (const v of VARIANTS) {
      expect(
        Object.keys(v.policy).filter((k) => !(POLICY_KEYS as string[]).includes(k)),
        v.id,
      ).toEqual([]);
      expect(conflictingKeys(v.policy, DEFAULT_POLICY).length, v.id).toBeGreaterThan(0);
    }
  });

  it('no two variants make the same choice', () => {
    const choices = VARIANTS.map((v) => JSON.stringify(Object.entries(v.policy).sort()));
    expect(new Set(choices).size).toBe(VARIANTS.length);
  });

  it('covers every gap the issue names', () => {
    const ids = VARIANTS.map((v) => v.id);
    for (const id of [
      'corporate-remembered',
      'corporate-by-customer-type',
      'ids-uuid',
      'ids-numeric',
      'links-absolute',
      'base-path',
      'links-extra',
      'links-required-only',
      'auth-failure-400',
      'auth-failure-challenge',
      'auth-failure-tpp-messages',
      'auth-failure-both-forms',
      'bic-case-insensitive',
      'platform-upper-case-enums',
      'trim-whitespace',
      'fees-never',
      'fees-always',
      'fees-indicator-false',
      'duplicates-window',
      'duplicates-never',
      'status-actc',
      'status-pdng',
      'status-accp',
      'status-moves-after-read',
      'status-extra-members',
      'basket-implicit-authorisation',
      'authorisation-started',
      'sca-redirect-via-link',
      'transactions-exclusive-range',
      'transactions-default-limit',
      'transactions-newest-first',
      'accept-lenient',
      'content-type-without-charset',
      'gzip',
      'check-digits-unverified',
      'kid-format-error',
      'error-codes-generic',
      'success-warnings',
      'extra-response-members',
    ])
      expect(ids, id).toContain(id);
  });

  it('every variant has a behaviour test that starts a bank with it (test/bank/variant-behaviour.test.ts)', () => {
    const source = readFileSync(new URL('./variant-behaviour.test.ts', import.meta.url), 'utf8');
    // Each behaviour test names its variants as the first element of an array literal: `withBank(['ids-uuid'], …)`.
    const tested = (id: string) => source.includes(`['${id}'`);
    expect(VARIANTS.map((v) => v.id).filter((id) => !tested(id))).toEqual([]);
  });

  it('faults a variant hides exist', () => {
    for (const v of VARIANTS)
      for (const fault of v.hides ?? [])
        expect(
          FAULTS.map((f) => f.id),
          `${v.id} hides ${fault}`,
        ).toContain(fault);
  });
});

describe('conflicts', () => {
  it('two variants conflict when they set one key differently, and the message names both and the keys', () => {
    expect(conflictingKeys({ idStyle: 'uuid', fees: 'never' }, { idStyle: 'numeric', fees: 'never' })).toEqual([
      'idStyle',
    ]);
    expect(variantConflict(['ids-uuid', 'ids-numeric'])).toBe(
      'variants ids-uuid and ids-numeric conflict: both set idStyle, differently',
    );
    expect(variantConflict(['strict', 'lenient'])).toMatch(
      /^variants strict and lenient conflict: both set .*duplicates/,
    );
    expect(variantConflict(['ids-uuid', 'links-absolute', 'gzip'])).toBeUndefined();
  });

  it('the bank refuses unknown and conflicting variants instead of running as the default', async () => {
    // As a JavaScript caller could pass it: TypeScript callers cannot.
    const unknown = 'no-such-variant' as VariantId;
    expect(() => variantPolicy([unknown])).toThrow('unknown variant(s): no-such-variant');
    await expect(startBank({ variants: [unknown] })).rejects.toThrow('unknown variant(s): no-such-variant');
    await expect(startBank({ variants: ['fees-never', 'fees-always'] })).rejects.toThrow(
      'variants fees-never and fees-always conflict: both set fees, differently',
    );
  });

  it(
    'the mutation matrix combines only compatible variants and ' + 'pairs faults with variants that do not hide them',
    () => {
      const ids = VARIANTS.map((v) => v.id);
      expect(COMBINATIONS.length).toBeGreaterThanOrEqual(2);
      for (const c of COMBINATIONS) {
        expect(c.variants.length, c.id).toBeGreaterThan(2);
        expect(
          c.variants.filter((v) => !ids.includes(v)),
          c.id,
        ).toEqual([]);
        expect(variantConflict(c.variants), c.id).toBeUndefined();
      }
      expect(FAULT_VARIANT_PAIRS.length).toBeGreaterThanOrEqual(10);
      for (const { fault, variant } of FAULT_VARIANT_PAIRS) {
        expect(FAULTS.map((f) => f.id)).toContain(fault);
        const v = VARIANTS.find((x) => x.id === variant);
        expect(v, variant).toBeDefined();
        expect(v?.hides ?? [], `${variant} hides ${fault}`).not.toContain(fault);
      }
    },
  );
});

describe('the command line', () => {
  const bin = new URL('../../bin/psd2-conformance.mjs', import.meta.url).pathname;
  const cwd = mkdtempSync(join(tmpdir(), 'psd2-variants-cli-'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  const cli = (args: string[], extra: Record<string, string> = {}) => {
    return spawnSync(process.execPath, [bin, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, SIGNING_KEY_CACHE_DIR: join(cwd, '.keys'), ...extra },
      encoding: 'utf8',
      timeout: hangGuard(30_000),
    });
  };

  it('serve --list-variants lists every variant under its interface.md section', () => {
    const r = cli(['serve', '--list-variants']);
    expect(r.status).toBe(0);
    const listed = VARIANTS.filter((v) => new RegExp(`^  ${v.id} `, 'm').test(r.stdout));
    expect(listed.length).toBe(VARIANTS.length);
    expect(listed.length).toBeGreaterThanOrEqual(25);
    expect(r.stdout).toContain('interface.md › Authentication\n  corporate-remembered');
  });

  it('serve with conflicting or unknown variants is one line and exit 2', () => {
    const conflict = cli(['serve', '--port', '0', '--variant', 'fees-never', '--variant', 'fees-always']);
    expect([conflict.status, conflict.stderr.trim()]).toEqual([
      2,
      'psd2-conformance serve: variants fees-never and fees-always conflict: both set fees, differently',
    ]);
    const unknown = cli(['serve', '--variant', 'nope']);
    expect([unknown.status, unknown.stderr.trim()]).toEqual([
      2,
      'psd2-conformance serve: unknown variant(s): nope (see serve --list-variants)',
    ]);
  });

  it('run --variant with BASE_URL set is a configuration error: one line, exit 2, before any request', () => {
    const r = cli(['run', '--variant', 'ids-uuid'], { BASE_URL: 'http://127.0.0.1:9' });
    expect([r.status, r.stderr.trim()]).toEqual([
      2,
      'psd2-conformance run: --variant switches on a variant of the embedded reference bank, but the ' +
        'target is BASE_URL (http://127.0.0.1:9): drop --variant, or pass --profile embedded',
    ]);
    // The error comes before any request or test: nothing on stdout, where a run prints its tests and verdict.
    expect(r.stdout).toBe('');
    const unknown = cli(['run', '--variant', 'nope']);
    expect([unknown.status, unknown.stderr.trim()]).toEqual([
      2,
      'psd2-conformance run: unknown variant(s): nope (see serve --list-variants)',
    ]);
  });
});
