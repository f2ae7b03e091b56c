import { shellQuote } from '../client/curl.js';

/**
 * The target a run judged, as the verdict line and every report name it: the embedded reference bank in
 * words (its port is random and means nothing after the run), or the bank's URL with the profile.
 */
export type Target =
  | { kind: 'embedded'; description: string; url?: string; faults: string[]; variants: string[] }
  | { kind: 'remote'; description: string; url: string; profile: 'sandbox' | 'production' };

const list = (what: string, ids: string[]) =>
  ids.length ? `${what}${ids.length > 1 ? 's' : ''} ${ids.join(', ')}` : '';

/** `, judged by bank profile F`: the declared choices a run held the bank to. */
const judgedBy = (bankProfile: string | undefined) => (bankProfile ? `, judged by bank profile ${bankProfile}` : '');

export function embeddedTarget(options: {
  url?: string;
  faults?: string[];
  variants?: string[];
  /** The bank profile file the run judged by (`run --bank-profile`). */
  bankProfile?: string;
}): Target {
  const faults = options.faults ?? [];
  const variants = options.variants ?? [];
  const deviations = [list('fault', faults), list('variant', variants)].filter(Boolean).join(' and ');
  return {
    kind: 'embedded',
    description:
      `the embedded reference bank${deviations ? ` with ${deviations}` : ''}` + judgedBy(options.bankProfile),
    ...(options.url ? { url: options.url } : {}),
    faults,
    variants,
  };
}

/**
 * The command that starts a run's embedded bank again, on the port the run's requests went to, with its faults and
 * variants (an empty bank: what the run created is gone with it); undefined without a recorded URL.
 */
export function serveAgain(bank: {
  url?: string;
  faults?: readonly string[];
  variants?: readonly string[];
}): string | undefined {
  if (!bank.url) return undefined;
  const switches = [
    ...(bank.faults ?? []).map((f) => ` --fault ${shellQuote(f)}`),
    ...(bank.variants ?? []).map((v) => ` --variant ${shellQuote(v)}`),
  ].join('');
  return `npx psd2-conformance serve --port ${new URL(bank.url).port}${switches}`;
}

export const remoteTarget = (url: string, profile: 'sandbox' | 'production', bankProfile?: string): Target => ({
  kind: 'remote',
  description: `${url} (profile ${profile}${judgedBy(bankProfile)})`,
  url,
  profile,
});

/** A target read back from a summary.json; anything else (an older summary's plain URL) is not trusted. */
export function isTarget(value: unknown): value is Target {
  const t = value as Partial<Target> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    (t.kind === 'embedded' || t.kind === 'remote') &&
    typeof t.description === 'string'
  );
}
