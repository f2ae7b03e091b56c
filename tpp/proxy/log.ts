import type { Level, RequirementId } from '../../spec/index.js';
import { bothConform, PARTIES, type Party, type ProxyExchange } from './exchange.js';

/** How often a rule broke, in how many exchanges (kept or not). */
export interface RuleCount {
  requirementId: RequirementId;
  level: Level;
  exchanges: number;
}

/**
 * One party's verdict over a proxy session: CONFORMANT when it broke no MUST rule in any exchange it was judged in,
 * NOT CONFORMANT when it did, NOTHING JUDGED when no exchange judged it.
 */
export interface PartyVerdict {
  party: Party;
  verdict: 'CONFORMANT' | 'NOT CONFORMANT' | 'NOTHING JUDGED';
  /** Exchanges in which the party was judged. */
  judged: number;
  /** Of those, the ones in which it broke no MUST rule. */
  conforming: number;
  /** Its broken rules over every exchange, MUST first, then by count. */
  rules: RuleCount[];
}

/**
 * What the proxy saw, as `close()` returns it and every report is written from: the exchanges whose details were
 * kept, and each party's verdict over all of them. A TPP's malformed request counts against "your requests" only;
 * the bank answers for its answers only.
 */
export interface ProxyReport {
  target: string;
  startedAt: string;
  stoppedAt: string;
  /** Every exchange seen. */
  total: number;
  /** The exchanges whose details were kept, in the order they arrived; failing ones are kept before passing ones. */
  exchanges: ProxyExchange[];
  /** Exchanges counted but not kept (beyond `maxExchanges`). */
  omitted: number;
  /** The TPP's requests and the bank's answers, judged apart. */
  parties: Record<Party, PartyVerdict>;
}

/** The default number of exchanges whose details a proxy keeps. */
export const DEFAULT_MAX_EXCHANGES = 500;

/** Counts of one party over a session. */
class PartyTally {
  judged = 0;
  conforming = 0;
  private readonly counts = new Map<string, RuleCount>();

  constructor(private readonly party: Party) {}

  add(exchange: ProxyExchange): void {
    if (!exchange.judged[this.party]) return;
    this.judged++;
    if (exchange.conforms[this.party]) this.conforming++;
    for (const rule of exchange.broken.filter((r) => r.party === this.party)) {
      const key = `${rule.requirementId}|${rule.level}`;
      const count = this.counts.get(key) ?? { requirementId: rule.requirementId, level: rule.level, exchanges: 0 };
      count.exchanges++;
      this.counts.set(key, count);
    }
  }

  verdict(): PartyVerdict {
    const rules = [...this.counts.values()].sort((a, b) =>
      a.level === b.level ? b.exchanges - a.exchanges : a.level === 'MUST' ? -1 : 1,
    );
    const verdict =
      this.judged === 0 ? 'NOTHING JUDGED' : this.conforming < this.judged ? 'NOT CONFORMANT' : 'CONFORMANT';
    return { party: this.party, verdict, judged: this.judged, conforming: this.conforming, rules };
  }
}

/**
 * Keeps what a long proxy session needs in bounded memory: the details of at most `max` exchanges (a failing one
 * takes the place of the oldest passing one when full), and each party's counts of everything.
 */
export class ProxyLog {
  private readonly kept: ProxyExchange[] = [];
  private total = 0;
  private readonly tallies = Object.fromEntries(PARTIES.map((p) => [p, new PartyTally(p)])) as Record<
    Party,
    PartyTally
  >;
  readonly startedAt = new Date().toISOString();

  constructor(
    private readonly target: string,
    private readonly max: number = DEFAULT_MAX_EXCHANGES,
  ) {}

  add(exchange: ProxyExchange): void {
    this.total++;
    for (const party of PARTIES) this.tallies[party].add(exchange);
    if (this.kept.length < this.max) {
      this.kept.push(exchange);
      return;
    }
    if (bothConform(exchange)) return;
    const passing = this.kept.findIndex(bothConform);
    if (passing < 0) return;
    this.kept.splice(passing, 1);
    this.kept.push(exchange);
  }

  report(): ProxyReport {
    return {
      target: this.target,
      startedAt: this.startedAt,
      stoppedAt: new Date().toISOString(),
      total: this.total,
      exchanges: [...this.kept],
      omitted: this.total - this.kept.length,
      parties: { tpp: this.tallies.tpp.verdict(), bank: this.tallies.bank.verdict() },
    };
  }
}
