import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { PROBE_PATH } from '../../runner/run/interface-probe.js';

/**
 * Servers that misbehave on purpose, on 127.0.0.1 and a free port, to prove the client and the run end
 * within their budget with a reason. The preflight path answers normally unless `hostilePreflight`, so a
 * run gets past its reachability check and meets the hostility in the suites.
 */
export type Hostility =
  | 'hang-before-headers'
  | 'hang-mid-body'
  | 'reset'
  | 'invalid-json'
  | 'huge-body'
  | 'wrong-content-type'
  | 'redirect-loop'
  | 'trickle';

export interface HostileServer {
  url: string;
  /** Requests seen so far (method and path). */
  requests: string[];
  close(): Promise<void>;
}

const PREFLIGHT = PROBE_PATH;
/** interface.md's Error body: the preflight takes the server for the interface and lets the run meet the hostility. */
const PREFLIGHT_ANSWER = '{"status":404,"code":"RESOURCE_UNKNOWN","message":"unknown basket"}';
const MB = 1024 * 1024;

function listen(server: Server, sockets: Set<Socket>, requests: string[]): Promise<HostileServer> {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Streams `total` bytes of a JSON-looking body, honouring back-pressure, until done or the client leaves. */
function stream(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.write('{"pad":"');
  pump();
}

/** Starts a server that behaves as `kind` on every request (and on the preflight when `hostilePreflight`). */
export function startHostile(kind: Hostility, options: { hostilePreflight?: boolean } = {}): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  if (kind === 'reset' || kind === 'hang-before-headers') {
    // Raw TCP: read the request, then either never answer or reset the connection (RST, not FIN).
    const server = createNetServer((socket) => {
      socket.on('data', (data) => {
        const line = data.toString('latin1').split('\r\n')[0] ?? '';
        requests.push(line);
        if (line.includes(PREFLIGHT) && !options.hostilePreflight) {
          socket.end(
            `HTTP/1.1 404 Not Found\r\nContent-Type: ` +
              `application/json\r\nContent-Length: ` +
              `${PREFLIGHT_ANSWER.length}\r\n\r\n${PREFLIGHT_ANSWER}`,
          );
          return;
        }
        if (kind === 'reset') socket.resetAndDestroy();
      });
    });
    return listen(server, sockets, requests);
  }

  const server = createHttpServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    res.on('close', () => {});
    if (req.url === PREFLIGHT && !options.hostilePreflight) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(PREFLIGHT_ANSWER);
      return;
    }
    switch (kind) {
      case 'hang-mid-body':
        res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('{"transactionStatus":"RCVD","paymentId":"');
        return; // never ends
      case 'invalid-json':
        res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"transactionStatus": "RCVD", "paymentId": ');
        return;
      case 'huge-body':
        res.writeHead(201, { 'Content-Type': 'application/json' });
        stream(res, 50 * MB);
        return;
      case 'wrong-content-type':
        res
          .writeHead(201, { 'Content-Type': 'text/html; charset=utf-8' })
          .end('<html><body>Payment received</body></html>');
        return;
      case 'redirect-loop':
        res.writeHead(302, { Location: req.url ?? '/' }).end();
        return;
      case 'trickle': {
        // One byte every 100 ms of a 10 kB body: never idle long enough for a per-chunk timeout, done only after 17
        // minutes.
        res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': String(10_000) });
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed || sent >= 10_000) {
            clearInterval(timer);
            timers.delete(timer);
            return;
          }
          res.write(sent++ === 0 ? '{' : ' ');
        }, 100);
        timers.add(timer);
        return;
      }
    }
  });
  // Keep-alive sockets must not hold close() open.
  server.keepAliveTimeout = 1000;
  return listen(server, sockets, requests).then((h) => ({
    ...h,
    close: () => {
      for (const t of timers) clearInterval(t);
      return h.close();
    },
  }));
}
