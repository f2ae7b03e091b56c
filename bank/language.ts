/**
 * Group N: Accept-Language is honoured where the bank has texts, which is its error messages (Norwegian
 * Bokmål and English). The choice is reported in Content-Language on every answer.
 */
export type Language = 'en' | 'nb';

const NORWEGIAN = new Set(['nb', 'no', 'nn']);

/** The best of nb and en by q-value; English when neither is offered or the header is malformed. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  let best: { lang: Language; q: number } | undefined;
  for (const part of header.split(',').slice(0, 32)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const primary = tag.split('-')[0] ?? '';
    const lang: Language | undefined = NORWEGIAN.has(primary)
      ? 'nb'
      : primary === 'en' || primary === '*'
        ? 'en'
        : undefined;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'en';
}

/** Norwegian lead texts per error code; the technical detail after it stays as the bank wrote it. */
const NB: Record<string, string> = {
  FORMAT_ERROR: 'Ugyldig format',
  RESOURCE_UNKNOWN: 'Ukjent ressurs',
  PRODUCT_UNKNOWN: 'Ukjent betalingsprodukt',
  PRODUCT_INVALID: 'Betalingsproduktet tilbys ikke',
  KID_INVALID: 'Ugyldig KID',
  PAYMENT_FAILED: 'Betalingen ble avvist',
  EXECUTION_DATE_INVALID: 'Ugyldig utføringsdato',
  REFERENCE_MIX_INVALID: 'Betalingen kan ikke legges i en signeringskurv',
  CONFLICT: 'Konflikt med betalingens tilstand',
  FORBIDDEN: 'Ingen tilgang',
  SYSTEM_ERROR: 'Systemfeil',
};

export function localise(language: Language, code: string, message: string): string {
  return language === 'nb' ? `${NB[code] ?? 'Feil'}: ${message}` : message;
}
