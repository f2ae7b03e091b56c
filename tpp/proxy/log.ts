import type { Level, RequirementId } from '../../spec/index.js';
import type { BrokenRule, ProxyExchange } from './exchange.js';

/** How often each rule broke over every exchange, kept or not. */
export interface RuleCount {
  side: BrokenRule['side'];
  requirementId: RequirementId;
  level: Level;
  exchanges: number;
}

/** What the proxy saw, as `close()` returns it and the reports are written from. */
export interface ProxyReport {
  target: string;
  startedAt: string;
  stoppedAt: string;
  /** Every exchange seen. */
  total: number;
  /** Exchanges with no MUST rule broken on either side. */
  conforming: number;
  /** The exchanges whose details were kept, in the order they arrived; failing ones are kept before passing ones. */
  exchanges: ProxyExchange[];
  /** Exchanges counted but not kept (beyond `maxExchanges`). */
  omitted: number;
  /** Broken rules over all exchanges, MUST first, then by count. */
  rules: RuleCount[];
}

/** The default number of exchanges whose details a proxy keeps. */
export const DEFAULT_MAX_EXCHANGES = 500;

/**
 * Keeps what a long proxy session needs in bounded memory: the details of at most `max` exchanges (a failing one
 * takes the place of the oldest passing one when full), and counts of everything.
 */
export class ProxyLog {
  private readonly kept: ProxyExchange[] = [];
  private total = 0;
  private conforming = 0;
  private readonly counts = new Map<string, RuleCount>();
  readonly startedAt = new Date().toISOString();

  constructor(
    private readonly target: string,
    private readonly max: number = DEFAULT_MAX_EXCHANGES,
  ) {}

  add(exchange: ProxyExchange): void {
    this.total++;
    if (exchange.conforms) this.conforming++;
    for (const rule of exchange.broken) {
      const key = `${rule.side}|${rule.requirementId}|${rule.level}`;
      const count = this.counts.get(key) ?? {
        side: rule.side,
        requirementId: rule.requirementId,
        level: rule.level,
        exchanges: 0,
      };
      count.exchanges++;
      this.counts.set(key, count);
    }
    if (this.kept.length < this.max) {
      this.kept.push(exchange);
      return;
    }
    if (exchange.conforms) return;
    const passing = this.kept.findIndex((e) => e.conforms);
    if (passing < 0) return;
    this.kept.splice(passing, 1);
    this.kept.push(exchange);
  }

  report(): ProxyReport {
    const rules = [...this.counts.values()].sort((a, b) =>
      a.level === b.level ? b.exchanges - a.exchanges : a.level === 'MUST' ? -1 : 1,
    );
    return {
      target: this.target,
      startedAt: this.startedAt,
      stoppedAt: new Date().toISOString(),
      total: this.total,
      conforming: this.conforming,
      exchanges: [...this.kept],
      omitted: this.total - this.kept.length,
      rules,
    };
  }
}
