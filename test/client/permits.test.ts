import { afterEach, describe, expect, it } from 'vitest';
import {
  PermitLedger,
  keptPermits,
  permitsAt,
  startPermitService,
  stallReason,
  type PermitService,
  type Permits,
} from '../../client/index.js';

/** The run's permits: one ledger, asked by several workers over loopback. */
let service: PermitService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A request for a permit, and whether it has been answered yet. */
function asked(permits: Permits, operation: string) {
  const request = { answered: false, permit: permits.acquire(operation) };
  void request.permit.then(() => (request.answered = true));
  return request;
}

describe('permits', () => {
  it("a run's one worker keeps one ledger: its sessions share its limit; the next run gets its own", async () => {
    const [a, b] = [keptPermits('http://127.0.0.1:1 r1', 1), keptPermits('http://127.0.0.1:1 r1', 1)];
    expect(b).toBe(a);
    const first = await a.acquire('ncbct.create');
    const second = asked(b, 'basket.get');
    await tick();
    expect(second.answered).toBe(false);
    // Another run (the mutation loop's next) or other limits: another ledger, not held by this run's permits.
    const next = keptPermits('http://127.0.0.1:2 r1', 1);
    expect(next).not.toBe(a);
    expect(keptPermits('http://127.0.0.1:2 r1', 2)).not.toBe(next);
    if (first.granted) first.release(false);
    expect((await second.permit).granted).toBe(true);
  });

  it('two workers share one concurrency limit: the third request waits for a release', async () => {
    service = await startPermitService(2);
    const [a, b] = [permitsAt(service.address), permitsAt(service.address)];
    const first = await a.acquire('ncbct.create');
    const second = await b.acquire('basket.get');
    const third = asked(a, 'basket.get');
    await tick();
    expect(third.answered).toBe(false);
    if (first.granted) first.release(false);
    expect((await third.permit).granted).toBe(true);
    expect(service.ledger.peak).toBe(2);
    if (second.granted) second.release(false);
    a.close();
    b.close();
  });

  it('three timeouts in a row on one operation: every worker is told at once, other operations still go', async () => {
    service = await startPermitService(4);
    const [a, b] = [permitsAt(service.address), permitsAt(service.address)];
    for (let i = 0; i < 3; i++) {
      const p = await a.acquire('ncbct.create');
      if (p.granted) p.release(true);
    }
    // The service reads a worker's lines in order: once it grants a's next request, it has counted the three timeouts.
    const after = await a.acquire('basket.get');
    if (after.granted) after.release(false);
    expect(await b.acquire('ncbct.create')).toEqual({ granted: false, reason: stallReason('ncbct.create') });
    expect(stallReason('ncbct.create')).toBe('no answer: 3 timeouts in a row on ncbct.create');
    expect((await b.acquire('basket.get')).granted).toBe(true);
    a.close();
    b.close();
  });

  it('an answer between timeouts resets the count', async () => {
    const ledger = new PermitLedger(1, undefined);
    for (const timedOut of [true, true, false, true, true]) {
      await ledger.acquire('sct.create');
      ledger.release('sct.create', timedOut);
    }
    expect((await ledger.acquire('sct.create')).granted).toBe(true);
  });

  it("a 429's pause holds every worker's next permit", async () => {
    service = await startPermitService(4);
    const ledger = service.ledger;
    const [a, b] = [permitsAt(service.address), permitsAt(service.address)];
    // When the service has taken a's pause (the ledger's own, called through), however long a busy machine takes.
    const paused = new Promise<number>((resolve) => {
      const pause = ledger.pause.bind(ledger);
      ledger.pause = (ms) => {
        pause(ms);
        resolve(performance.now());
      };
    });
    a.pause(300);
    const pausedAt = await paused;
    const p = await b.acquire();
    // Held for the pause (300 ms from when the service took it; a lower bound, which a busy machine only lengthens).
    expect(performance.now() - pausedAt).toBeGreaterThanOrEqual(250);
    if (p.granted) p.release(false);
    a.close();
    b.close();
  });

  it('a worker that goes away gives its permits back', async () => {
    service = await startPermitService(1);
    const a = permitsAt(service.address);
    expect((await a.acquire()).granted).toBe(true);
    a.close();
    const b = permitsAt(service.address);
    expect((await b.acquire()).granted).toBe(true);
    b.close();
  });
});
