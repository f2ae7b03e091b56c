/**
 * Currencies of interface.md ("Currency"), with ISO 4217 minor units.
 *
 * interface.md lists some codes that ISO 4217 does not (or no longer) define, and XDR,
 * for which ISO 4217 gives no minor unit. For those the fraction-digit rule of
 * "Amount" cannot be applied strictly, so each carries `ambiguous` with the decision
 * below, and no suite asserts a strict fraction-digit rule on them.
 */
export interface CurrencyInfo {
  /** ISO 4217 minor units; null where ISO 4217 gives none (N.A.). */
  minorUnits: number | null;
  ambiguous?: { reason: string; decision: string };
}

export const AMBIGUOUS_DECISION =
  'Not asserted strictly: servers may accept 0 to 5 fraction digits (scale 5). The reference bank accepts ' +
  "0..5; generators write the last published (or pegged currency's) minor units, or 2 where there is none.";

export const CURRENCIES = {
  AED: { minorUnits: 2 },
  AFN: { minorUnits: 2 },
  ALL: { minorUnits: 2 },
  AMD: { minorUnits: 2 },
  ANG: {
    minorUnits: 2,
    ambiguous: {
      reason: 'ISO 4217 replaced ANG by XCG (Caribbean guilder) in 2025; ANG is no longer a current code.',
      decision: AMBIGUOUS_DECISION,
    },
  },
  AOA: { minorUnits: 2 },
  ARS: { minorUnits: 2 },
  AUD: { minorUnits: 2 },
  AWG: { minorUnits: 2 },
  AZN: { minorUnits: 2 },
  BAM: { minorUnits: 2 },
  BBD: { minorUnits: 2 },
  BDT: { minorUnits: 2 },
  BGN: { minorUnits: 2 },
  BHD: { minorUnits: 3 },
  BIF: { minorUnits: 0 },
  BMD: { minorUnits: 2 },
  BND: { minorUnits: 2 },
  BOB: { minorUnits: 2 },
  BRL: { minorUnits: 2 },
  BSD: { minorUnits: 2 },
  BTN: { minorUnits: 2 },
  BWP: { minorUnits: 2 },
  BYR: {
    minorUnits: 0,
    ambiguous: {
      reason: 'Withdrawn from ISO 4217 in 2016 (replaced by BYN). Last published minor unit 0.',
      decision: AMBIGUOUS_DECISION,
    },
  },
  BZD: { minorUnits: 2 },
  CAD: { minorUnits: 2 },
  CDF: { minorUnits: 2 },
  CHF: { minorUnits: 2 },
  CLP: { minorUnits: 0 },
  CNY: { minorUnits: 2 },
  COP: { minorUnits: 2 },
  CRC: { minorUnits: 2 },
  CUC: {
    minorUnits: 2,
    ambiguous: {
      reason: "Withdrawn from ISO 4217 after Cuba's 2021 monetary unification.",
      decision: AMBIGUOUS_DECISION,
    },
  },
  CUP: { minorUnits: 2 },
  CVE: { minorUnits: 2 },
  CZK: { minorUnits: 2 },
  DJF: { minorUnits: 0 },
  DKK: { minorUnits: 2 },
  DOP: { minorUnits: 2 },
  DZD: { minorUnits: 2 },
  EGP: { minorUnits: 2 },
  ERN: { minorUnits: 2 },
  ETB: { minorUnits: 2 },
  EUR: { minorUnits: 2 },
  FJD: { minorUnits: 2 },
  FKP: { minorUnits: 2 },
  GBP: { minorUnits: 2 },
  GEL: { minorUnits: 2 },
  GGP: {
    minorUnits: 2,
    ambiguous: { reason: 'Not an ISO 4217 code (Guernsey pound, a local issue of GBP).', decision: AMBIGUOUS_DECISION },
  },
  GHS: { minorUnits: 2 },
  GIP: { minorUnits: 2 },
  GMD: { minorUnits: 2 },
  GNF: { minorUnits: 0 },
  GTQ: { minorUnits: 2 },
  GYD: { minorUnits: 2 },
  HKD: { minorUnits: 2 },
  HNL: { minorUnits: 2 },
  HRK: {
    minorUnits: 2,
    ambiguous: {
      reason: 'Withdrawn from ISO 4217 when Croatia adopted the euro in 2023.',
      decision: AMBIGUOUS_DECISION,
    },
  },
  HTG: { minorUnits: 2 },
  HUF: { minorUnits: 2 },
  IDR: { minorUnits: 2 },
  ILS: { minorUnits: 2 },
  IMP: {
    minorUnits: 2,
    ambiguous: { reason: 'Not an ISO 4217 code (Manx pound, a local issue of GBP).', decision: AMBIGUOUS_DECISION },
  },
  INR: { minorUnits: 2 },
  IQD: { minorUnits: 3 },
  IRR: { minorUnits: 2 },
  ISK: { minorUnits: 0 },
  JEP: {
    minorUnits: 2,
    ambiguous: { reason: 'Not an ISO 4217 code (Jersey pound, a local issue of GBP).', decision: AMBIGUOUS_DECISION },
  },
  JMD: { minorUnits: 2 },
  JOD: { minorUnits: 3 },
  JPY: { minorUnits: 0 },
  KES: { minorUnits: 2 },
  KGS: { minorUnits: 2 },
  KHR: { minorUnits: 2 },
  KMF: { minorUnits: 0 },
  KPW: { minorUnits: 2 },
  KRW: { minorUnits: 0 },
  KWD: { minorUnits: 3 },
  KYD: { minorUnits: 2 },
  KZT: { minorUnits: 2 },
  LAK: { minorUnits: 2 },
  LBP: { minorUnits: 2 },
  LKR: { minorUnits: 2 },
  LRD: { minorUnits: 2 },
  LSL: { minorUnits: 2 },
  LYD: { minorUnits: 3 },
  MAD: { minorUnits: 2 },
  MDL: { minorUnits: 2 },
  MGA: { minorUnits: 2 },
  MKD: { minorUnits: 2 },
  MMK: { minorUnits: 2 },
  MNT: { minorUnits: 2 },
  MOP: { minorUnits: 2 },
  MRO: {
    minorUnits: 2,
    ambiguous: { reason: 'Withdrawn from ISO 4217 in 2018 (replaced by MRU).', decision: AMBIGUOUS_DECISION },
  },
  MUR: { minorUnits: 2 },
  MVR: { minorUnits: 2 },
  MWK: { minorUnits: 2 },
  MXN: { minorUnits: 2 },
  MYR: { minorUnits: 2 },
  MZN: { minorUnits: 2 },
  NAD: { minorUnits: 2 },
  NGN: { minorUnits: 2 },
  NIO: { minorUnits: 2 },
  NOK: { minorUnits: 2 },
  NPR: { minorUnits: 2 },
  NZD: { minorUnits: 2 },
  OMR: { minorUnits: 3 },
  PAB: { minorUnits: 2 },
  PEN: { minorUnits: 2 },
  PGK: { minorUnits: 2 },
  PHP: { minorUnits: 2 },
  PKR: { minorUnits: 2 },
  PLN: { minorUnits: 2 },
  PYG: { minorUnits: 0 },
  QAR: { minorUnits: 2 },
  RON: { minorUnits: 2 },
  RSD: { minorUnits: 2 },
  RUB: { minorUnits: 2 },
  RWF: { minorUnits: 0 },
  SAR: { minorUnits: 2 },
  SBD: { minorUnits: 2 },
  SCR: { minorUnits: 2 },
  SDG: { minorUnits: 2 },
  SEK: { minorUnits: 2 },
  SGD: { minorUnits: 2 },
  SHP: { minorUnits: 2 },
  SLL: {
    minorUnits: 2,
    ambiguous: {
      reason: 'ISO 4217 replaced SLL by SLE (redenomination); SLL was withdrawn after the transition.',
      decision: AMBIGUOUS_DECISION,
    },
  },
  SOS: { minorUnits: 2 },
  SPL: {
    minorUnits: 2,
    ambiguous: { reason: 'Not an ISO 4217 code (Seborga luigino, a micronation token).', decision: AMBIGUOUS_DECISION },
  },
  SRD: { minorUnits: 2 },
  STD: {
    minorUnits: 2,
    ambiguous: { reason: 'Withdrawn from ISO 4217 in 2018 (replaced by STN).', decision: AMBIGUOUS_DECISION },
  },
  SVC: { minorUnits: 2 },
  SYP: { minorUnits: 2 },
  SZL: { minorUnits: 2 },
  THB: { minorUnits: 2 },
  TJS: { minorUnits: 2 },
  TMT: { minorUnits: 2 },
  TND: { minorUnits: 3 },
  TOP: { minorUnits: 2 },
  TRY: { minorUnits: 2 },
  TTD: { minorUnits: 2 },
  TVD: {
    minorUnits: 2,
    ambiguous: { reason: 'Not an ISO 4217 code (Tuvalu dollar, at par with AUD).', decision: AMBIGUOUS_DECISION },
  },
  TWD: { minorUnits: 2 },
  TZS: { minorUnits: 2 },
  UAH: { minorUnits: 2 },
  UGX: { minorUnits: 0 },
  USD: { minorUnits: 2 },
  UYU: { minorUnits: 2 },
  UZS: { minorUnits: 2 },
  VEF: {
    minorUnits: 2,
    ambiguous: { reason: 'Withdrawn from ISO 4217 in 2018 (replaced by VES).', decision: AMBIGUOUS_DECISION },
  },
  VND: { minorUnits: 0 },
  VUV: { minorUnits: 0 },
  WST: { minorUnits: 2 },
  XAF: { minorUnits: 0 },
  XCD: { minorUnits: 2 },
  XDR: {
    minorUnits: null,
    ambiguous: { reason: 'ISO 4217 gives no minor unit for XDR (N.A.).', decision: AMBIGUOUS_DECISION },
  },
  XOF: { minorUnits: 0 },
  XPF: { minorUnits: 0 },
  YER: { minorUnits: 2 },
  ZAR: { minorUnits: 2 },
  ZMW: { minorUnits: 2 },
  ZWD: {
    minorUnits: 2,
    ambiguous: { reason: 'Withdrawn from ISO 4217 in 2009 (replaced by ZWL, then ZWG).', decision: AMBIGUOUS_DECISION },
  },
} as const satisfies Record<string, CurrencyInfo>;

export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

export function currencyInfo(code: string): CurrencyInfo | undefined {
  return (CURRENCIES as Record<string, CurrencyInfo>)[code];
}

/** Currencies on which the fraction-digit rule is asserted strictly. */
export const STRICT_CURRENCIES = CURRENCY_CODES.filter((c) => !currencyInfo(c)?.ambiguous);

/** Fraction digits a generator writes for a currency (see AMBIGUOUS_DECISION). */
export function fractionDigitsFor(code: string): number {
  return currencyInfo(code)?.minorUnits ?? 2;
}
