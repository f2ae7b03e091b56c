import fc from 'fast-check';
import { fractionDigitsFor } from '../spec/index.js';
import type { Amount, Currency } from '../schemas/index.js';

/** The edges an amount is biased to, in minor units of a currency with `unit` minor units to its major one. */
const edges = (unit: number): number[] => [1, unit, 100_000 * unit - 1, 100_000 * unit, 100_000 * unit + 1];

/** Minor units as the decimal string of a currency with `digits` fraction digits. */
const written = (minor: number, digits: number): string => {
  const unit = 10 ** digits;
  return digits === 0 ? String(minor) : `${Math.floor(minor / unit)}.${String(minor % unit).padStart(digits, '0')}`;
};

/** A decimal string with exactly the currency's minor-unit digits, biased to the edges (smallest unit, 100 000.00). */
export function amountFor(currency: string, maxInteger = 999_999): fc.Arbitrary<string> {
  const digits = fractionDigitsFor(currency);
  const unit = 10 ** digits;
  return fc
    .oneof(fc.integer({ min: 1, max: maxInteger * unit }), fc.constantFrom(...edges(unit)))
    .map((minor) => written(minor, digits));
}

/**
 * An Amount in one of `currencies`, its digits the currency's minor units. The amount is drawn apart from the
 * currency, in thousandths (the most minor units a listed currency has) or as an edge, and then written in the
 * currency's digits: a map over a pair, not a chain, so that it shrinks well.
 */
export function amountIn(currencies: fc.Arbitrary<Currency>, maxInteger = 999_999): fc.Arbitrary<Amount> {
  const thousandths = fc.integer({ min: 1, max: maxInteger * 1000 });
  const edge = fc.integer({ min: 0, max: edges(1).length - 1 });
  return fc
    .tuple(
      currencies,
      fc.oneof(
        thousandths.map((n) => ({ n })),
        edge.map((e) => ({ e })),
      ),
    )
    .map(([currency, pick]) => {
      const digits = fractionDigitsFor(currency);
      const unit = 10 ** digits;
      const minor =
        'e' in pick ? (edges(unit)[pick.e] as number) : Math.max(1, Math.floor(pick.n / 10 ** (3 - digits)));
      return { amount: written(minor, digits), currency };
    });
}
