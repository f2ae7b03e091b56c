import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { faultSet } from '../../bank/context.js';
import { FAULTS, relaxedBy } from '../../bank/faults.js';
import { checkBody, checkHeaders, checkSignature } from '../../bank/pipeline.js';
import { literalHits, sourceFiles as folderFiles } from '../../runner/trace/sources.js';
import { hasRequirement, operation } from '../../spec/index.js';
import { ncbctBody } from '../../suites/support/bodies.js';
import { sourceFiles } from '../../scripts/imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FAULT_ID = new RegExp(`'(${FAULTS.map((f) => f.id).join('|')})'`, 'g');

/** The message of the Rejection `run` throws, or '' when it throws none. */
const rejection = (run: () => void): string => {
  try {
    run();
    return '';
  } catch (err) {
    return (err as { message: string }).message;
  }
};

describe('one fault table (bank/faults.ts)', () => {
  it('no other file of the bank lists fault ids: elsewhere an id only switches its own behaviour on', () => {
    const bank = sourceFiles(ROOT).filter(
      (file) => file.startsWith('bank/') && !['bank/faults.ts', 'bank/ids.generated.ts'].includes(file),
    );
    const listed = bank.flatMap((file) =>
      readFileSync(`${ROOT}${file}`, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line }))
        .filter(({ text }) => {
          const ids = text.match(FAULT_ID) ?? [];
          // A hook asks for its one fault; a variant names the faults it hides (Variant.hides).
          const hooks = text.match(/\.has\('[a-z0-9-]+'\)/g) ?? [];
          return ids.length > hooks.length && !/^\s*hides: \[/.test(text);
        })
        .map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`),
    );
    expect(listed).toEqual([]);
  });

  it('no source file keys a table by fault id outside the table', () => {
    const keyed = sourceFiles(ROOT).filter(
      (file) =>
        file !== 'bank/faults.ts' &&
        !file.startsWith('test/') &&
        /Record<FaultId,/.test(readFileSync(`${ROOT}${file}`, 'utf8')),
    );
    expect(keyed).toEqual([]);
  });

  it('every rule a fault breaks or relaxes is in the catalogue, and a relaxing fault relaxes what it breaks', () => {
    for (const fault of FAULTS) {
      for (const id of [...fault.breaks, ...(fault.relaxes ?? [])])
        expect(hasRequirement(id), `${fault.id}: ${id}`).toBe(true);
      if (fault.relaxes) expect(fault.relaxes, fault.id).toEqual(expect.arrayContaining(fault.breaks));
    }
  });

  it('relaxedBy gives the union of the switched-on rows', () => {
    expect(
      [...relaxedBy((id) => id === 'accept-amount-number' || id === 'accept-three-letter-country')].sort(),
    ).toEqual([
      'Amount.amount.decimal',
      'Amount.amount.precision18scale5',
      'Amount.amount.string',
      'Country.enum',
      'Country.max2',
    ]);
    expect(relaxedBy(() => false).size).toBe(0);
  });

  it(
    "the pipeline reads a fault's relaxations from its row: " + "without the row's relaxes the fault relaxes nothing",
    () => {
      const spec = operation('ncbct.create');
      const body = {
        ...ncbctBody({ id: 'r-1', bban: '86011117947', iban: 'NO9386011117947', customerNumber: '123456' }),
        creditorName: 'N'.repeat(71),
      };
      const on = faultSet(['accept-long-creditor-name']);
      expect(rejection(() => checkBody(spec, body, faultSet([])))).toMatch(/\(NCBCT\.creditorName\.max70\)$/);
      expect(rejection(() => checkBody(spec, body, on))).toBe('');
      const row = FAULTS.find((f) => f.id === 'accept-long-creditor-name') as (typeof FAULTS)[number];
      const relaxes = row.relaxes;
      try {
        delete row.relaxes;
        expect(rejection(() => checkBody(spec, body, on))).toMatch(/\(NCBCT\.creditorName\.max70\)$/);
      } finally {
        row.relaxes = relaxes;
      }
    },
  );
});

describe('header rejections name their requirement id, as body rejections do', () => {
  const spec = operation('ncbct.create');
  const headers: Record<string, string> = {
    'x-request-id': '0b6a2c1e-0000-4000-8000-000000000001',
    'psu-id': '2d3e4f50-0000-4000-8000-000000000001',
    'psu-ip-address': '192.0.2.10',
    'tpp-session-id': '0b6a2c1e-0000-4000-8000-000000000002',
    'tpp-redirect-uri': 'https://tpp.example/callback',
    'x-accept-fix': 'amount-as-string',
  };
  const without = (name: string) => Object.fromEntries(Object.entries(headers).filter(([n]) => n !== name));
  const none = faultSet([]);

  it('the valid set passes', () => {
    expect(rejection(() => checkHeaders(spec, headers, none))).toBe('');
  });

  it.each(spec.headers.filter((h) => h.presence === 'yes' && h.requiredRule && h.name.toLowerCase() in headers))(
    'a missing $name ends with its HeaderSpec.requiredRule',
    (h) => {
      expect(rejection(() => checkHeaders(spec, without(h.name.toLowerCase()), none))).toBe(
        `header ${h.name} is required (${h.requiredRule})`,
      );
    },
  );

  it.each([
    ['psu-id', 'not-a-uuid', 'Headers.PSU-ID.uuid'],
    ['psu-device-id', 'device-1', 'Headers.PSU-Device-ID.uuid'],
    ['psu-ip-address', '999.1.1.1', 'Headers.PSU-IP-Address.ip'],
    ['psu-http-method', 'FETCH', 'Headers.PSU-HTTP-Method.enum'],
    ['psu-context', 'FAMILY', 'Headers.PSU-Context.enum'],
    ['tpp-redirect-preferred', 'yes', 'Headers.TPP-Redirect-Preferred.boolean'],
    ['psu-context', 'CORPORATE', 'Errors.corporateWithoutCorporateId.400'],
  ])('%s: %s ends with (%s)', (name, value, id) => {
    expect(rejection(() => checkHeaders(spec, { ...headers, [name]: value }, none))).toMatch(
      new RegExp(`\\(${id.replaceAll('.', '\\.')}\\)$`),
    );
  });

  it('no PSU at all ends with (Headers.PSU-ID.required)', () => {
    expect(rejection(() => checkHeaders(spec, without('psu-id'), none))).toBe(
      'PSU-ID (or X-PSU-IDENTITY) is required (Headers.PSU-ID.required)',
    );
  });

  it.each([
    ['signature', 'Headers.Signature.required'],
    ['tpp-signature-certificate', 'Headers.TPP-Signature-Certificate.required'],
    ['x-request-id', 'Headers.X-Request-ID.required'],
  ])('an unsigned request without %s ends with (%s)', (name, id) => {
    const present = { signature: 'x', 'tpp-signature-certificate': 'x', 'x-request-id': 'x' };
    const sent = Object.fromEntries(Object.entries(present).filter(([n]) => n !== name));
    expect(
      rejection(() => checkSignature({ method: 'GET', target: '/v1/x', headers: sent, body: undefined }, none)),
    ).toBe(`header ${name} is required (${id})`);
  });

  it('a body without Digest ends with (Headers.Digest.requiredWithBody)', () => {
    const sent = { signature: 'x', 'tpp-signature-certificate': 'x', 'x-request-id': 'x' };
    expect(
      rejection(() =>
        checkSignature({ method: 'POST', target: '/v1/x', headers: sent, body: Buffer.from('{}') }, none),
      ),
    ).toBe('a request with a body needs Digest (Headers.Digest.requiredWithBody)');
  });

  it.each([
    'Headers.PSU-ID.uuid',
    'Headers.PSU-IP-Address.ip',
    'Headers.Signature.required',
    'Headers.Digest.requiredWithBody',
  ])('requirements --trace %s finds the bank code that enforces it (a literal id in bank/pipeline.ts)', (id) => {
    expect(literalHits(id, folderFiles('bank')).map((hit) => hit.file)).toContain('bank/pipeline.ts');
  });
});
