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

/**
 * Shards each write a vitest JUnit file; CI wants one. The merge keeps every <testsuite> element as it
 * is (one <testcase> per test) but for the label's properties, and recomputes the totals of the root element.
 */
export function mergeJunit(files: string[], label: JunitLabel = { name: 'psd2-conformance', properties: {} }): string {
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0, time: 0 };
  for (const xml of files) {
    const found = xml.match(/<testsuite\b[^>]*?(?:\/>|>[\s\S]*?<\/testsuite>)/g) ?? [];
    for (const suite of found) {
      suites.push(Object.keys(label.properties).length ? labelSuite(suite, label.properties) : suite);
      const attr = (n: string) =>
        Number(new RegExp(`\\b${n}="([\\d.]+)"`).exec(suite.slice(0, suite.indexOf('>')))?.[1] ?? 0);
      totals.tests += attr('tests');
      totals.failures += attr('failures');
      totals.errors += attr('errors');
      totals.time += attr('time');
    }
  }
  const root = `<testsuites name="${escape(label.name)}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" time="${totals.time.toFixed(3)}">`;
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
