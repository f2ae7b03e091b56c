import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { junitXml } from '../../reporters/junit.reporter.js';
import { buildReport, embeddedTarget, type RunEnd, type TestOutcome } from '../../run-model/index.js';

const CURL = 'request (replay): curl -sS -i -X POST \'http://127.0.0.1:1/v1/payments/x\' --data-binary \'{"a":"<&>"}\'';
const MESSAGE = [
  'broken: NCBCT.creditorName.max70 [MUST] creditorName has at most 70 characters. (interface.md › Limits)',
  '',
  'MUST NCBCT.creditorName.max70 (client_error): accepted a name of 71 characters',
  CURL,
  'response: HTTP 201 application/json',
  '{"paymentId":"p1"}',
].join('\n');

const test = (name: string, state: TestOutcome['state'], extra: Partial<TestOutcome> = {}): TestOutcome => ({
  name,
  file: '/checkout/suites/payment-bodies.suite.ts',
  state,
  durationMs: 1500,
  start: 1_000,
  stop: 2_500,
  meta: { requirementIds: ['NCBCT.creditorName.max70'], level: 'MUST', operation: 'ncbct.create' },
  errors: state === 'failed' ? [MESSAGE] : [],
  ...extra,
});

function report(outcomes: TestOutcome[], end: RunEnd = { kind: 'completed' }) {
  return buildReport(
    [
      {
        dir: '/r',
        outcomes,
        info: { target: embeddedTarget({}), profile: 'embedded', seed: 7, end, durationSeconds: 12.5 },
      },
    ],
    { strict: false },
  );
}

/** Read back as CI reads it: numeric character references decoded, attributes in an array-friendly shape. */
const parse = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    htmlEntities: true,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  }).parse(xml) as {
    testsuites: {
      tests: string;
      failures: string;
      skipped: string;
      testsuite: {
        name: string;
        properties: { property: { name: string; value: string }[] };
        testcase: { name: string; failure?: { message: string; '#text': string }; skipped?: { message: string } }[];
      }[];
    };
  };

describe('junit.xml, written with an XML library from the run model', () => {
  const outcomes = [
    test('NCBCT bodies > long names', 'failed'),
    test('NCBCT bodies > short names', 'passed'),
    test('NCBCT bodies > not here', 'skipped', { note: 'interrupted by SIGINT before it ran' }),
  ];
  const xml = junitXml(report(outcomes));
  const doc = parse(xml);
  const cases = doc.testsuites.testsuite.flatMap((s) => s.testcase);

  it('is well-formed, one testsuite per suite file and one testcase per test, with the totals', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(doc.testsuites.testsuite.map((s) => s.name)).toEqual(['suites/payment-bodies.suite.ts']);
    expect(cases.map((c) => c.name)).toEqual(outcomes.map((o) => o.name));
    expect([doc.testsuites.tests, doc.testsuites.failures, doc.testsuites.skipped]).toEqual(['3', '1', '1']);
  });

  it("keeps the failure message's line breaks for XML parsers (character references, not raw in attributes)", () => {
    const failure = cases[0]?.failure;
    expect(failure?.message.split('\n')).toEqual(MESSAGE.split('\n').slice(0, 3));
    expect(xml).toContain('message="broken: NCBCT.creditorName.max70');
    expect(xml).toMatch(/&#10;&#10;MUST NCBCT\.creditorName\.max70 \(client_error\)/);
    for (const attribute of xml.match(/="[^"]*"/g) ?? []) expect(attribute).not.toContain('\n');
  });

  it('writes the request as one curl command, and the answer, in the failure text', () => {
    const text = cases[0]?.failure?.['#text'] ?? '';
    expect(text.split('curl ').length - 1).toBe(1);
    expect(text).toContain(CURL);
    expect(text).toContain('response: HTTP 201 application/json\n{"paymentId":"p1"}');
  });

  it('marks a test that never ran skipped with the reason, and names the target and verdict on each suite', () => {
    expect(cases[2]?.skipped?.message).toBe('interrupted by SIGINT before it ran');
    const props = Object.fromEntries(
      doc.testsuites.testsuite[0]?.properties.property.map((p) => [p.name, p.value]) ?? [],
    );
    expect(props).toMatchObject({
      'psd2-conformance.target': 'the embedded reference bank',
      'psd2-conformance.verdict': 'NOT CONFORMANT',
    });
  });

  it('carries control characters a breaker sent as text, so the file stays XML', () => {
    const odd = junitXml(report([test('odd \u0001 name \u001f', 'failed', { errors: ['bad \u0000 byte'] })]));
    expect(XMLValidator.validate(odd)).toBe(true);
    expect(parse(odd).testsuites.testsuite[0]?.testcase[0]?.name).toBe('odd \\u0001 name \\u001f');
  });

  it('says INCOMPLETE on every suite when the run was interrupted', () => {
    const stopped = parse(junitXml(report(outcomes, { kind: 'interrupted', signal: 'SIGTERM' })));
    const props = stopped.testsuites.testsuite[0]?.properties.property ?? [];
    expect(props.find((p) => p.name === 'psd2-conformance.verdict')?.value).toBe('INCOMPLETE');
    expect(props.find((p) => p.name === 'psd2-conformance.end')?.value).toMatch(/^INCOMPLETE: interrupted by SIGTERM/);
  });
});
