/**
 * Renders the Allure HTML report in headless Chromium (Debian's package, driven by playwright-core) and saves its
 * first screen, named by the verdict it opens with (report-overview-conformant.png, report-overview-not-conformant.png
 * …); for a report with failures also the coverage matrix and the first failed test with its failing request opened.
 * The page is opened from disk, as a person opens the path a run prints: the report is one self-contained file
 * (reporters/allure-html.ts). The pictures go to a new temporary folder, so that a run never changes the tracked docs/
 * by surprise; --update-docs writes them to docs/ (the pictures of docs/reports.md), --out to a folder of your choice.
 *
 *   npm run report:screenshot [-- --report reports/html] [--update-docs | --out DIR] [--test 'creditorName.max70']
 *
 * --test picks the failed test whose name contains the text; without it, the first failed test.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from './chromium.js';

function fail(message: string): never {
  console.error(`report:screenshot: ${message}`);
  process.exit(2);
}

function arg(name: string, fallback: string, argv = process.argv): string {
  const i = argv.indexOf(`--${name}`);
  return i > 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
}

/** Where the pictures go: --out, docs/ with --update-docs, else a new temporary folder. */
export function outFolder(argv: readonly string[] = process.argv): string {
  if (argv.includes('--out')) return resolve(arg('out', '.', [...argv]));
  if (argv.includes('--update-docs')) return resolve('docs');
  return mkdtempSync(join(tmpdir(), 'psd2-screenshots-'));
}

const WIDTH = 1200;
const text = (s: string) => `document.body && document.body.innerText.includes(${JSON.stringify(s)})`;

/** Waits until `expression` is true: the report renders after its data arrives. */
async function until(page: Page, expression: string, what: string, ms = 20_000): Promise<void> {
  await page.waitForFunction(expression, undefined, { timeout: ms }).catch(() => {
    throw new Error(`the report did not show ${what} within ${ms / 1000} s`);
  });
}

async function shoot(page: Page, file: string): Promise<number> {
  await page.waitForTimeout(500); // let animations settle
  return (await page.screenshot({ path: file })).length;
}

/** Clicks the innermost element whose text starts with `label` (an attachment row); page code as text. */
const click = (page: Page, label: string) =>
  page.evaluate(
    `[...document.querySelectorAll('*')].filter((e) => ` +
      `e.textContent.trim().startsWith(${JSON.stringify(label)})).pop()?.click()`,
  );

async function main(): Promise<void> {
  const report = resolve(arg('report', 'reports/html'));
  if (!existsSync(join(report, 'index.html')))
    fail(`no report at ${join(report, 'index.html')}: run \`npx psd2-conformance run\` (or \`report\`) first`);
  const executablePath = findChromium();
  if (!executablePath)
    fail("chromium not found: install Debian's package (apt-get install chromium) or set CHROMIUM to its path");
  const out = outFolder();
  const results = JSON.parse(await readFile(join(report, 'test-results.json'), 'utf8')) as {
    byId: Record<string, { id: string; name: string; status: string }>;
  };
  const wanted = arg('test', '');
  const failed = Object.values(results.byId).find(
    (t) => (t.status === 'failed' || t.status === 'broken') && t.name.includes(wanted),
  );
  await mkdir(out, { recursive: true });
  const reportUrl = pathToFileURL(join(report, 'index.html')).href;
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--hide-scrollbars'] });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: 900 }, colorScheme: 'light' });
    await page.goto(reportUrl);
    await until(page, text('Variables'), 'its overview');
    const verdict = await page.evaluate<string | null>(
      `document.getElementById('psd2-verdict')?.getAttribute('data-verdict') ?? null`,
    );
    if (!verdict)
      throw new Error('the report does not open with the verdict banner: render it with `psd2-conformance report`');
    const overview = join(out, `report-overview-${verdict.replaceAll(' ', '-')}.png`);
    console.log(`${overview} (${await shoot(page, overview)} bytes)`);
    if (!failed) {
      console.log(
        `report:screenshot: no failed test${wanted ? ` named *${wanted}*` : ''} in this report, so no matrix ` +
          `or failed-test screenshot; run with a fault (e.g. --fault accept-long-creditor-name) for those`,
      );
      return;
    }
    // The requirement coverage matrix, rendered from coverage.md as a global attachment.
    await page.locator('[data-testid="nav-tab-globalAttachments"]').click();
    await until(page, text('coverage.md'), 'the coverage matrix attachment');
    await click(page, 'coverage.md');
    await page.waitForTimeout(1500); // rendered in a frame of its own: nothing to poll for
    const matrix = join(out, 'report-coverage.png');
    console.log(`${matrix} (${await shoot(page, matrix)} bytes)`);
    await page.goto(`${reportUrl}#${failed.id}`);
    await until(page, text('Test body'), 'the failed test');
    // Open the failing request (a test that failed before sending one has none) beside the error.
    if (await page.evaluate(text('failing request'))) await click(page, 'failing request');
    await page.waitForTimeout(800);
    // The report scrolls inside its own container, so a taller page needs a taller window, not a clip.
    await page.setViewportSize({ width: WIDTH, height: 1450 });
    const failedTest = join(out, 'report-failed-test.png');
    console.log(`${failedTest} (${await shoot(page, failedTest)} bytes)`);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((err: unknown) => fail(err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)));
