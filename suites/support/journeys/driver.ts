import { scaDriver, type ScaDriver } from '../../../client/sca/index.js';
import type { RunContext } from '../context.js';

/**
 * The run's SCA driver: SCA_DRIVER, or by target when unset (the embedded bank's own page; a person at a real bank,
 * whose journeys are then not testable).
 */
export function scaDriverFor(ctx: RunContext): ScaDriver {
  const { sca, tpp, http } = ctx.config;
  return scaDriver({
    driver: sca.driver ?? (ctx.profile === 'embedded' ? 'embedded' : 'manual'),
    ...(sca.approveUrl ? { approve: sca.approveUrl } : {}),
    ...(sca.denyUrl ? { deny: sca.denyUrl } : {}),
    returnTo: tpp.redirectUri,
    timeoutMs: http.headersTimeoutMs,
  });
}

/** Why a journey that needs SCA cannot run against this target (the skip reason), or false. */
export const scaSkip = (ctx: RunContext): string | false => scaDriverFor(ctx).notTestable ?? false;

/**
 * Why a journey cannot run against this target, or false. Every journey creates payments for a PSU made with the
 * sandbox operations, neither of which the production profile sends; the rest depend on the SCA driver.
 */
export function journeySkip(ctx: RunContext, { sca }: { sca: boolean }): string | false {
  if (ctx.profile === 'production')
    return 'a journey creates sandbox test data and payments: not run by the production profile';
  return sca ? scaSkip(ctx) : false;
}
