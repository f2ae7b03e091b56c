import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestOutcome } from '../run-model/index.js';
import { requirement } from '../spec/index.js';
import { exchangeDetails, exchangeLine, type ProxyExchange, type ProxyReport } from '../tpp/index.js';
import { areaOf, featureOf } from './allure-labels.js';
import { writeReports } from './report.js';

/**
 * The proxy's reports, written with the same machinery as a run's: each exchange becomes one test case (named by
 * method, path and time, its broken requirement ids as labels) in outcomes.json, junit.xml and Allure results,
 * and writeReports turns them into summary.json, the coverage matrix and the HTML report.
 */
export interface ProxyReportOptions {
  out: string;
  html: boolean;
  log: (line: string) => void;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const escape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export const exchangeName = (e: ProxyExchange): string => `#${e.seq} ${e.method} ${e.target} at ${e.startedAt}`;

const failureText = (e: ProxyExchange) => [exchangeLine(e), ...exchangeDetails(e)].join('\n');

/** The bank's MUST failures: what a replay of the exchange is compared with. */
const responseMust = (e: ProxyExchange) => [
  ...new Set(e.broken.filter((r) => r.side === 'response' && r.level === 'MUST').map((r) => r.requirementId)),
];

function outcomeOf(e: ProxyExchange): TestOutcome {
  const must = e.broken.filter((r) => r.level === 'MUST');
  const judged = [
    ...new Set([...e.request.findings.map((f) => f.requirementId), ...e.response.map((r) => r.requirementId)]),
  ];
  const cited = e.broken.length ? [...new Set(e.broken.map((r) => r.requirementId))] : judged.slice(0, 1);
  return {
    name: exchangeName(e),
    file: 'proxy',
    state: e.conforms ? 'passed' : 'failed',
    durationMs: Math.round(e.durationMs),
    meta: {
      requirementIds: cited,
      level: cited.some((id) => requirement(id).level === 'MUST') ? 'MUST' : 'SHOULD',
      operation: e.operation ?? 'cross-cutting',
      judged,
      ...(must.length ? { failedChecks: [...new Set(must.map((r) => r.requirementId))] } : {}),
      warnings: e.broken
        .filter((r) => r.level === 'SHOULD')
        .map((r) => ({ requirementId: r.requirementId, message: `${r.side}: ${r.message}` })),
      ...(e.conforms ? {} : { failedExchange: { ...e.recorded, failed: responseMust(e) } }),
    },
    errors: e.conforms ? [] : [failureText(e)],
  };
}

function junit(report: ProxyReport): string {
  const cases = report.exchanges.map((e) => {
    const name = escape(exchangeName(e));
    const time = (e.durationMs / 1000).toFixed(3);
    if (e.conforms) return `        <testcase classname="proxy" name="${name}" time="${time}"/>`;
    const text = failureText(e);
    return (
      `        <testcase classname="proxy" name="${name}" time="${time}">\n            <failure ` +
      `message="${escape(exchangeLine(e))}" type="ConformanceAssertionError">${escape(text)}</failure>\n        ` +
      `</testcase>`
    );
  });
  const failures = report.exchanges.filter((e) => !e.conforms).length;
  const time = report.exchanges.reduce((sum, e) => sum + e.durationMs, 0) / 1000;
  const head =
    `tests="${report.exchanges.length}" failures="${failures}" ` + `errors="0" skipped="0" time="${time.toFixed(3)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="psd2-conformance proxy" ${head}>`,
    `    <testsuite name="proxy in front of ${escape(report.target)}" timestamp="${report.startedAt}" ${head}>`,
    ...cases,
    '    </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function requestText(e: ProxyExchange): string {
  const { method, url, headers, body } = e.recorded.request;
  return `${method} ${url}\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n\n${body ?? ''}`;
}

function responseText(e: ProxyExchange): string {
  if (e.status === undefined) return `no response: ${e.error?.kind}: ${e.error?.message}`;
  const headers = Object.entries(e.responseHeaders ?? {}).map(([k, v]) => `${k}: ${v}`);
  const body = e.responseBody ?? `(${e.responseBytes ?? 0} bytes, not kept)`;
  return `HTTP ${e.status}\n${headers.join('\n')}\n\n${body}`;
}

async function allureResults(report: ProxyReport, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const e of report.exchanges) {
    const attachments = [
      { name: 'request (as forwarded)', text: requestText(e) },
      { name: 'response', text: responseText(e) },
      { name: 'verdict', text: failureText(e) },
    ];
    const files = [];
    for (const a of attachments) {
      const source = `${randomUUID()}-attachment.txt`;
      await writeFile(join(dir, source), a.text);
      files.push({ name: a.name, source, type: 'text/plain' });
    }
    const operation = e.operation ?? 'cross-cutting';
    const fullName = `psd2-conformance:proxy#${exchangeName(e)}`;
    const result = {
      uuid: randomUUID(),
      historyId: md5(fullName),
      testCaseId: md5(fullName),
      name: exchangeName(e),
      fullName,
      status: e.conforms ? 'passed' : 'failed',
      stage: 'finished',
      statusDetails: e.conforms ? {} : { message: failureText(e) },
      labels: [
        { name: 'epic', value: areaOf(operation) },
        { name: 'feature', value: featureOf(operation) },
        { name: 'parentSuite', value: 'proxy' },
        ...[...new Set(e.broken.map((r) => r.requirementId))].map((id) => ({ name: 'story', value: id })),
        { name: 'severity', value: e.conforms ? 'normal' : 'critical' },
        ...[...new Set(e.broken.map((r) => `${r.side} ${r.level}`))].map((t) => ({ name: 'tag', value: t })),
      ],
      parameters: [{ name: 'status', value: String(e.status ?? e.error?.kind ?? '') }],
      links: [],
      steps: [],
      attachments: files,
      start: Date.parse(e.startedAt),
      stop: Date.parse(e.startedAt) + Math.round(e.durationMs),
    };
    await writeFile(join(dir, `${result.uuid}-result.json`), JSON.stringify(result));
  }
}

/**
 * Writes what the proxy saw into `out`: outcomes.json, junit.xml and allure-results/ (one case per kept exchange),
 * then summary.json, the coverage matrix and the HTML through writeReports, and adds the proxy's own counts
 * (every exchange, kept or not) to summary.json. Exit code 1 when an exchange broke a MUST rule.
 */
export async function writeProxyReports(report: ProxyReport, options: ProxyReportOptions): Promise<0 | 1> {
  await mkdir(options.out, { recursive: true });
  const outcomes = report.exchanges.map(outcomeOf);
  const seconds = (Date.parse(report.stoppedAt) - Date.parse(report.startedAt)) / 1000;
  const target = {
    kind: 'remote',
    description: `${report.target} as seen through psd2-conformance proxy`,
    url: report.target,
    profile: 'proxy',
  };
  await writeFile(join(options.out, 'outcomes.json'), `${JSON.stringify(outcomes, null, 2)}\n`);
  await writeFile(
    join(options.out, 'summary.json'),
    `${JSON.stringify({ target, profile: 'proxy', durationSeconds: Number(seconds.toFixed(2)) }, null, 2)}\n`,
  );
  await writeFile(join(options.out, 'junit.xml'), junit(report));
  await allureResults(report, join(options.out, 'allure-results'));
  const { exitCode } = await writeReports({
    inputs: [options.out],
    out: options.out,
    strict: false,
    html: options.html,
    log: options.log,
  });
  const file = join(options.out, 'summary.json');
  const summary = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const proxy = {
    exchanges: report.total,
    conforming: report.conforming,
    kept: report.exchanges.length,
    omitted: report.omitted,
    rules: report.rules,
  };
  await writeFile(file, `${JSON.stringify({ ...summary, proxy }, null, 2)}\n`);
  return report.total > report.conforming ? 1 : exitCode;
}
