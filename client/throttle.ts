/**
 * Banks' sandboxes throttle: a concurrency cap and a requests-per-second limit. The ledger grants permits to
 * send within both, for one process (Throttle) or for a whole run across worker processes (permit-service.ts).
 * `sleep` and `now` are injectable so tests need no wall-clock timing.
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = { now: () => performance.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

/**
 * Grants are spaced a little more than 1/rps apart: a granted request still has to be signed and reach the bank,
 * and that jitter must not put one request too many into a bank's one-second window.
 */
export const RATE_MARGIN = 1.1;

/**
 * With a rate limit, a permit must be used within this long of its grant, or given back: a worker whose event
 * loop was busy would otherwise send several permits' requests at once, a burst the spacing was meant to prevent.
 * Less than the margin above (100 ms a second), so what remains covers the way to the bank.
 */
export const FRESH_MS = 40;

/** Timeouts in a row on one operation after which its remaining requests are not sent: it stopped answering. */
export const STALL_LIMIT = 3;

export const stallReason = (operation: string): string => `no answer: ${STALL_LIMIT} timeouts in a row on ${operation}`;

/** A permit to send one request, or why the request is not sent at all. */
export type Grant = { granted: true; freshUntil?: number } | { granted: false; reason: string };

/** A permit held: release it when the exchange ended, saying whether it timed out. */
export type Permit = { granted: true; release(timedOut: boolean): void } | { granted: false; reason: string };

interface Waiter {
  operation: string | undefined;
  answer: (grant: Grant) => void;
}

/**
 * Permits to send: at most `concurrency` held at once, granted at least 1/rps apart, none while a 429's
 * Retry-After runs (the whole run waits, not one test), and none for an operation that timed out STALL_LIMIT
 * times in a row.
 */
export class PermitLedger {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private nextSlot = 0;
  private pausedUntil = 0;
  private sleeping = false;
  private readonly timeoutsInARow = new Map<string, number>();
  private readonly stalled = new Set<string>();
  /** Most permits ever held at once: tests read it. */
  peak = 0;

  constructor(
    private readonly concurrency: number,
    private readonly requestsPerSecond: number | undefined,
    private readonly clock: Clock = realClock,
  ) {}

  acquire(operation?: string): Promise<Grant> {
    return new Promise<Grant>((answer) => {
      this.waiting.push({ operation, answer });
      this.pump();
    });
  }

  /** The exchange ended; a timeout counts towards its operation's stall, any answer resets it. */
  release(operation?: string, timedOut = false, unused = false): void {
    this.active--;
    if (operation && !unused) {
      const count = timedOut ? (this.timeoutsInARow.get(operation) ?? 0) + 1 : 0;
      this.timeoutsInARow.set(operation, count);
      if (count >= STALL_LIMIT) this.stalled.add(operation);
    }
    this.pump();
  }

  /** A 429 asked to wait `ms`: no permit is granted to anyone before then. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }

  private pump(): void {
    // Requests for a stalled operation are answered at once, wherever they wait.
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const waiter = this.waiting[i] as Waiter;
      if (waiter.operation && this.stalled.has(waiter.operation)) {
        this.waiting.splice(i, 1);
        waiter.answer({ granted: false, reason: stallReason(waiter.operation) });
      }
    }
    while (this.waiting.length && this.active < this.concurrency && !this.sleeping) {
      const now = this.clock.now();
      const at = Math.max(now, this.nextSlot, this.pausedUntil);
      if (at > now) {
        this.sleeping = true;
        const pausedUntil = this.pausedUntil;
        void this.clock.sleep(at - now).then(() => {
          // The sleep covered the wait: trust it rather than a clock that may read a hair early (or, in tests, not
          // move).
          this.sleeping = false;
          if (this.pausedUntil === pausedUntil) this.pausedUntil = 0;
          this.nextSlot = Math.min(this.nextSlot, this.clock.now());
          this.pump();
        });
        return;
      }
      const waiter = this.waiting.shift() as Waiter;
      this.active++;
      this.peak = Math.max(this.peak, this.active);
      if (this.requestsPerSecond) this.nextSlot = now + (1000 / this.requestsPerSecond) * RATE_MARGIN;
      waiter.answer(this.requestsPerSecond ? { granted: true, freshUntil: Date.now() + FRESH_MS } : { granted: true });
    }
  }
}

/** The source of permits a client asks before each request: one process's ledger, or the run's permit service. */
export interface Permits {
  acquire(operation?: string): Promise<Permit>;
  pause(ms: number): void;
  close(): void;
}

export const localPermits = (ledger: PermitLedger): Permits => ({
  acquire: async (operation) => {
    const grant = await ledger.acquire(operation);
    return grant.granted ? { granted: true, release: (timedOut) => ledger.release(operation, timedOut) } : grant;
  },
  pause: (ms) => ledger.pause(ms),
  close: () => {},
});

/** Runs tasks within one process's limits (kept for callers outside a run: bench, proxy, doctor). */
export class Throttle {
  private readonly ledger: PermitLedger;

  constructor(concurrency: number, requestsPerSecond: number | undefined, clock: Clock = realClock) {
    this.ledger = new PermitLedger(concurrency, requestsPerSecond, clock);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.ledger.acquire();
    try {
      return await task();
    } finally {
      this.ledger.release();
    }
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? undefined : Math.max(0, when - now);
}
