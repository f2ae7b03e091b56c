import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise, type TestOutcome } from '../runner/outcome.js';
import { UserError } from '../cli/errors.js';
import { coverage, coverageMarkdown } from './coverage.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ReportOptions {
  /** Result folders of a run or of several shards (each holds outcomes.json and allure-results/). */
  inputs: string[];
  out: string;
  strict: boolean;
  html: boolean;
  log: (line: string) => void;
}

async function outcomesOf(dir: string): Promise<TestOutcome[]> {
  const file = join(dir, 'outcomes.json');
  if (!existsSync(file)) throw new UserError(`${dir} holds no outcomes.json: run \`psd2-conformance run\` first`);
  return JSON.parse(await readFile(file, 'utf8')) as TestOutcome[];
}

function allure(args: string[], log: (line: string) => void): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'allure'), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const kept: string[] = [];
    child.stdout.on('data', (d: Buffer) => kept.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => kept.push(d.toString()));
    child.on('error', () => resolve(127));
    child.on('close', (code) => {
      if (code) log(`allure ${args[0]} failed (${code}): ${kept.join('').slice(-500)}`);
      resolve(code ?? 1);
    });
  });
}

/**
 * The reports of a run (or of merged shards): the requirement coverage matrix (Markdown and JSON), a merged
 * summary.json, and the Allure 3 HTML report in <out>/html plus a single-file variant for CI artifacts.
 */
export async function writeReports(options: ReportOptions): Promise<{ exitCode: 0 | 1 }> {
  const outcomes = (await Promise.all(options.inputs.map(outcomesOf))).flat();
  await mkdir(options.out, { recursive: true });
  const rows = coverage(outcomes);
  await writeFile(join(options.out, 'coverage.md'), coverageMarkdown(rows, `${outcomes.length} tests`));
  await writeFile(join(options.out, 'coverage.json'), `${JSON.stringify(rows, null, 2)}\n`);
  const summary = summarise(outcomes, options.strict);
  if (options.inputs.length > 1 || options.inputs[0] !== options.out) {
    await writeFile(join(options.out, 'summary.json'), `${JSON.stringify({ merged: options.inputs, ...summary }, null, 2)}\n`);
    await writeFile(join(options.out, 'outcomes.json'), `${JSON.stringify(outcomes, null, 2)}\n`);
  }
  options.log(`coverage matrix: ${join(options.out, 'coverage.md')} (${rows.filter((r) => r.state === 'failed').length} requirement(s) failed)`);
  if (options.html) {
    const results = options.inputs.map((d) => join(d, 'allure-results')).filter((d) => existsSync(d));
    if (results.length === 0) options.log('no allure-results to render');
    else {
      const html = await allure(['generate', ...results, '--output', join(options.out, 'html'), '--report-name', 'psd2-conformance'], options.log);
      const single = await allure(['awesome', ...results, '--output', join(options.out, 'html-single'), '--single-file', '--report-name', 'psd2-conformance'], options.log);
      if (html === 0) options.log(`HTML report: ${join(options.out, 'html', 'index.html')}${single === 0 ? ` (single file: ${join(options.out, 'html-single', 'index.html')})` : ''}`);
    }
  }
  return { exitCode: summary.exitCode };
}
