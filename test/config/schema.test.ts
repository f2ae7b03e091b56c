import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../core/index.js';
import { environmentSchema, expected, validatedValues } from '../../config/schema.js';
import { VARIABLES } from '../../config/variables.js';

const refused = (env: Record<string, string>) => {
  try {
    validatedValues(env);
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return (err as Error).message;
  }
  return 'accepted';
};

describe('the environment is validated by a schema made from the VARIABLES table', () => {
  it('has one property a variable, and every default satisfies its own schema', () => {
    const schema = environmentSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(VARIABLES.map((v) => v.name));
    expect(refused({})).toBe('accepted');
    // validatedValues checks the values given, not the defaults: the whole schema checks those here.
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    const defaults = validatedValues({});
    expect(Object.keys(defaults).length).toBeGreaterThan(10);
    expect(validate(defaults), JSON.stringify(validate.errors)).toBe(true);
  });

  it('gives whole numbers as numbers and text as text, blank as unset', () => {
    expect(validatedValues({ SEED: ' 7 ', NUM_RUNS: '', KEYID_SERIAL_CASE: 'lower' })).toMatchObject({
      SEED: 7,
      NUM_RUNS: 10,
      KEYID_SERIAL_CASE: 'lower',
    });
  });

  it.each([
    ['SEED', '4294967303', 'SEED must be an integer from 0 to 4294967295 (fast-check keeps 32 bits of a seed)'],
    [
      'SEED',
      '99999999999999999999',
      'SEED must be an integer from 0 to 4294967295 (fast-check keeps 32 bits of a seed)',
    ],
    ['NUM_RUNS', '1e3', 'NUM_RUNS must be an integer ≥ 1'],
    ['NUM_RUNS', '0x10', 'NUM_RUNS must be an integer ≥ 1'],
    ['HTTP_RETRY_BUDGET_MS', '-1', 'HTTP_RETRY_BUDGET_MS must be an integer ≥ 0'],
    ['HTTP_PROXY', 'ftp://proxy', 'HTTP_PROXY must be an http or https URL'],
    ['SIGN_REQUEST_TARGET', 'yes', 'SIGN_REQUEST_TARGET must be one of true, false'],
    ['CORPORATE_PSU_IDENTITY', '12', 'CORPORATE_PSU_IDENTITY must be an 11-digit national identity or D-number'],
  ])('%s=%s: "%s, got …"', (name, value, start) => {
    const shown = VARIABLES.find((v) => v.name === name)?.secret ? '***' : value;
    expect(refused({ [name]: value })).toBe(`${start}, got "${shown}"`);
  });

  it.each([
    [{ MTLS_CERT_PATH: 'c.pem' }, 'MTLS_CERT_PATH and MTLS_KEY_PATH must be set together'],
    [{ MTLS_KEY_PATH: 'k.pem' }, 'MTLS_CERT_PATH and MTLS_KEY_PATH must be set together'],
    [{ SIGNING_KEY_PATH: 'k.pem' }, 'SIGNING_CERT_PATH and SIGNING_KEY_PATH must be set together'],
  ])('%j: a certificate without its key (or the reverse) is refused', (env, message) => {
    expect(refused(env)).toBe(message);
  });

  it('says what each kind of schema wants', () => {
    expect(expected({ type: 'integer', minimum: 1 })).toBe('an integer ≥ 1');
    expect(expected({ type: 'integer', minimum: 0, maximum: 9, description: 'why' })).toBe(
      'an integer from 0 to 9 (why)',
    );
    expect(expected({ enum: ['a', 'b'] })).toBe('one of a, b');
    expect(expected({ type: 'string', pattern: '^/', description: 'a path starting with /' })).toBe(
      'a path starting with /',
    );
  });
});
