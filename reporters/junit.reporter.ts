import { onFirstUse } from '../core/index.js';
import { suiteFileOf, type RunReport, type TestOutcome } from '../run-model/index.js';
import { defineReporter } from './registry.js';

export const JUNIT_FILE = 'junit.xml';

/**
 * XML 1.0 cannot carry most control characters, which breakers send on purpose: each is written as `\u00XX` text.
 * Lone surrogates cannot be encoded either.
 */
const NOT_XML = new RegExp(
  [
    // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 cannot carry, on purpose
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.source,
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.source,
    /(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.source,
  ].join('|'),
  'g',
);
const xmlText = (text: string): string =>
  text.replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The five characters XML reserves, as entities. */
const escape = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/**
 * An XML parser reads a line break inside an attribute back as a space, unless it is written as a character
 * reference: a failure message keeps its lines. (The builder's own escaping has no such option, so each value is
 * escaped here and the builder told not to escape again.)
 */
const attribute = (value: unknown): string =>
  escape(xmlText(String(value)))
    .replaceAll('\r', '&#13;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\t', '&#9;');

const xmlLibrary = onFirstUse<typeof import('fast-xml-parser')>('fast-xml-parser');
const builder = () =>
  new (xmlLibrary().XMLBuilder)({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
    processEntities: false,
    attributeValueProcessor: (_name: string, value: unknown) => attribute(value),
    tagValueProcessor: (_name: string, value: unknown) => escape(xmlText(String(value))),
  });

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * What CI test views show of the target and the verdict: a property block on every test suite; with each party's
 * verdict apart (`verdict.tpp`, `verdict.bank`) when the report judges more than one (the proxy).
 */
export function junitProperties(report: RunReport): Record<string, string> {
  const { summary } = report;
  const target = summary.target;
  const parties = report.verdicts.length > 1 ? report.verdicts : [];
  return {
    target: target.description,
    'target.kind': target.kind,
    // The embedded bank's port is random: its description says what it was.
    ...(target.kind === 'remote' || target.kind === 'proxied' ? { 'target.url': target.url } : {}),
    profile: summary.profile,
    verdict: summary.verdict,
    ...Object.fromEntries(parties.map((v) => [`verdict.${v.party.id}`, `${v.party.name}: ${v.line}`])),
    ...(summary.end.kind !== 'completed' ? { end: summary.verdictLine } : {}),
    ...(summary.security ? { security: summary.security.line } : {}),
  };
}

/**
 * A failure as a CI test view shows it: the message names the broken rules and what the checks saw (the test's
 * error starts with them), the body adds the request as one curl command, the answer and the replay command.
 */
function failure(o: TestOutcome) {
  const text = o.errors.join('\n\n');
  const request = text.indexOf('\nrequest (replay): ');
  const message = (request > 0 ? text.slice(0, request) : (o.errors[0] ?? 'failed')).slice(0, 4000);
  const replay = o.meta.replay && !text.includes(o.meta.replay.command) ? `\nreplay: ${o.meta.replay.command}` : '';
  return { '@message': message, '@type': 'ConformanceFailure', '#text': `${text}${replay}` };
}

function testcase(o: TestOutcome, file: string) {
  const warnings = (o.meta.warnings ?? []).map((w) => `SHOULD ${w.requirementId}: ${w.message}`);
  return {
    '@classname': file,
    '@name': o.name,
    '@time': seconds(o.durationMs),
    ...(o.state === 'failed' ? { failure: failure(o) } : {}),
    ...(o.state === 'skipped' ? { skipped: { '@message': o.note ?? o.meta.notTestable ?? 'skipped' } } : {}),
    ...(warnings.length ? { 'system-out': warnings.join('\n') } : {}),
  };
}

function span(outcomes: TestOutcome[]): number {
  const starts = outcomes.map((o) => o.start).filter((t): t is number => t !== undefined);
  const stops = outcomes.map((o) => o.stop).filter((t): t is number => t !== undefined);
  return starts.length && stops.length ? Math.max(0, Math.max(...stops) - Math.min(...starts)) : 0;
}

const count = (outcomes: TestOutcome[], state: TestOutcome['state']) =>
  outcomes.filter((o) => o.state === state).length;

/**
 * One <testsuite>: its tests as <testcase>s (classname `classname`), their counts and span, the run's properties.
 * A run writes one per suite file; a fleet one per bank.
 */
export function junitTestsuite(suite: {
  name: string;
  classname: string;
  outcomes: TestOutcome[];
  properties: Record<string, string>;
  timestamp?: string | undefined;
  errors?: { message: string; text: string }[];
}) {
  const errors = suite.errors ?? [];
  return {
    '@name': suite.name,
    '@tests': suite.outcomes.length + errors.length,
    '@failures': count(suite.outcomes, 'failed'),
    '@errors': errors.length,
    '@skipped': count(suite.outcomes, 'skipped'),
    // The file's tests run concurrently: its time is their span, not the sum of their durations.
    '@time': seconds(span(suite.outcomes)),
    ...(suite.timestamp ? { '@timestamp': suite.timestamp } : {}),
    properties: {
      property: Object.entries(suite.properties).map(([name, value]) => ({
        '@name': `psd2-conformance.${name}`,
        '@value': value,
      })),
    },
    testcase: [
      ...suite.outcomes.map((o) => testcase(o, suite.classname)),
      ...errors.map((e) => ({
        '@classname': suite.classname,
        '@name': e.message,
        '@time': seconds(0),
        error: { '@message': e.message, '@type': 'NotRun', '#text': e.text },
      })),
    ],
  };
}

/** A JUnit document of these test suites, with the totals on its root. */
export function junitDocument(
  root: { name: string; seconds: number; timestamp?: string | undefined },
  testsuite: object[],
) {
  const total = (key: string) =>
    testsuite.reduce((sum: number, s) => sum + Number((s as Record<string, unknown>)[key] ?? 0), 0);
  return builder().build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    testsuites: {
      '@name': root.name,
      '@tests': total('@tests'),
      '@failures': total('@failures'),
      '@errors': total('@errors'),
      '@skipped': total('@skipped'),
      '@time': root.seconds.toFixed(3),
      ...(root.timestamp ? { '@timestamp': root.timestamp } : {}),
      testsuite,
    },
  }) as string;
}

/**
 * junit.xml from the run's outcomes, written with an XML library: one <testsuite> per suite file (shards merged into
 * one; a proxy session's outcomes name their party as their file, so one per party), one <testcase> per test, tests
 * that never ran (another profile's, not selected, or after an interruption) as skipped with the reason.
 */
export function junitXml(report: RunReport): string {
  const { summary } = report;
  const byFile = new Map<string, TestOutcome[]>();
  for (const o of report.outcomes) {
    const file = suiteFileOf(o.file);
    byFile.set(file, [...(byFile.get(file) ?? []), o]);
  }
  const testsuite = [...byFile].map(([file, outcomes]) =>
    junitTestsuite({
      name: file,
      classname: file,
      outcomes,
      properties: junitProperties(report),
      timestamp: summary.startedAt,
    }),
  );
  return junitDocument(
    {
      name: `psd2-conformance: ${summary.target.description}`,
      seconds: summary.durationSeconds,
      timestamp: summary.startedAt,
    },
    testsuite,
  );
}

/** junit.xml for CI test views. */
export default defineReporter({
  name: 'junit',
  description: 'junit.xml: one testcase per test, failures with the broken rules, one curl and the replay command',
  writes: [JUNIT_FILE],
  create: () => ({ files: (report) => ({ [JUNIT_FILE]: junitXml(report) }) }),
});
