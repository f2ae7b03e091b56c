import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choicesOf, policyOf, profiledVariants } from '../../bank/bank-profile.js';
import { DEFAULT_POLICY, VARIANTS, findVariant } from '../../bank/index.js';
import { parseBankProfile } from '../../config/bank-profile.js';
import {
  BANK_PROFILES_DOC,
  EXAMPLE_PROFILES_DIR,
  currentKeysDoc,
  exampleProfiles,
} from '../../scripts/generate-bank-profiles.js';
import type { BankChoices } from '../../spec/index.js';

/** examples/bank-profiles/: the reference bank's profile and one per variant whose choice is a profile key. */
const files = readdirSync(EXAMPLE_PROFILES_DIR).filter((f) => f.endsWith('.yaml'));
const read = (name: string) => readFileSync(join(EXAMPLE_PROFILES_DIR, name), 'utf8');
const declared = (name: string): BankChoices =>
  Object.fromEntries(
    Object.entries(parseBankProfile(read(name), name).declarations).map(([key, d]) => [key, d.value]),
  ) as BankChoices;

describe('example bank profiles', () => {
  it('are current: `npm run generate` writes them (default.yaml and one per profiled variant, no others)', () => {
    const expected = exampleProfiles();
    expect(files.sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(read(name), name).toBe(text);
  });

  it("docs/bank-profiles.md's keys table is current, one row per key", () => {
    const doc = readFileSync(BANK_PROFILES_DOC, 'utf8');
    expect(doc).toBe(currentKeysDoc(doc));
    expect(doc).toContain('| `errors` | `interface`, `berlin-group`, `both` |');
  });

  it('are named after a variant (or default.yaml), and every variant that makes a profile choice has one', () => {
    for (const name of files)
      if (name !== 'default.yaml') expect(findVariant(name.replace(/\.yaml$/, '')), name).toBeDefined();
    expect(profiledVariants().length).toBeGreaterThanOrEqual(20);
  });

  it('each reads as a valid bank profile: schema-valid, nothing forbidden, a sandbox with its SCA page', () => {
    for (const name of files) {
      const profile = parseBankProfile(read(name), name);
      expect(profile.environment?.value, name).toBe('sandbox');
      expect(profile.sca?.driver, name).toBe('http');
    }
  });

  it("each declares its variant's policy (the default bank's for default.yaml)", () => {
    expect(declared('default.yaml')).toEqual(choicesOf(DEFAULT_POLICY));
    for (const variant of profiledVariants())
      expect(declared(`${variant.id}.yaml`), variant.id).toEqual(choicesOf(policyOf(variant)));
  });

  it('declare the choices each variant makes, in the words of the profile (written out here by hand)', () => {
    expect(declared('default.yaml')).toEqual({
      errors: 'interface',
      signature_error_status: 401,
      signature_error_body: 'interface',
      kid_error_status: 400,
      kid_error_code: 'KID_INVALID',
      corporate_id_missing_status: 400,
      insufficient_funds_status: 400,
      basket_created_status: 201,
      created_status: 'RCVD',
      links: 'relative',
      link_verbs: true,
      ids: 'platform',
      languages: ['nb', 'en'],
      content_codings: [],
      unsatisfiable_accept: 'refuse-406',
      logical_duplicates: 'refuse',
      past_execution_date: 'refuse',
    });
    // What each variant declares differently from default.yaml.
    const differences: Record<string, BankChoices> = {
      'errors-berlin-group': { errors: 'berlin-group', signature_error_body: 'berlin-group' },
      'auth-failure-400': { signature_error_status: 400 },
      'auth-failure-challenge': { signature_error_body: 'challenge' },
      'auth-failure-tpp-messages': { signature_error_body: 'berlin-group' },
      'auth-failure-both-forms': { signature_error_body: 'both' },
      'auth-failure-error-with-challenge': { signature_error_body: 'interface-with-challenge' },
      'kid-format-error': { kid_error_code: 'FORMAT_ERROR' },
      'basket-created-200': { basket_created_status: 200 },
      'status-actc': { created_status: 'ACTC' },
      'status-pdng': { created_status: 'PDNG' },
      'status-accp': { created_status: 'ACCP' },
      'links-absolute': { links: 'absolute' },
      'base-path': { base_path: '/api-sandbox', links: 'prefixed' },
      'base-path-relative-links': { base_path: '/api-sandbox' },
      'ids-uuid': { ids: 'uuid' },
      'ids-numeric': { ids: 'numeric' },
      'ignores-accept-language': { languages: [] },
      gzip: { content_codings: ['gzip'] },
      'compression-best-offered': { content_codings: ['br', 'gzip', 'deflate'] },
      'accept-lenient': { unsatisfiable_accept: 'answer-json' },
      'duplicates-never': { logical_duplicates: 'accept' },
      lenient: { unsatisfiable_accept: 'answer-json', logical_duplicates: 'accept', past_execution_date: 'accept' },
      'english-only-406': { languages: [] },
    };
    const base = declared('default.yaml') as Record<string, unknown>;
    for (const [variant, difference] of Object.entries(differences)) {
      const own = declared(`${variant}.yaml`) as Record<string, unknown>;
      const changed = Object.fromEntries(
        Object.entries(own).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(base[key])),
      );
      expect(changed, variant).toEqual(difference);
    }
    expect(Object.keys(differences).sort()).toEqual(
      profiledVariants()
        .map((v) => v.id)
        .sort(),
    );
    expect(VARIANTS.length).toBeGreaterThan(profiledVariants().length);
  });
});
