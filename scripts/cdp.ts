import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { WebSocket } from 'undici';

/** Debian's package, or the binary CHROMIUM names; never a download. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM) return existsSync(env.CHROMIUM) ? env.CHROMIUM : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome'])
      if (existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--hide-scrollbars',
];

export interface Browser {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  const late = new Promise<T>((_, reject) => {
    setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms).unref();
  });
  return Promise.race([p, late]);
}

/** Headless Chromium on a fresh profile, driven over the DevTools protocol of its one page (loopback only). */
export async function launch(binary: string): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'psd2-chromium-'));
  const child: ChildProcess = spawn(
    binary,
    [
      ...FLAGS,
      `--user-data-dir=${profile}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // The profile folder can be removed only once chromium stopped writing to it.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanup = async () => {
    child.kill('SIGKILL');
    await within(5_000, 'chromium exit', exited).catch(() => undefined);
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // Chromium's helper processes can outlive the browser for a moment; a temp folder left behind is harmless.
    }
  };
  try {
    const endpoint = await within(
      20_000,
      'chromium start',
      new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr?.on('data', (d: Buffer) => {
          err += d.toString();
          const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
          if (m) resolve(m[1] as string);
        });
        child.on('error', reject);
        child.on('exit', (code) =>
          reject(new Error(`chromium exited (${code}) before it listened: ${err.trim().split('\n').pop()}`)),
        );
      }),
    );
    const pages = (await (await fetch(`http://${new URL(endpoint).host}/json/list`)).json()) as {
      type: string;
      webSocketDebuggerUrl: string;
    }[];
    const page = pages.find((p) => p.type === 'page');
    if (!page) throw new Error('chromium opened no page');
    const ws = new WebSocket(page.webSocketDebuggerUrl);
    await within(
      10_000,
      'DevTools connection',
      new Promise((resolve, reject) => {
        ws.addEventListener('open', resolve, { once: true });
        ws.addEventListener('error', () => reject(new Error('DevTools websocket refused')), { once: true });
      }),
    );
    let next = 0;
    const waiting = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
    ws.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as {
        id?: number;
        result?: Record<string, unknown>;
        error?: { message: string };
      };
      const w = msg.id === undefined ? undefined : waiting.get(msg.id);
      if (!w) return;
      waiting.delete(msg.id as number);
      if (msg.error) w.reject(new Error(msg.error.message));
      else w.resolve(msg.result ?? {});
    });
    return {
      send(method, params = {}) {
        const id = ++next;
        ws.send(JSON.stringify({ id, method, params }));
        return within(30_000, method, new Promise((resolve, reject) => waiting.set(id, { resolve, reject })));
      },
      async close() {
        ws.close();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
