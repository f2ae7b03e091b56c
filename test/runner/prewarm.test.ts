import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { prewarmSuiteWorker, takePrewarmed } from '../../runner/run/prewarm.js';

/** A stand-in for vitest's worker entry: it lives until its parent's channel closes, like the real one. */
const WORKER = [
  `if (process.env.PREWARM_PID) (await import('node:fs')).writeFileSync(process.env.PREWARM_PID, String(process.pid));`,
  `process.on('disconnect', () => process.exit(0));`,
  `setInterval(() => {}, 1 << 30);`,
].join('\n');

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'prewarm-'));
  dirs.push(dir);
  const entry = join(dir, 'worker.mjs');
  writeFileSync(entry, WORKER);
  return { record: join(dir, 'suite-worker.json'), entry };
}

describe("a run's suite worker, started by the bin before vitest asks for it", () => {
  it('starts nothing without a record, and keeps what vitest forked (only the variables vitest adds)', () => {
    const { record, entry } = setup();
    // The run's environment at its start, before vitest and vite add theirs (this test runs under vitest).
    const saved = { VITEST: process.env.VITEST, MODE: process.env.MODE, BASE_URL: process.env.BASE_URL };
    for (const name of Object.keys(saved)) delete process.env[name];
    try {
      prewarmSuiteWorker(record);
    } finally {
      for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
    }
    // A variable vitest does not add (one a configuration file gave, say) is not written to disk.
    const added = { VITEST: 'true', MODE: 'test', BASE_URL: '/', SECRET_FROM_A_FILE: 's3cr3t' };
    const wanted = { entry, execArgv: ['--no-warnings'], env: { ...process.env, ...added } };
    expect(takePrewarmed(wanted)).toBeUndefined();
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({
      entry,
      execArgv: ['--no-warnings'],
      env: { VITEST: 'true', MODE: 'test', BASE_URL: '/' },
    });
  });

  it('hands over the worker it started when vitest asks for the same entry, node options and environment', () => {
    const { record, entry } = setup();
    writeFileSync(record, JSON.stringify({ entry, execArgv: ['--no-warnings'], env: { VITEST_MODE: 'a' } }));
    prewarmSuiteWorker(record);
    const child = takePrewarmed({ entry, execArgv: ['--no-warnings'], env: { ...process.env, VITEST_MODE: 'a' } });
    expect(child).toBeDefined();
    children.push(child as ChildProcess);
    expect(child?.connected).toBe(true);
    expect(child?.spawnargs).toEqual([process.execPath, '--no-warnings', entry]);
    // Taken once: a second worker is vitest's own.
    expect(takePrewarmed({ entry, execArgv: ['--no-warnings'], env: { ...process.env, VITEST_MODE: 'a' } })).toBe(
      undefined,
    );
  });

  it.each([
    ['environment', { execArgv: [], env: { VITEST_MODE: 'b' } }],
    ['node options', { execArgv: ['--no-warnings'], env: { VITEST_MODE: 'a' } }],
  ])('ends the worker it started when vitest asks for other %s, and records them', async (_, other) => {
    const { record, entry } = setup();
    const pidFile = join(dirname(record), 'pid');
    writeFileSync(record, JSON.stringify({ entry, execArgv: [], env: { VITEST_MODE: 'a', PREWARM_PID: pidFile } }));
    prewarmSuiteWorker(record);
    const pid = Number(await until(() => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : undefined)));
    expect(alive(pid)).toBe(true);
    const env = { ...process.env, ...other.env, PREWARM_PID: pidFile };
    expect(takePrewarmed({ entry, execArgv: other.execArgv, env })).toBeUndefined();
    await until(() => (alive(pid) ? undefined : 'ended'));
    const kept = JSON.parse(readFileSync(record, 'utf8')) as { execArgv: string[]; env: Record<string, string> };
    expect(kept).toEqual({ entry, execArgv: other.execArgv, env: other.env });
  });
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `probe`'s first value, polled: what a child process does, it does in its own time, which on a busy machine may be
 * many seconds. No deadline of its own: the test's timeout is the hang guard (test/support/bounds.ts).
 */
async function until<T>(probe: () => T | undefined): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 20));
  }
}
