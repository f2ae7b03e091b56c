/**
 * Renders the Allure HTML report in headless Chromium (Debian's package) and saves its first screen, named by the
 * verdict it opens with (report-overview-conformant.png, report-overview-not-conformant.png …); for a report with
 * failures also the coverage matrix and the first failed test with its failing request opened. The report is
 * served on 127.0.0.1 because the Allure 3 app loads its data with fetch, which file:// refuses.
 *
 *   npm run report:screenshot [-- --report reports/html --out docs --test 'creditorName.max70']
 *
 * --test picks the failed test whose name contains the text; without it, the first failed test.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { findChromium, launch, type Browser } from './cdp.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
};

function fail(message: string): never {
  console.error(`report:screenshot: ${message}`);
  process.exit(2);
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

function serve(root: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(root, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

async function evaluate<T>(b: Browser, expression: string): Promise<T> {
  const r = (await b.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
    result?: { value?: T };
  };
  return r.result?.value as T;
}

/** Polls the page until `expression` is true: the report renders after its data arrives. */
async function until(b: Browser, expression: string, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await evaluate<boolean>(b, `Boolean(${expression})`)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the report did not show ${what} within ${ms / 1000} s`);
}

const WIDTH = 1200;

/** The report scrolls inside its own container, so a taller page needs a taller window, not a clip. */
async function windowSize(b: Browser, height: number): Promise<void> {
  await b.send('Emulation.setDeviceMetricsOverride', { width: WIDTH, height, deviceScaleFactor: 1, mobile: false });
}

async function shoot(b: Browser, file: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 500)); // let animations settle
  const { data } = (await b.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
  const png = Buffer.from(data, 'base64');
  await writeFile(file, png);
  return png.length;
}

const text = (s: string) => `document.body && document.body.innerText.includes(${JSON.stringify(s)})`;
/** Clicks the innermost element whose text starts with `label` (an attachment row). */
const click = (b: Browser, label: string) =>
  evaluate(
    b,
    `[...document.querySelectorAll('*')].filter((e) => ` +
      `e.textContent.trim().startsWith(${JSON.stringify(label)})).pop()?.click()`,
  );

async function main(): Promise<void> {
  const report = resolve(arg('report', 'reports/html'));
  const out = resolve(arg('out', 'docs'));
  if (!existsSync(join(report, 'index.html')))
    fail(`no report at ${join(report, 'index.html')}: run \`npx psd2-conformance run\` (or \`report\`) first`);
  const chromium = findChromium();
  if (!chromium)
    fail("chromium not found: install Debian's package (apt-get install chromium) or set CHROMIUM to its path");
  const results = JSON.parse(await readFile(join(report, 'test-results.json'), 'utf8')) as {
    byId: Record<string, { id: string; name: string; status: string }>;
  };
  const wanted = arg('test', '');
  const failed = Object.values(results.byId).find(
    (t) => (t.status === 'failed' || t.status === 'broken') && t.name.includes(wanted),
  );
  await mkdir(out, { recursive: true });
  const { server, base } = await serve(report);
  const browser = await launch(chromium);
  try {
    await windowSize(browser, 900);
    await browser.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'light' }] });
    await browser.send('Page.navigate', { url: `${base}/index.html` });
    await until(browser, text('Variables'), 'its overview');
    const verdict = await evaluate<string | null>(
      browser,
      `document.getElementById('psd2-verdict')?.getAttribute('data-verdict') ?? null`,
    );
    if (!verdict)
      throw new Error('the report does not open with the verdict banner: render it with `psd2-conformance report`');
    const overview = join(out, `report-overview-${verdict.replaceAll(' ', '-')}.png`);
    console.log(`${overview} (${await shoot(browser, overview)} bytes)`);
    if (!failed) {
      console.log(
        `report:screenshot: no failed test${wanted ? ` named *${wanted}*` : ''} in this report, so no matrix ` +
          `or failed-test screenshot; run with a fault (e.g. --fault accept-long-creditor-name) for those`,
      );
      return;
    }
    // The requirement coverage matrix, rendered from coverage.md as a global attachment.
    await evaluate(browser, `document.querySelector('[data-testid="nav-tab-globalAttachments"]')?.click()`);
    await until(browser, text('coverage.md'), 'the coverage matrix attachment');
    await click(browser, 'coverage.md');
    await new Promise((r) => setTimeout(r, 1500)); // rendered in a frame of its own: nothing to poll for
    const matrix = join(out, 'report-coverage.png');
    console.log(`${matrix} (${await shoot(browser, matrix)} bytes)`);
    await browser.send('Page.navigate', { url: `${base}/index.html#${failed.id}` });
    await until(browser, text('Test body'), 'the failed test');
    // Open the failing request (a test that failed before sending one has none) beside the error.
    if (await evaluate<boolean>(browser, text('failing request'))) await click(browser, 'failing request');
    await new Promise((r) => setTimeout(r, 800));
    await windowSize(browser, 1450);
    const page = join(out, 'report-failed-test.png');
    console.log(`${page} (${await shoot(browser, page)} bytes)`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
