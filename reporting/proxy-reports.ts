import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PARTIES, PARTY_NAMES, partyLines, proxyExitCode, type ProxyReport } from '../tpp/index.js';
import { writeHtml } from '../reporters/allure-html.js';
import { proxyAllureResults, proxyBanner } from './proxy/allure.js';
import { proxyJunit } from './proxy/junit.js';
import { proxyMarkdown } from './proxy/markdown.js';
import { proxyOutcomes } from './proxy/outcomes.js';
import { proxySummary } from './proxy/summary.js';

/**
 * The proxy's reports, each a small writer of the session's model (tpp's ProxyReport: the kept exchanges and the two
 * parties' verdicts, "your requests" and "the bank"), so that they move onto the run's registered reporters as
 * they are. Every report shows the two parties apart; none shows a seed, since a proxy session has none.
 */
export interface ProxyReportOptions {
  out: string;
  html: boolean;
  log: (line: string) => void;
}

interface ProxyWriter {
  name: string;
  /** Writes its files into `out`; returns a line for the console, if any. */
  write(report: ProxyReport, options: ProxyReportOptions): Promise<string | undefined>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const file = (name: string, content: (report: ProxyReport) => string): ProxyWriter => ({
  name,
  write: async (report, options) => {
    await writeFile(join(options.out, name), content(report));
    return undefined;
  },
});

const html: ProxyWriter = {
  name: 'html',
  async write(report, options) {
    const results = join(options.out, 'allure-results');
    await proxyAllureResults(report, results);
    if (!options.html) return undefined;
    const verdicts = PARTIES.map((p) => `${PARTY_NAMES[p].title}: ${report.parties[p].verdict}`).join(' · ');
    const written = await writeHtml({
      resultsDirs: [results],
      out: options.out,
      reportName: `${verdicts} · psd2-conformance proxy: ${report.target}`,
      banner: proxyBanner(report),
      variables: {
        Target: report.target,
        ...Object.fromEntries(PARTIES.map((p) => [PARTY_NAMES[p].title, report.parties[p].verdict])),
        Exchanges: `${report.total}${report.omitted ? ` (details of ${report.exchanges.length} kept)` : ''}`,
        Report: 'proxy.md in Global Attachments',
      },
      globalAttachments: [join(options.out, 'proxy.md')],
      // A proxy session is not a run: its history is its own folder's, bounded as a run's is.
      history: { path: join(options.out, 'history.jsonl'), limit: 20 },
      log: options.log,
      signal: new AbortController().signal,
    });
    if (!written.html) return `the HTML report could not be written to ${join(options.out, 'html')}`;
    return `HTML report: ${join(options.out, 'html', 'index.html')}`;
  },
};

/** The proxy's reports, in the order they are written (the HTML attaches proxy.md, so it comes last). */
export const PROXY_WRITERS: readonly ProxyWriter[] = [
  file('summary.json', (report) => json(proxySummary(report))),
  file('junit.xml', proxyJunit),
  file('proxy.md', proxyMarkdown),
  file('outcomes.json', (report) => json(proxyOutcomes(report.exchanges))),
  html,
];

/**
 * Writes what the proxy saw into `out`: summary.json, junit.xml, proxy.md and outcomes.json (for `replay --test`),
 * allure-results/ and, unless turned off, the HTML report; then the console's last lines: how many exchanges, and each
 * party's verdict on a line of its own. Exit code 1 when either party broke a MUST rule.
 */
export async function writeProxyReports(report: ProxyReport, options: ProxyReportOptions): Promise<0 | 1> {
  await mkdir(options.out, { recursive: true });
  for (const writer of PROXY_WRITERS) {
    const line = await writer.write(report, options);
    if (line) options.log(line);
  }
  const kept = report.omitted ? ` (details of ${report.exchanges.length} kept)` : '';
  options.log(`${report.total} exchange${report.total === 1 ? '' : 's'}${kept}; reports in ${options.out}`);
  for (const line of partyLines(report)) options.log(line);
  return proxyExitCode(report);
}
