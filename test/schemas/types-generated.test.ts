import { describe, expect, it } from 'vitest';
import type { BulkPaymentRequest, NcbctPaymentRequest } from '../../schemas/index.js';
import { bodyTypesStale } from '../../scripts/generate-types.js';
import * as ex from './examples.js';

describe('body types generated from the schemas (schemas/types.generated.ts)', () => {
  it('are current: npm run generate would write the file as it is', async () => {
    expect(await bodyTypesStale()).toBe(false);
  });

  it('say what the schemas say (tsc checks the expectations below)', () => {
    // @ts-expect-error: creditorName is required (NCBCT.creditorName.required)
    const nameless: NcbctPaymentRequest = { ...ex.NCBCT, creditorName: undefined };
    // @ts-expect-error: purposeCode is one of the listed codes (NCBCT.purposeCode.enum)
    const unlisted: NcbctPaymentRequest = { ...ex.NCBCT, purposeCode: 'GIFT' };
    // @ts-expect-error: an amount is a string (Amount.amount.string)
    const numeric: NcbctPaymentRequest = { ...ex.NCBCT, instructedAmount: { amount: 5, currency: 'NOK' } };
    // An empty bulk breaks only a SHOULD: the type lets it through, the validator judges it.
    const empty: BulkPaymentRequest = { ...ex.BULK, payments: [] };
    expect([nameless.creditorName, unlisted.purposeCode, numeric.instructedAmount.amount, empty.payments]).toEqual([
      undefined,
      'GIFT',
      5,
      [],
    ]);
  });

  it('are type aliases, so a typed body goes wherever any JSON object does, without a cast', () => {
    const json: Record<string, unknown> = ex.NCBCT;
    expect(Object.keys(json)).toContain('creditorName');
  });
});
