import { describe, expect, it } from 'vitest';
import { failureLines, shortRequestLine } from '../../reporters/console-summary.js';
import { embeddedTarget, remoteTarget, type TestOutcome } from '../../run-model/index.js';

/** A base64 certificate as long as a real one (1.6 KB), and a Signature: what made a failure fill a screen. */
const CERTIFICATE = 'MIIE'.padEnd(1600, 'A');
const CURL =
  "request (replay): curl -sS -i -X POST 'http://127.0.0.1:4/v1/payments/x?allowLogicalDuplicate=true' " +
  `-H 'TPP-Signature-Certificate: ${CERTIFICATE}' -H 'Signature: keyId="SN=1",signature="${'s'.repeat(344)}"' ` +
  `--data-binary '{"creditorName":"O'\\''Brien"}'`;

const failed = (error: string): TestOutcome => ({
  name: 'NCBCT > NCBCT.creditorName.max70 [MUST] breakers are rejected',
  file: '/x/suites/payment-bodies.suite.ts',
  state: 'failed',
  durationMs: 1,
  errors: [error],
  meta: {
    requirementIds: ['NCBCT.creditorName.max70'],
    level: 'MUST',
    operation: 'ncbct.create',
    failedExchange: { request: { method: 'POST', url: 'http://127.0.0.1:4/v1/payments/x', headers: {} } },
  },
});

describe('a failure in the console (reporters/console-summary.ts)', () => {
  it('shows the request in one short line, not the curl with its certificate; the replay line stays', () => {
    const lines = failureLines(
      failed(['MUST NCBCT.creditorName.max70 (client_error): got 201', CURL, 'response: HTTP 201'].join('\n')),
      'reports',
    );
    expect(lines).toEqual([
      'MUST NCBCT.creditorName.max70 (client_error): got 201',
      'request: POST http://127.0.0.1:4/v1/payments/x?allowLogicalDuplicate=true (the whole curl, signed as sent: ' +
        'outcomes.json, junit.xml and the HTML report)',
      'response: HTTP 201',
      "signed afresh: npx psd2-conformance replay --test 'NCBCT > NCBCT.creditorName.max70 [MUST] breakers are " +
        "rejected'",
    ]);
    expect(lines.join('\n')).not.toContain(CERTIFICATE.slice(0, 100));
  });

  it('reads a URL with a quote in it back as it was sent', () => {
    expect(shortRequestLine("request (replay): curl -sS -i -X GET 'http://h/v1/p/O'\\''B' -H 'A: b'")).toMatch(
      /^request: GET http:\/\/h\/v1\/p\/O'B \(/,
    );
  });

  it('a failure of the embedded bank, gone with its run, says how to start it again for the replay', () => {
    const o = failed('MUST x (client_error): got 201');
    const bank = embeddedTarget({ url: 'http://127.0.0.1:37005', faults: ['accept-long-creditor-name'] });
    expect(failureLines(o, 'out', bank).at(-1)).toBe(
      "signed afresh, once `npx psd2-conformance serve --port 37005 --fault 'accept-long-creditor-name'` runs: " +
        "npx psd2-conformance replay --test 'NCBCT > NCBCT.creditorName.max70 [MUST] breakers are rejected' " +
        "--reports 'out' --base-url 'http://127.0.0.1:37005'",
    );
    expect(failureLines(o, 'out', remoteTarget('https://bank.example', 'sandbox')).at(-1)).toBe(
      "signed afresh: npx psd2-conformance replay --test 'NCBCT > NCBCT.creditorName.max70 [MUST] breakers are " +
        "rejected' --reports 'out'",
    );
  });
});
