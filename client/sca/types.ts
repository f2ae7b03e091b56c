/** What the PSU decides behind scaRedirect. */
export type ScaDecision = 'approve' | 'deny';

/** One request the PSU's browser made: what the driver sent and what came back. */
export interface ScaStep {
  method: 'GET' | 'POST';
  url: string;
  status?: number;
  /** Where a redirect pointed. */
  location?: string;
  /** A transport failure instead of an answer. */
  error?: string;
}

export interface ScaOutcome {
  /** The bank sent the PSU's browser back to TPP-Redirect-URI (Authentication 5). */
  returned: boolean;
  /** Every request of the browser, in order. */
  steps: ScaStep[];
  /** Why the PSU did not come back, in one line; absent when `returned`. */
  problem?: string;
  /**
   * The driver could not act as configured (a `link:`/`form:` template that matched nothing on the bank's page, or a
   * page that sent the PSU back before there was anything to click): a configuration error of the run, naming the
   * template, never the bank's failure. What followed the decision says nothing about the bank then.
   */
  misconfigured?: string;
}

/**
 * What happens behind scaRedirect is the bank's: a driver plays the PSU. `notTestable` says why it cannot (a person
 * must approve), and journeys that need SCA are then reported as not testable with that reason.
 */
export interface ScaDriver {
  readonly name: 'embedded' | 'http' | 'manual';
  readonly notTestable?: string;
  /** Opens scaRedirect as the PSU's browser and approves or denies, following the bank's pages and redirects. */
  decide(scaRedirect: string, decision: ScaDecision): Promise<ScaOutcome>;
}

/** The drivers' names, here beside the types so that the configuration reads them without the drivers' packages. */
export const SCA_DRIVERS = ['embedded', 'http', 'manual'] as const;
export type ScaDriverName = (typeof SCA_DRIVERS)[number];
