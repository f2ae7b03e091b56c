import { describe, expect, it } from 'vitest';
import { titleVerdict } from '../../reporters/html.reporter.js';
import { BANNER_STYLE, verdictBanner, withBanner } from '../../reporters/verdict-banner.js';
import { countStates, standingLine, verdictOf, type RunReport, type VerdictInput } from '../../run-model/index.js';

const MUST = { ...countStates([]), passed: 200, 'not observable': 3, 'not observed': 2 };

const summary = (over: Partial<VerdictInput> = {}): VerdictInput => ({
  target: { description: 'https://bank.example (profile sandbox)' },
  profile: 'sandbox',
  seed: 5,
  strict: false,
  total: 10,
  passed: 10,
  failed: 0,
  skipped: 0,
  failedRequirements: [],
  gate: 0,
  end: { kind: 'completed' },
  must: MUST,
  ...over,
});

/** The banner of a report whose one verdict is made from `input`. */
const banner = (input: VerdictInput) =>
  verdictBanner({ verdicts: [verdictOf(input)], summary: { strict: input.strict } as RunReport['summary'] });

const PAGE = '<html><head><title>x</title></head><body><div id="app"></div><script>app()</script></body></html>';

describe('the verdict the HTML report opens with', () => {
  it('NOT CONFORMANT in red with the failed MUST requirements (statement on hover), SHOULD ones apart', () => {
    const s = summary({
      gate: 1,
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
    const html = banner(s);
    expect(html).toContain('data-verdict="not conformant" style="background:#b42318;color:#ffffff"');
    expect(html).toContain('<strong>NOT CONFORMANT</strong>');
    expect(html).toContain(
      '1 MUST requirement failed: <code title="creditorName has at ' +
        'most 70 characters.">NCBCT.creditorName.max70</code>',
    );
    expect(html).toContain('1 SHOULD requirement failed (counted with --strict only): ');
    expect(html).toContain('7 passed, 3 failed, 0 skipped · target: https://bank.example (profile sandbox)');
  });

  it('names each failed MUST requirement once: the headline counts them, the line beside lists them', () => {
    const ids = ['NCBCT.creditorName.max70', 'SCT.creditorName.max70'];
    const html = banner(summary({ gate: 1, passed: 8, failed: 2, failedRequirements: ids }));
    for (const id of ids) expect(html.split(id).length - 1, id).toBe(1);
    expect(html).toContain('<strong>NOT CONFORMANT</strong><span>2 MUST requirements failed; 200 MUST rules judged');
    // The console line, which has no list beside it, keeps the ids.
    expect(verdictOf(summary({ gate: 1, failedRequirements: ids })).line).toContain(
      '2 MUST requirements failed (NCBCT.creditorName.max70, SCT.creditorName.max70)',
    );
  });

  it("a run with a baseline shows the release gate's decision under the verdict", () => {
    const s = summary({ gate: 1, failed: 1, failedRequirements: ['NCBCT.creditorName.max70'] });
    const headline = 'release gate: no regression against the baseline (exit 0 unless the run did not complete)';
    const html = verdictBanner({
      verdicts: [verdictOf(s)],
      summary: { strict: false } as RunReport['summary'],
      sections: [{ file: 'release.md', text: '', key: 'release', value: {}, lines: [], headline }],
    });
    expect(html).toContain(`<div class="psd2-verdict-gate">${headline}</div>`);
    expect(banner(s)).not.toContain('psd2-verdict-gate"');
  });

  it('CONFORMANT in green with what it stands on; a stopped run is INCOMPLETE, an empty one NOTHING JUDGED', () => {
    expect(banner(summary())).toContain('style="background:#067647;color:#ffffff"');
    expect(banner(summary())).toContain(
      '<strong>CONFORMANT</strong><span>200 MUST rules judged, 3 not observable, 2 not observed (reasons in ' +
        'coverage.md)</span>',
    );
    const stopped = summary({ end: { kind: 'interrupted', signal: 'SIGINT' }, passed: 4, skipped: 6 });
    expect(verdictOf(stopped)).toMatchObject({
      headline: 'INCOMPLETE',
      line: 'INCOMPLETE: interrupted by SIGINT after 4 of 10 tests; no MUST failure among them',
    });
    expect(banner(stopped)).toContain('background:#b54708');
    // Failures before the end do not make a stopped run NOT CONFORMANT: it is INCOMPLETE, and says what failed.
    const failedFirst = summary({
      end: { kind: 'budget', seconds: 900 },
      gate: 1,
      failedRequirements: ['Errors.kid.400'],
    });
    expect(verdictOf(failedFirst).line).toBe(
      'INCOMPLETE: the time budget of 900 s ran out after 10 of 10 tests; 1 MUST requirement failed (Errors.kid.400) ' +
        'among them',
    );
    expect(verdictOf(summary({ passed: 0, skipped: 10 })).headline).toBe('NOTHING JUDGED');
  });

  it('the verdict line counts the MUST rules judged apart from those not observable or not observed', () => {
    expect(verdictOf(summary()).line).toBe(
      'CONFORMANT: 200 MUST rules judged, 3 not observable, 2 not observed (reasons in coverage.md)',
    );
    expect(standingLine({ ...countStates([]), passed: 1 })).toBe('1 MUST rule judged');
    expect(standingLine({ ...countStates([]), passed: 5, failed: 1, untested: 2 })).toBe(
      '6 MUST rules judged, 2 untested (reasons in coverage.md)',
    );
  });

  it("a shard's report says that it judges its share of the tests only", () => {
    const shard = { index: 2, count: 4, tests: ['a', 'b'], total: 8, split: 'x', balancedBy: 'test count' };
    expect(verdictOf(summary({ shard })).details.at(-1)).toBe(
      'shard 2/4 only (2 of 8 tests): merge every shard with ' +
        '`psd2-conformance report` for the verdict on the whole interface',
    );
    // Its first words say so too, alone or with a selection.
    expect(verdictOf(summary({ shard })).head).toBe('CONFORMANT on shard 2/4 only');
    expect(verdictOf(summary({ shard, selection: ['--operation ncbct.create'] })).head).toBe(
      'CONFORMANT on the selected tests only (--operation ncbct.create) of shard 2/4',
    );
    expect(verdictOf(summary({ shard, gate: 1, failed: 1, failedRequirements: ['Errors.kid.400'] })).line).toMatch(
      /^NOT CONFORMANT on shard 2\/4 only: 1 MUST requirement failed \(Errors\.kid\.400\)/,
    );
  });

  it('a run narrowed to some tests: CONFORMANT and NOT CONFORMANT on the selected tests only, and why', () => {
    const selection = ['--grep "Basket"'];
    const conformant = verdictOf(summary({ selection }));
    expect(conformant.headline).toBe('CONFORMANT');
    expect(conformant.line).toBe(
      'CONFORMANT on the selected tests only (--grep "Basket"): 200 MUST rules judged, 3 not observable, ' +
        '2 not observed (reasons in coverage.md)',
    );
    expect(conformant.details).toContain(
      'selected by --grep "Basket": a verdict on those tests only, not on the whole interface',
    );
    expect(banner(summary({ selection }))).toContain('selected by --grep &quot;Basket&quot;: a verdict on those tests');
    const failed = verdictOf(summary({ selection, gate: 1, failed: 1, failedRequirements: ['Basket.create.201'] }));
    expect(failed.line).toMatch(/^NOT CONFORMANT on the selected tests only \(--grep "Basket"\): 1 /);
    expect(verdictOf(summary()).line).toMatch(/^CONFORMANT: 200 MUST rules judged/);
    expect(verdictOf(summary()).details.some((d) => d.startsWith('selected by'))).toBe(false);
  });

  it('shows what the verdict stands on beside its headline, even when the selection holds a colon', () => {
    const selection = ['--grep "Errors: kid"'];
    expect(verdictOf(summary({ selection })).line).toBe(
      'CONFORMANT on the selected tests only (--grep "Errors: kid"): 200 MUST rules judged, 3 not observable, ' +
        '2 not observed (reasons in coverage.md)',
    );
    // The banner's headline keeps the qualifier: a narrowed run never opens as a green CONFORMANT alone.
    expect(banner(summary({ selection }))).toContain(
      '<strong>CONFORMANT on the selected tests only (--grep &quot;Errors: kid&quot;)</strong><span>200 MUST rules ' +
        'judged, 3 not observable, 2 not observed (reasons in coverage.md)</span>',
    );
    // So does the report's title (and the browser tab): one party's head; the parties' verdicts when there are two.
    const one = { verdicts: [verdictOf(summary({ selection }))], summary: { verdict: 'CONFORMANT' } };
    expect(titleVerdict(one as RunReport)).toBe('CONFORMANT on the selected tests only (--grep "Errors: kid")');
    const two = { verdicts: [verdictOf(summary()), verdictOf(summary())], summary: { verdict: 'A: X · B: Y' } };
    expect(titleVerdict(two as RunReport)).toBe('A: X · B: Y');
    const budget = { maxRequests: 400, unjudgedRules: ['Errors.kid.400'] };
    expect(banner(summary({ budget }))).toContain(
      '<strong>BUDGETED, NOT A FULL VERDICT (--max-requests 400)</strong><span>every MUST test that ran passed; ' +
        '1 rule left unjudged; ',
    );
  });

  it('escapes what it shows', () => {
    const s = summary({ target: { description: 'https://x/<script>' } });
    expect(banner(s)).toContain('https://x/&lt;script&gt;');
    expect(banner(s)).not.toContain('https://x/<script>');
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
