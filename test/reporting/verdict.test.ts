import { describe, expect, it } from 'vitest';
import { verdictOf, type ReportSummary } from '../../run-model/index.js';
import { BANNER_STYLE, verdictBanner, withBanner } from '../../reporting/verdict.js';

const summary = (over: Partial<ReportSummary> = {}): ReportSummary => ({
  target: { kind: 'unknown', description: 'https://bank.example (profile sandbox)' },
  profile: 'sandbox',
  seed: 5,
  durationSeconds: 10,
  strict: false,
  total: 10,
  passed: 10,
  failed: 0,
  skipped: 0,
  byLevel: { MUST: { passed: 8, failed: 0, skipped: 0 }, SHOULD: { passed: 2, failed: 0, skipped: 0 } },
  byOperation: {},
  failedRequirements: [],
  warnings: 0,
  exitCode: 0,
  requirements: { passed: 1, failed: 0, inconclusive: 0, skipped: 0, 'not testable': 0, 'no test': 0 },
  ...over,
});

const PAGE = '<html><head><title>x</title></head><body><div id="app"></div><script>app()</script></body></html>';

describe('the verdict the HTML report opens with', () => {
  it('NOT CONFORMANT in red with the failed MUST requirements (statement on hover), SHOULD ones apart', () => {
    const s = summary({
      exitCode: 1,
      passed: 7,
      failed: 3,
      failedRequirements: ['NCBCT.creditorName.max70', 'Payment.logicalDuplicate.rejectedByDefault'],
    });
    expect(verdictOf(s)).toMatchObject({
      kind: 'not conformant',
      headline: 'NOT CONFORMANT',
      failedMust: ['NCBCT.creditorName.max70'],
      failedShould: ['Payment.logicalDuplicate.rejectedByDefault'],
    });
    const banner = verdictBanner(s);
    expect(banner).toContain('data-verdict="not conformant" style="background:#b42318;color:#ffffff"');
    expect(banner).toContain('<strong>NOT CONFORMANT</strong>');
    expect(banner).toContain(
      '1 MUST requirement failed: <code title="creditorName has at ' +
        'most 70 characters.">NCBCT.creditorName.max70</code>',
    );
    expect(banner).toContain('1 SHOULD requirement failed (counted with --strict only): ');
    expect(banner).toContain('7 passed, 3 failed, 0 skipped · target: https://bank.example (profile sandbox)');
  });

  it('CONFORMANT in green; a cut-short run is INCOMPLETE and an empty one NOTHING JUDGED, never green', () => {
    expect(verdictBanner(summary())).toContain('style="background:#067647;color:#ffffff"');
    expect(verdictBanner(summary())).toContain('<strong>CONFORMANT</strong><span>every MUST test passed</span>');
    expect(verdictOf(summary({ cancelled: true })).headline).toBe('INCOMPLETE');
    expect(verdictBanner(summary({ cancelled: true }))).toContain('background:#b54708');
    expect(verdictOf(summary({ passed: 0, skipped: 10 })).headline).toBe('NOTHING JUDGED');
  });

  it("a shard's report says that it judges its share of the tests only", () => {
    const shard = { index: 2, count: 4, tests: ['a', 'b'], total: 8, split: 'x', balancedBy: 'test count' };
    expect(verdictOf(summary({ shard })).details.at(-1)).toBe(
      'shard 2/4 only (2 of 8 tests): merge every shard with ' +
        '`psd2-conformance report` for the verdict on the whole interface',
    );
  });

  it('escapes what it shows', () => {
    const s = summary({ target: { kind: 'unknown', description: 'https://x/<script>' } });
    expect(verdictBanner(s)).toContain('https://x/&lt;script&gt;');
    expect(verdictBanner(s)).not.toContain('https://x/<script>');
  });

  it('goes before the app, with a style that keeps the app below it and wraps long lines in error boxes', () => {
    const page = withBanner(PAGE, '<div id="psd2-verdict">V</div>');
    expect(page.indexOf('<div id="psd2-verdict">V</div>')).toBeLessThan(page.indexOf('<div id="app">'));
    expect(page.indexOf(BANNER_STYLE)).toBeLessThan(page.indexOf('</head>'));
    expect(BANNER_STYLE).toContain('#app pre { overflow-wrap: anywhere; }');
    expect(withBanner(page, '<div id="psd2-verdict">V</div>')).toBe(page);
    expect(() => withBanner('<html></html>', 'V')).toThrow(/cannot add the verdict/);
  });
});
