import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { loadConfig } from '../config/index.js';
import { startServe } from './bank.js';
import { sampleTree, type ProcessPeak } from './processes.js';
import type { BenchModule, BenchResult } from './types.js';

const BIN = fileURLToPath(new URL('../bin/psd2-conformance.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What a sandbox a continent away adds to every answer (issue 16). */
export const ADDED_LATENCY_MS = 100;

export interface RunFigures {
  seconds: number;
  exitCode: number | null;
  requests: number;
  /** From the printed verdict to the end: the HTML report (and coverage matrix) the run writes after its tests. */
  reportSeconds: number;
  mainRssMb: number;
  workerRssMb: number;
  /** From the spawn to the first request the run sent (its first recorded exchange); undefined when none. */
  firstRequestSeconds: number | undefined;
  /** Every process of the run's tree with its peak resident set (the probe's maxRSS where Node reported one). */
  processes: ProcessPeak[];
  verdictLine: string | undefined;
  /** The wall time of each run, when these figures are the median of several (`medianRun`). */
  samples?: number[];
}

/**
 * A default `psd2-conformance run` in a child process, as a user starts it: wall time, requests sent (from
 * --exchanges), the time after the verdict line (the reports), and peak resident memory of the main process
 * and of its largest other process (each reports its maxRSS at exit through a preload).
 */
export async function timedRun(env: Record<string, string>, html = true): Promise<RunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'psd2-bench-'));
  const probe = join(dir, 'rss-probe.cjs');
  const exchanges = join(dir, 'exchanges.jsonl');
  writeFileSync(
    probe,
    `process.on('exit', () => require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'rss.txt'))}, ` +
      `process.pid + ' ' + process.resourceUsage().maxRSS + '\\n'));\n`,
  );
  const started = performance.now();
  const startedEpoch = Date.now();
  let verdictAt: number | undefined;
  let verdictLine: string | undefined;
  const child = spawn(
    process.execPath,
    [BIN, 'run', '--reports', join(dir, 'reports'), '--exchanges', exchanges, ...(html ? [] : ['--no-html'])],
    {
      cwd: ROOT,
      // NODE_OPTIONS reaches every process the run starts; the main process is told apart by its pid.
      // Without BASE_URL (an empty one is refused as a missing secret): the embedded bank, unless env names one.
      env: { ...withoutBaseUrl(process.env), CI: 'true', ...env, NODE_OPTIONS: `--require ${probe}` },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const sampler = child.pid ? sampleTree(child.pid) : undefined;
  child.stdout.on('data', (d: Buffer) => {
    if (verdictAt === undefined && /^psd2-conformance: \d+ tests against/m.test(String(d)))
      verdictAt = performance.now();
    verdictLine ??= /^.*(CONFORMANT|INCOMPLETE).*$/m.exec(String(d))?.[0];
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const ended = performance.now();
  const sampled = sampler?.stop() ?? [];
  const lines = readFileSync(join(dir, 'rss.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' '));
  const kb = (main: boolean) =>
    Math.max(0, ...lines.filter(([p]) => (Number(p) === child.pid) === main).map(([, rss]) => Number(rss)));
  const recorded = existsSync(exchanges) ? readFileSync(exchanges, 'utf8').split('\n').filter(Boolean) : [];
  const requests = recorded.length;
  const firstSent = recorded.length
    ? Math.min(...recorded.map((l) => Date.parse((JSON.parse(l) as { sentAt: string }).sentAt)))
    : undefined;
  const probed = new Map(lines.map(([p, rss]) => [Number(p), Number(rss) / 1024]));
  const processes = sampled.map((p) => ({ ...p, peakRssMb: Math.max(p.peakRssMb, probed.get(p.pid) ?? 0) }));
  for (const [pid, mb] of probed)
    if (!processes.some((p) => p.pid === pid))
      processes.push({ pid, command: pid === child.pid ? 'node (main)' : 'node', peakRssMb: mb, threads: 0 });
  rmSync(dir, { recursive: true, force: true });
  return {
    seconds: (ended - started) / 1000,
    exitCode,
    requests,
    reportSeconds: verdictAt === undefined ? 0 : (ended - verdictAt) / 1000,
    mainRssMb: kb(true) / 1024,
    workerRssMb: kb(false) / 1024,
    firstRequestSeconds: firstSent === undefined ? undefined : (firstSent - startedEpoch) / 1000,
    processes,
    verdictLine,
  };
}

/**
 * Default runs timed for the figures. On this 2-core machine two runs a minute apart took 7.3 s and 5.9 s
 * (2026-11-27): one run is one sample of the machine as much as of the code.
 */
export const DEFAULT_RUN_SAMPLES = 3;

/** The middle value; of an even count, the lower middle one. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

/**
 * Several runs' figures as one: the median of each time (wall, first request, reports), the largest of each memory
 * figure (a target on memory holds for every run), and the wall time of each run, in the order they ran.
 */
export function medianRun(runs: RunFigures[]): RunFigures {
  // The run of the median wall time gives the figures no other line below replaces (its requests, its verdict).
  const middle = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor((runs.length - 1) / 2)] as RunFigures;
  const firsts = runs.map((r) => r.firstRequestSeconds).filter((s): s is number => s !== undefined);
  const peak = (r: RunFigures) => Math.max(0, ...r.processes.map((p) => p.peakRssMb));
  const largest = runs.reduce((a, b) => (peak(b) > peak(a) ? b : a));
  return {
    ...middle,
    reportSeconds: median(runs.map((r) => r.reportSeconds)),
    firstRequestSeconds: firsts.length ? median(firsts) : undefined,
    mainRssMb: Math.max(...runs.map((r) => r.mainRssMb)),
    workerRssMb: Math.max(...runs.map((r) => r.workerRssMb)),
    processes: largest.processes,
    samples: runs.map((r) => r.seconds),
  };
}

let defaultRun: Promise<RunFigures> | undefined;
/**
 * The default run of this bench process, timed DEFAULT_RUN_SAMPLES times and shared by the benches that read it (run,
 * cost). The CLI's compiled tree is made first, untimed: after a source changes, the first command compiles it (about
 * a second), which `npm ci` does for a user; the runs are timed as a user starts one.
 */
export const timedDefaultRun = (): Promise<RunFigures> =>
  (defaultRun ??= (async () => {
    const { compiledTree } = (await import('../bin/compiled-tree.mjs')) as { compiledTree: () => Promise<unknown> };
    await compiledTree();
    const runs: RunFigures[] = [];
    for (let i = 0; i < DEFAULT_RUN_SAMPLES; i++) runs.push(await timedRun({}));
    return medianRun(runs);
  })());

function withoutBaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { BASE_URL: _baseUrl, ...rest } = env;
  return rest;
}

/** A forwarding proxy that waits `delayMs` before forwarding each request. */
export async function delayingProxy(target: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new Agent({ connections: 64 });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const headers = { ...req.headers };
        delete headers.host;
        delete headers.connection;
        request(`${target}${req.url ?? '/'}`, {
          method: req.method as 'GET',
          headers,
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
          dispatcher: agent,
        })
          .then(async (answer) => {
            const body = Buffer.from(await answer.body.arrayBuffer());
            const out = Object.fromEntries(
              Object.entries(answer.headers).filter(
                ([k]) => !['connection', 'keep-alive', 'transfer-encoding'].includes(k),
              ),
            );
            res.writeHead(answer.statusCode, out).end(body);
          })
          .catch(() => res.writeHead(502).end());
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}

/** Labels main.ts reads the targets from. */
export const DEFAULT_WALL_LABEL = 'default run against the embedded bank: wall time';
const PER_REQUEST = `${ADDED_LATENCY_MS} ms`;
export const LATENCY_RATIO_LABEL = `+${PER_REQUEST} run: wall / (requests × ${PER_REQUEST} ÷ concurrency)`;

export const runBench: BenchModule = {
  name: 'run',
  async run(): Promise<BenchResult> {
    const concurrency = loadConfig({ env: { ...process.env, BASE_URL: '' } }).http.concurrency;
    const local = await timedDefaultRun();
    const bank = await startServe();
    const proxy = await delayingProxy(bank.url, ADDED_LATENCY_MS);
    let slow: RunFigures;
    try {
      // The same run, as against a remote sandbox; the HTML report is left out of this one's wall time.
      slow = await timedRun({ BASE_URL: proxy.url, PROFILE: 'sandbox' }, false);
    } finally {
      await proxy.close();
      await bank.stop();
    }
    const floor = (slow.requests * ADDED_LATENCY_MS) / concurrency / 1000;
    return {
      name: 'run',
      operation:
        `a default conformance run, then the same through a proxy adding ${ADDED_LATENCY_MS} ms a request ` +
        `(HTTP_CONCURRENCY=${concurrency})`,
      figures: [
        { label: `${DEFAULT_WALL_LABEL} (exit ${local.exitCode})`, value: local.seconds, unit: 's' },
        { label: 'default run: requests sent', value: local.requests, unit: 'requests' },
        { label: 'default run: reports after the verdict (HTML)', value: local.reportSeconds, unit: 's' },
        { label: 'default run: peak RSS of the main process', value: local.mainRssMb, unit: 'MB' },
        { label: 'default run: peak RSS of the largest other process', value: local.workerRssMb, unit: 'MB' },
        {
          label: `+${ADDED_LATENCY_MS} ms run: wall time, no HTML (exit ${slow.exitCode})`,
          value: slow.seconds,
          unit: 's',
        },
        { label: `+${ADDED_LATENCY_MS} ms run: requests sent`, value: slow.requests, unit: 'requests' },
        {
          label: `+${ADDED_LATENCY_MS} ms run: requests × ${ADDED_LATENCY_MS} ms ÷ ${concurrency}`,
          value: floor,
          unit: 's',
        },
      ],
      ratios: [
        { label: 'default run: share of the wall time spent on reports', value: local.reportSeconds / local.seconds },
        { label: LATENCY_RATIO_LABEL, value: slow.seconds / floor },
      ],
    };
  },
};
