import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { appendHistory, historyLength } from './allure-history.js';
import type { WarmAllure } from './allure-warm.js';
import { APP_ROOT, withBanner } from './verdict-banner.js';

/** A report must not hang CI: Allure renders a full run in a few seconds. */
const ALLURE_TIMEOUT_MS = 120_000;

export interface HtmlOptions {
  resultsDirs: string[];
  out: string;
  /** The report's title: names the verdict and the target judged. */
  reportName: string;
  /** Shown on the report's overview: target, seed, verdict, the run's duration … */
  variables: Record<string, string>;
  /** Files shown on every page's "global attachments" (the coverage matrix). */
  globalAttachments: string[];
  /** HTML shown above the report on every page (the verdict): added to index.html after rendering. */
  banner?: string;
  /** JSON Lines history Allure reads for trends; this run is added to it, and it keeps the newest `limit` runs. */
  history: { path: string; limit: number };
  log: (line: string) => void;
  /** Aborted when the run must end now: the renders are stopped (their processes ended) and nothing is added. */
  signal: AbortSignal;
  /** An allure process started while the tests ran, its modules imported (allure-warm.ts); else one is started. */
  warm?: WarmAllure | undefined;
}

/**
 * The `allure` package's command-line script, wherever Node resolves the package from here: npm may hoist it
 * beside the installed CLI package (a consumer's node_modules), so no path under this package is assumed. Its
 * exports list no package.json: the folder holding the one named `allure` above its entry point is the package.
 */
export function allureScript(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('allure'));
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string;
      bin?: string | Record<string, string>;
    };
    if (name !== 'allure') continue;
    const script = typeof bin === 'string' ? bin : bin?.allure;
    if (script) return join(dir, script);
  }
  throw new Error('the allure package names no command-line script');
}

/** One `allure` command in a child process (the warm one if there is one), ended with the run or after a timeout. */
function allure(
  args: string[],
  options: { log: (line: string) => void; signal: AbortSignal; warm?: WarmAllure | undefined },
): Promise<number> {
  return new Promise((done) => {
    let child = options.warm?.take(args);
    if (child) {
      // The ends a spawned command has through its options: the run's stop, and the timeout.
      const started = child;
      const kill = () => started.kill('SIGKILL');
      options.signal.addEventListener('abort', kill, { once: true });
      const timer = setTimeout(kill, ALLURE_TIMEOUT_MS);
      started.on('close', () => {
        clearTimeout(timer);
        options.signal.removeEventListener('abort', kill);
      });
    } else {
      let script: string;
      try {
        script = allureScript();
      } catch (err) {
        options.log(`allure ${args[0]} failed: the allure package cannot be found (${(err as Error).message})`);
        done(127);
        return;
      }
      child = spawn(process.execPath, [script, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        signal: options.signal,
        killSignal: 'SIGKILL',
        timeout: ALLURE_TIMEOUT_MS,
      });
    }
    const kept: string[] = [];
    child.stdout?.on('data', (d: Buffer) => kept.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => kept.push(d.toString()));
    child.on('error', () => {
      if (!options.signal.aborted) options.log(`allure ${args[0]} could not be started`);
    });
    child.on('close', (code, signal) => {
      if ((code || signal) && !options.signal.aborted)
        options.log(
          `allure ${args[0]} failed (${signal ?? code}): ${kept.join('').trim().split('\n').slice(-3).join(' ')}`,
        );
      done(code ?? 1);
    });
  });
}

/**
 * Allure's awesome template always adds Google Analytics (gtag.js with the report's id): its generator sets
 * `analyticsEnable: true` and no option turns it off. A bank's conformance report must not call out to a third party
 * when QA opens it, so the two scripts, as the template writes them, are taken out: where they are, in text or bytes.
 */
function analyticsRange(page: { indexOf(text: string, from?: number): number }): [number, number] | undefined {
  const start = page.indexOf('<script async src="https://www.googletagmanager.com/');
  if (start < 0) return undefined;
  const config = page.indexOf('</script>', page.indexOf('gtag(', start));
  return config < 0 ? undefined : [start, config + '</script>'.length];
}

export function withoutAnalytics(html: string): string {
  const range = analyticsRange(html);
  return range ? `${html.slice(0, range[0])}${html.slice(range[1])}` : html;
}

/**
 * The rendered page, as a bank's QA should open it: no third-party calls, and the verdict first. Its start, up to the
 * application root where the banner goes, is edited as text; the rest (megabytes of results in the single-file
 * report, where the analytics scripts come after them) is written back as slices of the bytes read, not copied.
 */
async function finish(indexHtml: string, banner: string | undefined): Promise<void> {
  const page = await readFile(indexHtml);
  const app = page.indexOf(APP_ROOT);
  const split = app < 0 ? page.length : app + APP_ROOT.length;
  const start = withoutAnalytics(page.subarray(0, split).toString('utf8'));
  const rest = page.subarray(split);
  const range = analyticsRange(rest);
  await writeFile(indexHtml, [
    Buffer.from(banner ? withBanner(start, banner) : start),
    ...(range ? [rest.subarray(0, range[0]), rest.subarray(range[1])] : [rest]),
  ]);
}

/** The report's two folders: the same self-contained page in each (the second, for paths written before). */
const PAGES = { html: 'html', single: 'html-single' } as const;
/** What a page's folder holds: the page, Allure's summary of it, and every test's status (nothing else it writes). */
const PAGE_FILES = ['index.html', 'summary.json', 'test-results.json'];

/**
 * Allure 3 (awesome) HTML in <out>/html, with history and trend from earlier runs, grouped by area and operation:
 * one self-contained file, which opens from disk, and the same files in <out>/html-single. The awesome plugin's
 * other form, a page that fetches its data from files beside it, showed a spinner and nothing else when opened from
 * disk (as a person opens the path the run prints), and rendering it too was 0.6 s of CPU after every verdict
 * (2026-11-27, 2 cores). It reads a copy of the history; this run's entry, cut down to what the trend and shard
 * balancing need, is added to the history afterwards, which keeps the newest runs only.
 */
/** Whether the page was written (false: the run was stopped, or Allure failed and said why in `log`). */
export async function writeHtml(o: HtmlOptions): Promise<boolean> {
  const configs = await mkdtemp(join(tmpdir(), 'psd2-allure-'));
  // Rendered beside its final place (a rename, not a copy across file systems).
  const rendered = resolve(o.out, '.html-render');
  try {
    const copy = join(configs, 'history.jsonl');
    if (existsSync(o.history.path)) await copyFile(o.history.path, copy);
    const before = historyLength(copy);
    const config = join(configs, 'allure.json');
    await writeFile(
      config,
      JSON.stringify({
        name: o.reportName,
        historyPath: copy,
        appendHistory: true,
        variables: o.variables,
        globalAttachments: o.globalAttachments.map((f) => resolve(f)),
        // Runner noise; epic, feature, story (requirement id), severity and tags stay in view.
        hideLabels: ['framework', 'language', 'host', 'thread', 'package', 'parentSuite', '_fallbackTestCaseId'],
        plugins: {
          [PAGES.html]: {
            import: '@allurereport/plugin-awesome',
            options: { singleFile: true, groupBy: ['epic', 'feature'], reportName: o.reportName },
          },
        },
      }),
    );
    await Promise.all(
      [rendered, ...Object.values(PAGES).map((d) => resolve(o.out, d))].map((d) =>
        rm(d, { recursive: true, force: true }),
      ),
    );
    const code = await allure(
      ['generate', '--config', config, '--output', rendered, ...o.resultsDirs.map((d) => resolve(d))],
      { log: o.log, signal: o.signal, warm: o.warm },
    );
    // A lone plugin's files land in the output folder itself (Allure flattens them into an empty one).
    const page = [rendered, resolve(rendered, PAGES.html)].find((d) => existsSync(join(d, 'index.html')));
    if (o.signal.aborted || code !== 0 || !page) return false;
    await finish(join(page, 'index.html'), o.banner);
    const [html, single] = [resolve(o.out, PAGES.html), resolve(o.out, PAGES.single)];
    await Promise.all([mkdir(html, { recursive: true }), mkdir(single, { recursive: true })]);
    // Only the page's files: Allure's list of the global attachments names them by paths of this machine.
    for (const file of PAGE_FILES.filter((f) => existsSync(join(page, f)))) {
      await copyFile(join(page, file), join(single, file));
      await rename(join(page, file), join(html, file));
    }
    appendHistory(o.history.path, { path: copy, before }, o.history.limit);
    return true;
  } finally {
    await rm(configs, { recursive: true, force: true });
    await rm(rendered, { recursive: true, force: true });
  }
}
