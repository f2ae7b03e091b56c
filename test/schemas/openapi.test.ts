import { validate as validateOpenApi } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../../schemas/openapi/build.js';
import { renderOpenApi30 } from '../../schemas/openapi/openapi30.js';
import { OPERATIONS } from '../../spec/index.js';
import { fileText, loadDoc, operations, parametersOf, type Version } from './openapi-docs.js';

const VERSIONS: Version[] = ['3.1', '3.0'];

/** The two paths the document writes differently from spec/ (the URLs a client sends are the same). */
const RENAMED: Record<string, string> = {
  'payment.status': '/v1/payments/{paymentProduct}/{paymentId}/status',
  'payment.delete': '/v1/payments/{paymentProduct}/{paymentId}',
  'sandbox.transactions.create': '/v1/sandbox/accounts/{mockAccountId}/transactions',
};

describe('schemas/openapi.json and schemas/openapi-3.0.json', () => {
  it('are not stale: each equals what spec/ and schemas/ generate (run npm run openapi)', () => {
    expect(fileText('3.1')).toBe(renderOpenApi());
    expect(fileText('3.0')).toBe(renderOpenApi30());
  });

  it.each(VERSIONS)('%s validates with @readme/openapi-parser, as the version it says', async (version) => {
    const doc = loadDoc(version);
    const result = await validateOpenApi(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(doc.openapi).toBe(version === '3.1' ? '3.1.0' : '3.0.3');
  });

  it.each(VERSIONS)('%s has every operation of spec/, with x-assumption exactly where the path is assumed', (v) => {
    const doc = loadDoc(v);
    for (const op of OPERATIONS) {
      const entry = doc.paths[RENAMED[op.id] ?? op.path]?.[op.method.toLowerCase()];
      expect(entry?.operationId, op.id).toBe(op.id);
      expect(entry?.['x-assumption'] ?? false, op.id).toBe(op.pathAssumed);
    }
    expect(operations(doc)).toHaveLength(OPERATIONS.length);
  });

  it.each(VERSIONS)('%s names path parameters as Dredd accepts them, each with an example', (version) => {
    const doc = loadDoc(version);
    const pathParams = operations(doc).flatMap(({ op }) => parametersOf(doc, op).filter((p) => p.in === 'path'));
    expect(pathParams.length).toBeGreaterThan(8);
    for (const p of pathParams) {
      // @apielements/openapi3-parser's rule: "Only alphanumeric characters are currently supported".
      expect(p.name).toMatch(/^[A-Za-z0-9._]+$/);
      expect(typeof p.example, p.name).toBe('string');
    }
    const status = doc.paths[RENAMED['payment.status'] as string]?.get;
    expect(parametersOf(doc, status as never).find((p) => p.name === 'paymentProduct')?.description).toContain(
      'interface.md calls it `payment-product`',
    );
  });

  it(
    'marks the NCBCT headers interface.md requires as required (X-Request-ID, ' +
      'PSU-IP-Address, x-accept-fix) and PSU-Corporate-ID as optional',
    () => {
      const doc = loadDoc('3.1');
      const ncbct = doc.paths['/v1/payments/norwegian-cross-border-credit-transfers']?.post;
      const params = parametersOf(doc, ncbct as never);
      const required = (name: string) => params.find((p) => p.in === 'header' && p.name === name)?.required;
      expect([
        required('X-Request-ID'),
        required('PSU-IP-Address'),
        required('x-accept-fix'),
        required('PSU-Corporate-ID'),
      ]).toEqual([true, true, true, false]);
      expect(params.find((p) => p.in === 'query')?.name).toBe('allowLogicalDuplicate');
      // x-accept-fix is optional on bulk creation only.
      const bulk = doc.paths['/v1/bulk-payments/norwegian-domestic-credit-transfers']?.post;
      expect(parametersOf(doc, bulk as never).find((p) => p.name === 'x-accept-fix')?.required).toBe(false);
    },
  );

  it.each(VERSIONS)(
    '%s states that PSU-ID or X-PSU-IDENTITY is required, on every operation and header that takes them',
    (version) => {
      const doc = loadDoc(version);
      const sentence = 'Required: PSU-ID, or X-PSU-IDENTITY instead: one of the two identifies the PSU';
      const notShown =
        'PSU-ID, or X-PSU-IDENTITY instead, identifies the PSU (interface.md › ' +
        'Authentication 4); whether this operation requires it: not shown.';
      const withPsuId = operations(doc).filter(({ op }) => parametersOf(doc, op).some((p) => p.name === 'PSU-ID'));
      // Basket start and read, NCBCT, SCT, bulk, payment status and deletion, basket creation.
      expect(withPsuId.map(({ op }) => op.operationId).sort()).toEqual(
        [
          'basket.create',
          'basket.get',
          'basket.startAuthorisation',
          'bulk.create',
          'ncbct.create',
          'payment.delete',
          'payment.status',
          'sct.create',
        ].sort(),
      );
      for (const { op } of withPsuId) {
        // interface.md › Endpoints 2: which headers the basket read requires is "not shown".
        const expected = op.operationId === 'basket.get' ? notShown : sentence;
        expect(op.description, op.operationId).toContain(expected);
        for (const p of parametersOf(doc, op).filter((q) => q.name === 'PSU-ID' || q.name === 'X-PSU-IDENTITY')) {
          expect(p.required, `${op.operationId} ${p.name}`).toBe(false);
          expect(p.description, `${op.operationId} ${p.name}`).toContain(expected);
        }
      }
    },
  );

  it('leaves Host out of the parameters: clients set it from the URL', () => {
    const doc = loadDoc('3.1');
    const names = operations(doc).flatMap(({ op }) => parametersOf(doc, op).map((p) => p.name.toLowerCase()));
    expect(names).toContain('accept-language');
    expect(names).not.toContain('host');
  });
});
