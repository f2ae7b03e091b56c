import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { withBanner } from './verdict.js';

/** A report must not hang CI: Allure renders a full run in a few seconds. */
const ALLURE_TIMEOUT_MS = 120_000;

export interface HtmlOptions {
  resultsDirs: string[];
  out: string;
  /** The report's title: names the target judged. */
  reportName: string;
  /** Shown on the report's overview: target, seed, verdict … */
  variables: Record<string, string>;
  /** Files shown on every page's "global attachments" (the coverage matrix). */
  globalAttachments: string[];
  /** HTML shown above the report on every page (the verdict): added to index.html after rendering. */
  banner?: string;
  /** JSON Lines history Allure reads for trends and appends this run to. */
  historyPath: string;
  log: (line: string) => void;
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

function allure(args: string[], log: (line: string) => void): Promise<number> {
  return new Promise((done) => {
    let script: string;
    try {
      script = allureScript();
    } catch (err) {
      log(`allure ${args[0]} failed: the allure package cannot be found (${(err as Error).message})`);
      done(127);
      return;
    }
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const kept: string[] = [];
    child.stdout.on('data', (d: Buffer) => kept.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => kept.push(d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), ALLURE_TIMEOUT_MS);
    child.on('error', () => done(127));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code || signal)
        log(`allure ${args[0]} failed (${signal ?? code}): ${kept.join('').trim().split('\n').slice(-3).join(' ')}`);
      done(code ?? 1);
    });
  });
}

/**
 * Allure's awesome template always adds Google Analytics (gtag.js with the report's id). A bank's conformance
 * report must not call out to a third party when QA opens it, so the two scripts are removed.
 */
export async function stripAnalytics(indexHtml: string): Promise<boolean> {
  const html = await readFile(indexHtml, 'utf8');
  const stripped = html.replace(
    /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\([^<]*<\/script>/g,
    '',
  );
  if (stripped === html) return false;
  await writeFile(indexHtml, stripped);
  return true;
}

/** The rendered page, as a bank's QA should open it: no third-party calls, and the verdict first. */
async function finish(indexHtml: string, banner: string | undefined): Promise<void> {
  await stripAnalytics(indexHtml);
  if (banner) await writeFile(indexHtml, withBanner(await readFile(indexHtml, 'utf8'), banner));
}

/**
 * Allure 3 (awesome) HTML in <out>/html, with history and trend from earlier runs, grouped by area and
 * operation; and the same report as one self-contained file in <out>/html-single for CI artifacts (it reads
 * the history but does not append to it again).
 */
export async function writeHtml(o: HtmlOptions): Promise<{ html: boolean; single: boolean }> {
  const configs = await mkdtemp(join(tmpdir(), 'psd2-allure-'));
  try {
    // The two renders run side by side (each is one Node process; the pair took 2.5 s of an 11.6 s default run
    // one after the other). The single file reads a copy of the history taken before either starts, so it shows
    // the same trend whether or not the other render has appended this run yet.
    const historySnapshot = join(configs, 'history.jsonl');
    if (existsSync(o.historyPath)) await copyFile(o.historyPath, historySnapshot);
    const config = (historyPath: string, appendHistory: boolean) => ({
      name: o.reportName,
      historyPath: resolve(historyPath),
      appendHistory,
      variables: o.variables,
      globalAttachments: o.globalAttachments.map((f) => resolve(f)),
      // Runner noise; epic, feature, story (requirement id), severity and tags stay in view.
      hideLabels: ['framework', 'language', 'host', 'thread', 'package', 'parentSuite', '_fallbackTestCaseId'],
    });
    const html = join(configs, 'html.json');
    const single = join(configs, 'single.json');
    await writeFile(html, JSON.stringify(config(o.historyPath, true)));
    await writeFile(single, JSON.stringify(config(historySnapshot, false)));
    // Allure writes into <output>/awesome and moves it up only when that is the sole folder there: start empty.
    await Promise.all(['html', 'html-single'].map((d) => rm(resolve(o.out, d), { recursive: true, force: true })));
    const common = [
      '--group-by',
      'epic,feature',
      '--report-name',
      o.reportName,
      ...o.resultsDirs.map((d) => resolve(d)),
    ];
    const [a, b] = await Promise.all([
      allure(['awesome', '--config', html, '--output', resolve(o.out, 'html'), ...common], o.log),
      allure(
        ['awesome', '--config', single, '--output', resolve(o.out, 'html-single'), '--single-file', ...common],
        o.log,
      ),
    ]);
    for (const [ok, dir] of [
      [a, 'html'],
      [b, 'html-single'],
    ] as const)
      if (ok === 0) await finish(resolve(o.out, dir, 'index.html'), o.banner);
    return { html: a === 0, single: b === 0 };
  } finally {
    await rm(configs, { recursive: true, force: true });
  }
}
