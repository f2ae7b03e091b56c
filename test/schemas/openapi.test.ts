import { readFile } from 'node:fs/promises';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../../schemas/openapi/build.js';
import { OPERATIONS } from '../../spec/index.js';

const checkedIn = await readFile(new URL('../../schemas/openapi.json', import.meta.url), 'utf8');
const doc = JSON.parse(checkedIn) as {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; 'x-assumption'?: boolean; parameters: { name: string; in: string; required: boolean }[] }
    >
  >;
};

describe('schemas/openapi.json', () => {
  it('is not stale: it equals what spec/ and schemas/ generate (run npm run openapi)', () => {
    expect(checkedIn).toBe(renderOpenApi());
  });

  it('validates as OpenAPI 3.1 with @readme/openapi-parser', async () => {
    const result = await validateOpenApi(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every operation of spec/, at its path, with x-assumption exactly where the path is assumed', () => {
    for (const op of OPERATIONS) {
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry?.operationId, op.id).toBe(op.id);
      expect(entry?.['x-assumption'] ?? false, op.id).toBe(op.pathAssumed);
    }
  });

  it('marks the NCBCT headers interface.md requires as required (X-Request-ID, PSU-IP-Address, x-accept-fix) and PSU-Corporate-ID as optional', () => {
    const params = doc.paths['/v1/payments/norwegian-cross-border-credit-transfers']?.post?.parameters ?? [];
    const required = (name: string) => params.find((p) => p.in === 'header' && p.name === name)?.required;
    expect([
      required('X-Request-ID'),
      required('PSU-IP-Address'),
      required('x-accept-fix'),
      required('PSU-Corporate-ID'),
    ]).toEqual([true, true, true, false]);
    expect(params.find((p) => p.in === 'query')?.name).toBe('allowLogicalDuplicate');
  });
});
