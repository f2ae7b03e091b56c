import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { PermitLedger, localPermits, realClock, type Grant, type Permits } from './throttle.js';

/**
 * One ledger for a whole run: the runner hosts it on loopback and every worker's client asks it before each
 * request, so HTTP_CONCURRENCY and HTTP_REQUESTS_PER_SECOND hold across vitest's worker processes, a 429 slows
 * every worker, and an operation that stopped answering is given up everywhere.
 *
 * One line a message. Worker → service: `A <id> <operation|->` acquire, `R <id> <0|1>` release (1: it timed
 * out), `L <id>` given back unused (granted too long ago), `P <ms>` pause. Service → worker: `G <id> <fresh until>`
 * granted (wall-clock ms by which the request must go out, 0: any time), `N <id> <reason>` not sent.
 */
export interface PermitService {
  /** host:port for permitsAt(). */
  address: string;
  ledger: PermitLedger;
  close(): Promise<void>;
}

export async function startPermitService(concurrency: number, requestsPerSecond?: number): Promise<PermitService> {
  const ledger = new PermitLedger(concurrency, requestsPerSecond, realClock);
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    // Permits held by a worker that went away (cancelled, crashed) go back to the run.
    const held = new Map<string, string | undefined>();
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      for (const operation of held.values()) ledger.release(operation, false);
      held.clear();
    });
    // readline passes its socket's errors on: a worker that went away mid-write (a run being stopped) is no error.
    const lines = createInterface({ input: socket }).on('error', () => {});
    lines.on('line', (line) => {
      const [kind, id = '', arg = ''] = line.split(' ');
      if (kind === 'A') {
        const operation = arg === '-' ? undefined : arg;
        void ledger.acquire(operation).then((grant) => {
          if (socket.destroyed) {
            if (grant.granted) ledger.release(operation, false);
            return;
          }
          if (grant.granted) held.set(id, operation);
          socket.write(grant.granted ? `G ${id} ${grant.freshUntil ?? 0}\n` : `N ${id} ${grant.reason}\n`);
        });
      } else if ((kind === 'R' || kind === 'L') && held.has(id)) {
        const operation = held.get(id);
        held.delete(id);
        ledger.release(operation, kind === 'R' && arg === '1', kind === 'L');
      } else if (kind === 'P') ledger.pause(Number(id) || 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    ledger,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A worker's side of the permit service at `address` (host:port). */
export function permitsAt(address: string): Permits {
  const [host, port] = [
    address.slice(0, address.lastIndexOf(':')),
    Number(address.slice(address.lastIndexOf(':') + 1)),
  ];
  let socket: Socket | undefined;
  let nextId = 0;
  const pending = new Map<string, (grant: Grant) => void>();
  const open = (): Socket => {
    if (socket && !socket.destroyed) return socket;
    const s = connect(port, host);
    s.setNoDelay(true);
    s.on('error', () => {});
    s.on('close', () => {
      // The service is gone (the run ended): nothing waits for an answer that cannot come.
      for (const answer of pending.values())
        answer({ granted: false, reason: 'the run ended (permit service closed)' });
      pending.clear();
    });
    createInterface({ input: s }).on('line', (line) => {
      const space = line.indexOf(' ', 2);
      const kind = line[0];
      const id = space < 0 ? line.slice(2) : line.slice(2, space);
      const answer = pending.get(id);
      if (!answer) return;
      pending.delete(id);
      if (!pending.size) s.unref();
      answer(
        kind === 'G'
          ? { granted: true, freshUntil: Number(line.slice(space + 1)) || 0 }
          : { granted: false, reason: line.slice(space + 1) },
      );
    });
    socket = s;
    return s;
  };
  const ask = (operation: string | undefined): Promise<{ id: string; grant: Grant }> => {
    const id = String(nextId++);
    const s = open();
    s.ref();
    return new Promise((resolve) => {
      pending.set(id, (grant) => resolve({ id, grant }));
      s.write(`A ${id} ${operation ?? '-'}\n`);
    });
  };
  return {
    async acquire(operation) {
      for (;;) {
        const { id, grant } = await ask(operation);
        if (!grant.granted) return grant;
        // Granted while this worker was busy: a stale permit would join the next ones in a burst. Give it back.
        if (grant.freshUntil && Date.now() > grant.freshUntil) {
          socket?.write(`L ${id}\n`);
          continue;
        }
        return { granted: true, release: (timedOut) => void socket?.write(`R ${id} ${timedOut ? 1 : 0}\n`) };
      }
    },
    pause(ms) {
      open().write(`P ${Math.ceil(ms)}\n`);
    },
    close() {
      socket?.destroy();
    },
  };
}

let kept: { run: string; permits: Permits } | undefined;

/**
 * The permits of a run whose one process sends every request (a run against the embedded bank has one worker): a
 * ledger kept in this process, the same for every caller of the same run and limits, as the run's service would be,
 * and a new one for the next run (the mutation loop runs many in one worker's life).
 */
export function keptPermits(run: string, concurrency: number, requestsPerSecond?: number): Permits {
  const key = `${run} ${concurrency} ${requestsPerSecond ?? '-'}`;
  if (kept?.run !== key) kept = { run: key, permits: localPermits(new PermitLedger(concurrency, requestsPerSecond)) };
  return kept.permits;
}
