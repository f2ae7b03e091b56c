import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBank, type VariantId } from '../../bank/index.js';
import { bankProfileFindings, observeChoices } from '../../cli/doctor/bank-profile.js';
import { doctor, formatFinding } from '../../cli/doctor/index.js';
import { parseBankProfile } from '../../config/bank-profile.js';
import { loadConfig } from '../../config/index.js';

/** `doctor --bank-profile FILE`: a bank profile proposed from what the bank answers, or one checked against it. */
const config = loadConfig({ env: {}, envFile: false });
const dir = mkdtempSync(join(tmpdir(), 'psd2-doctor-profile-'));

async function withBank<T>(variants: VariantId[], work: (url: string) => Promise<T>): Promise<T> {
  const bank = await startBank({ variants });
  try {
    return await work(bank.url);
  } finally {
    await bank.close();
  }
}

describe('doctor --bank-profile', () => {
  it("observes the reference bank's choices from a few signed reads", async () => {
    const observed = await withBank([], (url) => observeChoices(url, config));
    expect(Object.fromEntries(observed.map((o) => [o.key, o.value]))).toEqual({
      errors: 'interface',
      languages: ['nb', 'en'],
      content_codings: [],
      signature_error_status: 401,
      signature_error_body: 'interface',
      unsatisfiable_accept: 'refuse-406',
    });
  });

  it('observes what variants choose otherwise: error form, signature status, codings, languages, Accept', async () => {
    const variants: VariantId[] = [
      'errors-berlin-group',
      'auth-failure-400',
      'compression-best-offered',
      'ignores-accept-language',
      'accept-lenient',
      'base-path',
    ];
    const observed = await withBank(variants, (url) => observeChoices(url, config));
    expect(Object.fromEntries(observed.map((o) => [o.key, o.value]))).toEqual({
      base_path: '/api-sandbox',
      errors: 'berlin-group',
      languages: [],
      content_codings: ['br', 'deflate', 'gzip'],
      signature_error_status: 400,
      signature_error_body: 'berlin-group',
      unsatisfiable_accept: 'answer-json',
    });
  });

  it('writes a FILE that does not exist, which reads as a valid profile of what was seen', async () => {
    const file = join(dir, 'proposed.yaml');
    const findings = await withBank(['errors-berlin-group'], (url) =>
      bankProfileFindings(url, config, { file, profile: 'sandbox' }),
    );
    expect(findings.map(formatFinding)).toEqual([
      `✓ bank profile: wrote ${file} with the 6 choices the bank showed; the 15 others are comments to fill in ` +
        'from its portal',
    ]);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('\n# created_status:    # the transactionStatus of a created payment\n');
    expect(text).toContain('\n# logical_duplicates: refuse | accept    # a logical duplicate');
    const values = Object.fromEntries(
      Object.entries(parseBankProfile(text, file).declarations).map(([key, d]) => [key, d.value]),
    );
    expect(values).toEqual({
      errors: 'berlin-group',
      signature_error_status: 401,
      signature_error_body: 'berlin-group',
      languages: ['nb', 'en'],
      content_codings: [],
      unsatisfiable_accept: 'refuse-406',
    });
  });

  it('never overwrites an existing FILE: it compares what it declares with the answers, naming its lines', async () => {
    const file = join(dir, 'declared.yaml');
    const text = 'environment: sandbox\nerrors: berlin-group\nsignature_error_status: 401\n';
    writeFileSync(file, text);
    const findings = await doctor({ envFile: false, env: {}, bankProfile: file });
    expect(readFileSync(file, 'utf8')).toBe(text);
    const lines = findings.filter((f) => f.text.startsWith('bank profile:')).map(formatFinding);
    expect(lines).toEqual([
      `✗ bank profile: ${file}:2: errors: berlin-group — the bank answered interface (an unknown basket: 404 with ` +
        "interface.md's Error body)",
      `! bank profile: ${file} declares no languages; the bank showed [nb, en] (Content-Language nb for nb, en for en)`,
      `! bank profile: ${file} declares no content_codings; the bank showed [] (answers encoded when offered: none)`,
      `✓ bank profile: ${file}:3: signature_error_status: 401, as the bank answered`,
      `! bank profile: ${file} declares no signature_error_body; the bank showed interface (a Signature that does ` +
        "not verify: interface.md's Error body)",
      `! bank profile: ${file} declares no unsatisfiable_accept; the bank showed refuse-406 (Accept: ` +
        'application/xml: 406 application/json; charset=utf-8)',
    ]);
  });

  it('an existing FILE with a forbidden choice is one ✗ line naming it, and the bank is not asked', async () => {
    const file = join(dir, 'forbidden.yaml');
    writeFileSync(file, 'errors: interface\nkid_error_status: 401\n');
    const findings = await doctor({ envFile: false, env: {}, bankProfile: file });
    expect(findings.filter((f) => f.status === 'fail').map(formatFinding)).toEqual([
      `✗ ${file}:2: kid_error_status: 401 — interface.md › Errors 2 says KID errors give 400 (not 401)`,
    ]);
  });
});
