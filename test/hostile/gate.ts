import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Agent, request } from 'undici';

/**
 * A loopback proxy in front of a bank that counts what reaches it: requests in flight at once (most ever), and
 * when each arrived. It can hold some requests for `delayMs` before forwarding (so that requests overlap when
 * the client lets them), and never answer others (`hang`): an operation that stopped answering.
 */
export interface Gate {
  url: string;
  /** Most requests in flight at once. */
  peak: number;
  /** Arrival times (ms, monotonic) of every request. */
  arrivals: number[];
  /** Requests held without an answer. */
  hung: number;
  close(): Promise<void>;
}

export interface GateOptions {
  delayMs?: number;
  hang?: (req: IncomingMessage) => boolean;
}

export async function startGate(target: string, options: GateOptions = {}): Promise<Gate> {
  const agent = new Agent({ connections: 64 });
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const gate: Gate = { url: '', peak: 0, arrivals: [], hung: 0, close: async () => {} };
  const server = createServer((req, res) => {
    gate.arrivals.push(performance.now());
    gate.peak = Math.max(gate.peak, ++inFlight);
    let done = false;
    const finish = () => {
      if (!done) inFlight--;
      done = true;
    };
    res.on('close', finish);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (options.hang?.(req)) {
        gate.hung++;
        return;
      }
      setTimeout(() => {
        void (async () => {
          try {
            const headers = { ...req.headers };
            delete headers.host;
            delete headers.connection;
            const answer = await request(`${target}${req.url ?? '/'}`, {
              method: req.method as 'GET',
              headers,
              ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
              dispatcher: agent,
            });
            const body = Buffer.from(await answer.body.arrayBuffer());
            const out = Object.fromEntries(
              Object.entries(answer.headers).filter(
                ([k]) => !['connection', 'keep-alive', 'transfer-encoding'].includes(k),
              ),
            );
            finish();
            res.writeHead(answer.statusCode, out).end(body);
          } catch {
            finish();
            res.writeHead(502).end();
          }
        })();
      }, options.delayMs ?? 0);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gate.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await agent.close();
  };
  return gate;
}

/** Most arrivals within any window of `windowMs` (each window starting at an arrival). */
export function mostWithin(arrivals: number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
