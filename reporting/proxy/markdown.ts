import { requirement } from '../../spec/index.js';
import {
  exchangeName,
  PARTIES,
  PARTY_NAMES,
  partyDetails,
  partyWords,
  type Party,
  type PartyVerdict,
  type ProxyReport,
} from '../../tpp/index.js';

/** Pipes and line breaks would end a table cell. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** `1 of 3 requests broke a MUST rule: \`Headers.PSU-ID.required\`.` */
function standsOn(verdict: PartyVerdict): string {
  const words = partyWords(verdict);
  const ids = words.must.map((id) => `\`${id}\``).join(', ');
  return `${capital(words.standsOn)}${ids ? `: ${ids}` : ''}.`;
}

function section(report: ProxyReport, party: Party): string[] {
  const verdict = report.parties[party];
  const rows = verdict.rules.map((r) => {
    const rule = requirement(r.requirementId);
    return `| \`${r.requirementId}\` | ${r.level} | ${r.exchanges} | ${cell(rule.statement)} (${cell(rule.section)}) |`;
  });
  const failing = report.exchanges.filter((e) => e.broken.some((r) => r.party === party));
  return [
    `## ${capital(PARTY_NAMES[party].title)}: ${verdict.verdict}`,
    '',
    standsOn(verdict),
    '',
    ...(rows.length
      ? ['| Requirement | Level | Exchanges | Rule (section) |', '|---|---|---|---|', ...rows, '']
      : ['No rule broken.', '']),
    ...(failing.length
      ? [
          `Exchanges in which ${PARTY_NAMES[party].title} broke a rule${report.omitted ? ' (of those kept)' : ''}:`,
          '',
          ...failing.flatMap((e) => [
            `- ${exchangeName(e)} → ${e.status ?? e.error?.kind ?? 'no answer'}`,
            ...partyDetails(e, party).map((line) => `  - ${line.trim()}`),
          ]),
          '',
        ]
      : []),
  ];
}

/**
 * The proxy session for people, in two sections: your requests (the rules `verify` applies to what the TPP sent)
 * and the bank (what its answers broke), each with its verdict, the rules broken with their statements, and the
 * exchanges that broke them.
 */
export function proxyMarkdown(report: ProxyReport): string {
  const kept = report.omitted ? ` (details of ${report.exchanges.length} kept)` : '';
  return [
    `# psd2-conformance proxy in front of ${report.target}`,
    '',
    `${report.startedAt} to ${report.stoppedAt}: ${report.total} exchange${report.total === 1 ? '' : 's'}${kept}.`,
    '',
    ...PARTIES.flatMap((party) => section(report, party)),
  ].join('\n');
}
