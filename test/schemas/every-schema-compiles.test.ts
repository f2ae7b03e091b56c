import { describe, expect, it } from 'vitest';
import { SCHEMAS, validate, type AnySchemaName } from '../../schemas/index.js';

/**
 * Validators compile on first use (a run pays only for the schemas it meets), so a schema with an unknown keyword or
 * a bad $ref would fail only when a bank's answer first needs it: here each one is compiled, strictly.
 */
describe('every schema compiles strictly', () => {
  it.each(Object.keys(SCHEMAS) as AnySchemaName[])('%s', (name) => {
    expect(() => validate(name, {})).not.toThrow();
  });

  it('names an unknown schema', () => {
    expect(() => validate('nope' as AnySchemaName, {})).toThrow('no schema named nope');
  });
});
