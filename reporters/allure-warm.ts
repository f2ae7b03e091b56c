import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * An `allure` process started while the tests run, which imports Allure's modules then waits for its command line on
 * standard input: importing them was 1.3-2 s of the 3 s that the HTML report added after the verdict (2026-11-26,
 * 2 cores). It runs Allure's own command-line entry with the arguments it is given, as `allure <args>` would; its
 * input closing without arguments (the run ended without rendering, or its process died) ends it.
 */
const DRIVER = `
const [entry, gitFacts, ...modules] = JSON.parse(process.argv[1]);
await Promise.all(modules.map((url) => import(url).catch(() => undefined)));
// Allure's "local CI" facts run git each time one is read (about ten times, 0.15 s of a render): read once each.
try {
  const { local } = await import(gitFacts);
  for (const name of ['repoName', 'jobRunBranch', 'provider', 'repository']) {
    const getter = Object.getOwnPropertyDescriptor(local, name)?.get;
    if (!getter) continue;
    let value, read = false;
    Object.defineProperty(local, name, { configurable: true, enumerable: true, get() {
      if (!read) [value, read] = [getter.call(this), true];
      return value;
    } });
  }
} catch {}
let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
if (!input.trim()) process.exit(0);
process.argv = [process.argv[0], 'allure', ...JSON.parse(input)];
// Allure's entry reads \`argv\` as node:process's named export, which follows process.argv only when synced.
(await import('node:module')).syncBuiltinESMExports();
await import(entry);
`;

/**
 * The module of Allure's CI facts for a run outside CI (from git); its file, since the package does not export it.
 * Where it is not, the render runs git as often as Allure asks.
 */
function gitFactsOf(script: string): string {
  try {
    const ci = createRequire(script).resolve('@allurereport/ci');
    return pathToFileURL(join(dirname(ci), 'detectors', 'local.js')).href;
  } catch {
    return 'data:text/javascript,export const local = {}';
  }
}

/** The modules Allure's entry imports: its commands, and the generator and report plugin the HTML report uses. */
function modulesOf(script: string): { entry: string; modules: string[] } {
  const dist = join(dirname(script), 'dist');
  const commands = join(dist, 'commands');
  const files = [
    ...readdirSync(commands)
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(commands, f)),
    join(commands, 'commons', 'generate.js'),
  ];
  return { entry: pathToFileURL(join(dist, 'index.js')).href, modules: files.map((f) => pathToFileURL(f).href) };
}

export class WarmAllure {
  #child: ChildProcess | undefined;

  /** Starts the process; nothing (and `take` gives nothing) when Allure's files are not where its script says. */
  constructor(script: string) {
    try {
      const { entry, modules } = modulesOf(script);
      const child = spawn(
        process.execPath,
        ['--input-type=module', '-e', DRIVER, JSON.stringify([entry, gitFactsOf(script), ...modules])],
        {
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      child.on('error', () => (this.#child = undefined));
      child.on('exit', () => (this.#child = undefined));
      // It never keeps the run's process alive: a run that ends without rendering closes its input, which ends it.
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr])
        (stream as unknown as { unref?: () => void } | null)?.unref?.();
      this.#child = child;
    } catch {
      this.#child = undefined;
    }
  }

  /**
   * The waiting process, with this command line given to it, once: undefined when it has ended (a second command
   * starts its own process).
   */
  take(args: string[]): ChildProcess | undefined {
    const child = this.#child;
    this.#child = undefined;
    if (!child?.stdin || child.exitCode !== null || child.killed) return undefined;
    child.ref();
    for (const stream of [child.stdin, child.stdout, child.stderr])
      (stream as unknown as { ref?: () => void } | null)?.ref?.();
    child.stdin.end(`${JSON.stringify(args)}\n`);
    return child;
  }

  /** Ends the process if no command was given to it. */
  dispose(): void {
    this.#child?.kill('SIGKILL');
    this.#child = undefined;
  }
}
