import { exchangeName, PARTIES, PARTY_NAMES, partyHeadline, type Party, type ProxyReport } from '../../tpp/index.js';
import { partyState, partyText, xmlAttribute, xmlText } from './text.js';

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(report: ProxyReport, index: number, party: Party): string {
  const e = report.exchanges[index] as ProxyReport['exchanges'][number];
  const names = `classname="${xmlAttribute(PARTY_NAMES[party].title)}" name="${xmlAttribute(exchangeName(e))}"`;
  const open = `    <testcase ${names}`;
  const time = ` time="${seconds(e.durationMs)}"`;
  const state = partyState(e, party);
  if (state === 'passed') return `${open}${time}/>`;
  if (state === 'skipped') return `${open}${time}>\n      <skipped message="not judged"/>\n    </testcase>`;
  const must = [
    ...new Set(e.broken.filter((r) => r.party === party && r.level === 'MUST').map((r) => r.requirementId)),
  ];
  const message = `${PARTY_NAMES[party].one}: MUST ${must.join(', ')}`;
  return (
    `${open}${time}>\n      <failure message="${xmlAttribute(message)}" type="ConformanceAssertionError">` +
    `${xmlText(partyText(e, party))}</failure>\n    </testcase>`
  );
}

/**
 * The proxy session as JUnit XML: one test suite per party ("your requests", "the bank"), each with one test case
 * per kept exchange, failed where that party broke a MUST rule; each suite's properties carry its verdict. A CI view
 * thus shows the TPP's failures apart from the bank's.
 */
export function proxyJunit(report: ProxyReport): string {
  const time = seconds(report.exchanges.reduce((sum, e) => sum + e.durationMs, 0));
  const suites = PARTIES.map((party) => {
    const states = report.exchanges.map((e) => partyState(e, party));
    const count = (state: string) => states.filter((s) => s === state).length;
    const head =
      `tests="${states.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" ` +
      `time="${time}" timestamp="${report.startedAt}"`;
    return [
      `  <testsuite name="${xmlAttribute(PARTY_NAMES[party].title)}" ${head}>`,
      '    <properties>',
      `      <property name="verdict" value="${xmlAttribute(partyHeadline(report.parties[party]))}"/>`,
      `      <property name="target" value="${xmlAttribute(report.target)}"/>`,
      '    </properties>',
      ...report.exchanges.map((_, i) => testcase(report, i, party)),
      '  </testsuite>',
    ].join('\n');
  });
  const failures = report.exchanges.flatMap((e) => PARTIES.map((p) => partyState(e, p))).filter((s) => s === 'failed');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttribute(`psd2-conformance proxy: ${report.target}`)}" ` +
      `tests="${report.exchanges.length * PARTIES.length}" failures="${failures.length}" time="${time}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
