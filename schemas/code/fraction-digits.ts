import { currencyInfo, fractionDigitsFor, type RequirementId } from '../../spec/index.js';
import type { CodeValidator } from './types.js';
import { objectsIn } from './walk.js';

const DECIMAL = /^[0-9]+(?:\.([0-9]+))?$/;

/**
 * Amount.amount.fractionDigits: an Amount's fraction digits equal its currency's ISO 4217 minor units.
 * Any object with a string `amount` and a listed `currency` is an Amount; sandbox amounts are int32 numbers
 * and so are left alone. Currencies flagged ambiguous (no ISO minor unit, or no longer ISO codes) are not judged.
 */
export function fractionDigits(
  idAt: (pointer: string) => RequirementId = () => 'Amount.amount.fractionDigits',
): CodeValidator {
  return (value) => {
    const found = [];
    for (const { node, pointer } of objectsIn(value)) {
      const { amount, currency } = node;
      if (typeof amount !== 'string' || typeof currency !== 'string') continue;
      const info = currencyInfo(currency);
      const match = DECIMAL.exec(amount);
      if (!info || info.ambiguous || !match) continue;
      const digits = match[1]?.length ?? 0;
      const expected = fractionDigitsFor(currency);
      if (digits !== expected) {
        found.push({
          requirementId: idAt(pointer),
          pointer: `${pointer}/amount`,
          message:
            `${currency} takes ${expected} fraction ` +
            `digit${expected === 1 ? '' : 's'}, "${amount}" has ` +
            `${digits}`,
        });
      }
    }
    return found;
  };
}
