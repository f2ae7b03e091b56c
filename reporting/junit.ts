/**
 * Shards each write a vitest JUnit file; CI wants one. The merge keeps every <testsuite> element as it
 * is (one <testcase> per test) and recomputes the totals of the root element.
 */
export function mergeJunit(files: string[], name = 'psd2-conformance'): string {
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0, time: 0 };
  for (const xml of files) {
    const found = xml.match(/<testsuite\b[^>]*?(?:\/>|>[\s\S]*?<\/testsuite>)/g) ?? [];
    for (const suite of found) {
      suites.push(suite);
      const attr = (n: string) =>
        Number(new RegExp(`\\b${n}="([\\d.]+)"`).exec(suite.slice(0, suite.indexOf('>')))?.[1] ?? 0);
      totals.tests += attr('tests');
      totals.failures += attr('failures');
      totals.errors += attr('errors');
      totals.time += attr('time');
    }
  }
  const root = `<testsuites name="${name}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" time="${totals.time.toFixed(3)}">`;
  return ['<?xml version="1.0" encoding="UTF-8" ?>', root, ...suites.map((s) => `    ${s}`), '</testsuites>', ''].join(
    '\n',
  );
}
