/**
 * Banks' sandboxes throttle: a concurrency cap (a semaphore) and a requests-per-second limit (requests are
 * spaced 1/rps apart). `sleep` and `now` are injectable so tests need no wall-clock timing.
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = { now: () => performance.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export class Throttle {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextSlot = 0;

  constructor(
    private readonly concurrency: number,
    private readonly requestsPerSecond: number | undefined,
    private readonly clock: Clock = realClock,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      if (this.requestsPerSecond) {
        const now = this.clock.now();
        const slot = Math.max(now, this.nextSlot);
        this.nextSlot = slot + 1000 / this.requestsPerSecond;
        if (slot > now) await this.clock.sleep(slot - now);
      }
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
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
