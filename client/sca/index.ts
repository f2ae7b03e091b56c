/**
 * SCA drivers: what happens behind scaRedirect is the bank's, so a driver plays the PSU. `embedded` knows the
 * reference bank's page (`?result=ok` / `?result=fail`), `http` is configured for a sandbox (URL templates or the
 * text of a link or form to follow), `manual` stands for a person: journeys that need SCA are then not testable.
 */
import { httpScaDriver } from './http.js';
import type { ScaDriver, ScaDriverName } from './types.js';

export { clickOn, type Click } from './page.js';
export { expand, httpScaDriver, type HttpScaOptions, type ScaAction } from './http.js';
export type { ScaDecision, ScaDriver, ScaOutcome, ScaStep } from './types.js';

export { SCA_DRIVERS, type ScaDriverName } from './types.js';

/** The reference bank's /sca page: `?result=ok` approves, `?result=fail` denies. */
export const EMBEDDED_SCA = { approve: '{scaRedirect}?result=ok', deny: '{scaRedirect}?result=fail' } as const;

export const MANUAL_REASON =
  'SCA_DRIVER=manual: a person approves SCA at this bank, so journeys that need it are not run ' +
  '(SCA_DRIVER=http with SCA_APPROVE_URL and SCA_DENY_URL drives a sandbox)';

export const manualScaDriver = (): ScaDriver => ({
  name: 'manual',
  notTestable: MANUAL_REASON,
  decide: () => Promise.reject(new Error(MANUAL_REASON)),
});

export interface ScaDriverOptions {
  driver: ScaDriverName;
  /** For http: SCA_APPROVE_URL and SCA_DENY_URL. */
  approve?: string;
  deny?: string;
  /** TPP-Redirect-URI. */
  returnTo: string;
  timeoutMs?: number;
}

/** The driver configuration names (config/ checks that http has both templates). */
export function scaDriver(options: ScaDriverOptions): ScaDriver {
  const { returnTo, timeoutMs } = options;
  const common = { returnTo, ...(timeoutMs ? { timeoutMs } : {}) };
  if (options.driver === 'manual') return manualScaDriver();
  if (options.driver === 'embedded') return httpScaDriver({ ...EMBEDDED_SCA, ...common }, 'embedded');
  return httpScaDriver({ approve: options.approve ?? '', deny: options.deny ?? '', ...common });
}
