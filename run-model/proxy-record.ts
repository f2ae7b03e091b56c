import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RECORD_LIMITS, type RecordedExchange } from '../client/recorded.js';
import type { Party, ProxyExchange, ProxyReport } from '../tpp/index.js';
// The proxy's text modules, not tpp's index (proxy-session.ts says why).
import { exchangeName, PARTIES, PARTY_NAMES } from '../tpp/proxy/exchange.js';
import { partyState, partyText, requestText, responseText } from '../tpp/proxy/text.js';

/**
 * What a proxy session gathers for the reporters that need it, as a run gathers it while its tests run (allure-vitest
 * writes Allure's results, the client appends each exchange): the kept exchanges as exchanges.jsonl lines and as
 * Allure results, each judged once per party. The paths are the reporters' `needs` (reporters/registry.ts).
 */
export interface ProxyRecordPaths {
  exchanges?: string;
  allureResults?: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** One party's judgement of one exchange as an Allure result, under that party's epic ("Your requests", "The bank"). */
async function result(dir: string, e: ProxyExchange, party: Party): Promise<void> {
  const attachments = [
    { name: 'request (as forwarded)', text: requestText(e) },
    ...(party === 'bank' ? [{ name: 'response', text: responseText(e) }] : []),
    { name: `verdict of ${PARTY_NAMES[party].one}`, text: partyText(e, party) },
  ];
  const files = [];
  for (const a of attachments) {
    const source = `${randomUUID()}-attachment.txt`;
    await writeFile(join(dir, source), a.text);
    files.push({ name: a.name, source, type: 'text/plain' });
  }
  const state = partyState(e, party);
  const rules = e.broken.filter((r) => r.party === party);
  const fullName = `psd2-conformance:proxy:${party}#${exchangeName(e)}`;
  const operation = e.request.operation;
  const uuid = randomUUID();
  await writeFile(
    join(dir, `${uuid}-result.json`),
    JSON.stringify({
      uuid,
      historyId: md5(fullName),
      testCaseId: md5(fullName),
      name: exchangeName(e),
      fullName,
      status: state,
      stage: 'finished',
      statusDetails: state === 'failed' ? { message: partyText(e, party) } : {},
      labels: [
        { name: 'epic', value: capital(PARTY_NAMES[party].title) },
        {
          name: 'feature',
          value: operation ? `${operation.id} — ${operation.summary}` : 'no operation of interface.md',
        },
        ...[...new Set(rules.map((r) => r.requirementId))].map((id) => ({ name: 'story', value: id })),
        { name: 'severity', value: state === 'failed' ? 'critical' : 'normal' },
        ...[...new Set(rules.map((r) => r.level))].map((level) => ({ name: 'tag', value: level })),
      ],
      parameters: [{ name: 'status', value: String(e.status ?? e.error?.kind ?? '') }],
      links: [],
      steps: [],
      attachments: files,
      start: Date.parse(e.startedAt),
      stop: Date.parse(e.startedAt) + Math.round(e.durationMs),
    }),
  );
}

/** allure-results/: each kept exchange twice, once per party, so the HTML report has a section for each. */
async function allureResults(report: ProxyReport, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const e of report.exchanges) for (const party of PARTIES) await result(dir, e, party);
}

const LIMIT = RECORD_LIMITS.responseBody;

/** A kept exchange as a line of exchanges.jsonl: the request as forwarded (masked), the answer bounded as a run's. */
function line(e: ProxyExchange): RecordedExchange {
  const body = e.responseBody;
  return {
    test: exchangeName(e),
    seq: e.seq,
    ...e.recorded,
    ...(body !== undefined
      ? { response: body.length > LIMIT ? `${body.slice(0, LIMIT)}… (${body.length} characters)` : body }
      : {}),
    ...(e.error ? { error: e.error.kind } : {}),
  };
}

/** Writes what the picked reporters need of the session: exchanges.jsonl, allure-results/. */
export async function recordProxySession(report: ProxyReport, paths: ProxyRecordPaths): Promise<void> {
  if (paths.exchanges) {
    await mkdir(dirname(paths.exchanges), { recursive: true });
    await writeFile(paths.exchanges, report.exchanges.map((e) => `${JSON.stringify(line(e))}\n`).join(''));
  }
  if (paths.allureResults) await allureResults(report, paths.allureResults);
}
