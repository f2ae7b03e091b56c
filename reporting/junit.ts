/** The root's name and the properties every <testsuite> carries: CI test views show which target was judged. */
export interface JunitLabel {
  name: string;
  /** Written as `psd2-conformance.<key>` properties (target, target.kind, profile …). */
  properties: Record<string, string>;
}

const escape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Our block is written on one line, so a second `report` over the same folder replaces it instead of adding one. */
const OURS = /\s*<properties><property name="psd2-conformance\.[^\n]*?<\/properties>/;

function labelSuite(suite: string, properties: Record<string, string>): string {
  const block = `<properties>${Object.entries(properties)
    .map(([key, value]) => `<property name="psd2-conformance.${key}" value="${escape(value)}"/>`)
    .join('')}</properties>`;
  const end = suite.indexOf('>');
  if (suite[end - 1] === '/') return `${suite.slice(0, end - 1).trimEnd()}>\n        ${block}\n    </testsuite>`;
  return `${suite.slice(0, end + 1)}\n        ${block}${suite.slice(end + 1).replace(OURS, '')}`;
}

const COUNTS = ['tests', 'failures', 'errors', 'skipped', 'time'] as const;

const attribute = (open: string, name: string): string | undefined =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(open)?.[1];

/** One <testsuite>: its opening tag (without `>` or `/>`), the testcases inside, and its counts. */
function parseSuite(suite: string): { open: string; body: string; counts: Record<(typeof COUNTS)[number], number> } {
  const end = suite.indexOf('>');
  const selfClosing = suite[end - 1] === '/';
  const open = suite.slice(0, selfClosing ? end - 1 : end).trimEnd();
  const body = selfClosing ? '' : suite.slice(end + 1, suite.lastIndexOf('</testsuite>')).replace(OURS, '');
  const counts = Object.fromEntries(COUNTS.map((c) => [c, Number(attribute(open, c) ?? 0)])) as Record<
    (typeof COUNTS)[number],
    number
  >;
  return { open, body, counts };
}

/** The same suite file from several shards as one <testsuite>: their testcases together, their counts summed. */
function joinSuites(parts: ReturnType<typeof parseSuite>[]): string {
  const first = parts[0] as ReturnType<typeof parseSuite>;
  let open = first.open;
  for (const c of COUNTS) {
    const sum = parts.reduce((n, p) => n + p.counts[c], 0);
    const value = c === 'time' ? String(Number(sum.toFixed(9))) : String(sum);
    open =
      attribute(open, c) === undefined
        ? `${open} ${c}="${value}"`
        : open.replace(new RegExp(`\\b${c}="[^"]*"`), `${c}="${value}"`);
  }
  const body = parts.map((p) => p.body.replace(/\s+$/, '')).join('');
  return body ? `${open}>${body}\n    </testsuite>` : `${open}/>`;
}

/**
 * Shards each write a vitest JUnit file; CI wants one. The merge keeps one <testsuite> per suite file (a file whose
 * tests several shards ran becomes one, its counts summed), with one <testcase> per test, the label's properties on
 * each, and recomputes the totals of the root element.
 */
export function mergeJunit(files: string[], label: JunitLabel = { name: 'psd2-conformance', properties: {} }): string {
  const byName = new Map<string, ReturnType<typeof parseSuite>[]>();
  for (const xml of files)
    for (const suite of xml.match(/<testsuite\b[^>]*?(?:\/>|>[\s\S]*?<\/testsuite>)/g) ?? []) {
      const parsed = parseSuite(suite);
      const name = attribute(parsed.open, 'name') ?? '';
      byName.set(name, [...(byName.get(name) ?? []), parsed]);
    }
  const suites = [...byName.values()].map((parts) => {
    const suite = joinSuites(parts);
    return Object.keys(label.properties).length ? labelSuite(suite, label.properties) : suite;
  });
  const totals = { tests: 0, failures: 0, errors: 0, time: 0 };
  for (const parts of byName.values())
    for (const p of parts) {
      totals.tests += p.counts.tests;
      totals.failures += p.counts.failures;
      totals.errors += p.counts.errors;
      totals.time += p.counts.time;
    }
  const root =
    `<testsuites name="${escape(label.name)}" tests="${totals.tests}" ` +
    `failures="${totals.failures}" errors="${totals.errors}" ` +
    `time="${totals.time.toFixed(3)}">`;
  return ['<?xml version="1.0" encoding="UTF-8" ?>', root, ...suites.map((s) => `    ${s}`), '</testsuites>', ''].join(
    '\n',
  );
}

const unescape = (text: string): string =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/**
 * Each failure message starts with the rules the test broke, in words and with their section (`lines` gives them
 * by test name), so a CI test view reads like the spec. A message that already starts with them is kept as it is:
 * `report` may run over the same folder twice.
 */
export function annotateFailures(xml: string, lines: (testName: string) => string[]): string {
  return xml.replace(
    /(<testcase\b[^>]*?\bname="([^"]*)"[^>]*>\s*<failure\b[^>]*?\bmessage=")([^"]*)"/g,
    (whole, head: string, name: string, message: string) => {
      const text = lines(unescape(name)).map(escape);
      if (text.length === 0 || message.startsWith(text[0] as string)) return whole;
      return `${head}${text.join('&#10;')}&#10;${message}"`;
    },
  );
}
