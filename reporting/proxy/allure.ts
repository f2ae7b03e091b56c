import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  exchangeName,
  PARTIES,
  PARTY_NAMES,
  partyWords,
  type Party,
  type ProxyExchange,
  type ProxyReport,
} from '../../tpp/index.js';
import { requirement, type RequirementId } from '../../spec/index.js';
import { partyState, partyText, requestText, responseText } from './text.js';

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
export async function proxyAllureResults(report: ProxyReport, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const e of report.exchanges) for (const party of PARTIES) await result(dir, e, party);
}

const COLOURS: Record<ProxyReport['parties'][Party]['verdict'], string> = {
  CONFORMANT: '#067647',
  'NOT CONFORMANT': '#b42318',
  'NOTHING JUDGED': '#475467',
};

const html = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Requirement ids, each with its statement on hover. */
const idTags = (ids: readonly RequirementId[]) =>
  ids.map((id) => `<code title="${html(requirement(id).statement)}">${html(id)}</code>`).join(' ');

/**
 * The HTML report's banner: one row per party, each in its verdict's colour, so a TPP's malformed requests are never
 * shown as the bank's failure; then what the verdicts stand on (no seed: a proxy session has none).
 */
export function proxyBanner(report: ProxyReport): string {
  const rows = PARTIES.map((party) => {
    const words = partyWords(report.parties[party]);
    const must = words.must.length ? `: ${idTags(words.must)}` : '';
    const should = words.should.length ? `; SHOULD: ${idTags(words.should)}` : '';
    return (
      `<div class="psd2-verdict-headline" data-party="${party}" data-verdict="${words.verdict.toLowerCase()}" ` +
      `style="background:${COLOURS[words.verdict]};padding:6px 24px">` +
      `<strong>${html(capital(PARTY_NAMES[party].title))}: ${words.verdict}</strong>` +
      `<span>${html(words.standsOn)}${must}${should}</span></div>`
    );
  });
  const kept = report.omitted ? ` (details of ${report.exchanges.length} kept)` : '';
  const details = `${report.total} exchange${report.total === 1 ? '' : 's'}${kept} · target: ${report.target}`;
  return (
    `<div id="psd2-verdict" role="status" style="padding:0;color:#ffffff;background:#1d2939">${rows.join('')}` +
    `<div class="psd2-verdict-details" style="padding:4px 24px">${html(details)}</div></div>`
  );
}
