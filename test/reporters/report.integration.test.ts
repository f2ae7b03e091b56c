import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoverageRow } from '../../run-model/index.js';
import type { ReportSummary } from '../../run-model/index.js';
import { pageData } from '../support/allure-page.js';
import { cli } from '../support/cli.js';
import { hangGuard } from '../support/bounds.js';

const json = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
type Counts = { passed: number; failed: number; skipped: number };
const add = (a: Record<string, Counts>, b: Record<string, Counts>): Record<string, Counts> => {
  const out: Record<string, Counts> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[key] ?? { passed: 0, failed: 0, skipped: 0 };
    const y = b[key] ?? { passed: 0, failed: 0, skipped: 0 };
    out[key] = { passed: x.passed + y.passed, failed: x.failed + y.failed, skipped: x.skipped + y.skipped };
  }
  return out;
};

/**
 * Four shards of one run (each narrowed to NCBCT for speed, with a body fault so one of them fails) merged by
 * `report A B C D`: the tests are split by test, each once; the merged summary, coverage and JUnit equal the sum
 * of the shards and the whole run; the HTML exists and opens with the verdict; an incomplete set is refused.
 */
describe('psd2-conformance report merges shards', () => {
  const root = mkdtempSync(join(tmpdir(), 'psd2-shards-'));
  const shards = [1, 2, 3, 4].map((i) => join(root, `shard-${i}`));
  const [whole, out] = [join(root, 'whole'), join(root, 'merged')];
  let first: Awaited<ReturnType<typeof cli>>;
  let ids: string[] = [];
  const common = [
    '--operation',
    'ncbct.create',
    '--fault',
    'accept-long-creditor-name',
    '--seed',
    '3',
    '--num-runs',
    '5',
    '--no-html',
  ];

  beforeAll(async () => {
    const codes: number[] = [];
    for (const [i, dir] of shards.entries()) {
      const r = await cli(['run', '--shard', `${i + 1}/4`, ...common, '--reports', dir]);
      // The shard that holds the NCBCT.creditorName.max70 test fails (the fault); none may end in a configuration
      // error.
      expect([0, 1], r.stderr).toContain(r.code);
      codes.push(r.code as number);
    }
    expect(codes).toContain(1);
    expect((await cli(['run', ...common, '--reports', whole])).code).toBe(1);
    first = await cli(['report', ...shards, '--out', out]);
    ids = (JSON.parse((await cli(['requirements', '--json'])).stdout) as { id: string }[]).map((r) => r.id);
  }, hangGuard(400_000));

  const summaries = () => shards.map((d) => json<ReportSummary>(join(d, 'summary.json')));
  const names = (dir: string) => json<{ name: string }[]>(join(dir, 'outcomes.json')).map((o) => o.name);

  it('splits by test: each shard within 25 % of the mean count, the four together the whole run exactly once', () => {
    const recorded = summaries().map((s) => s.shard);
    expect(recorded.map((r) => `${r?.index}/${r?.count}`)).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(new Set(recorded.map((r) => r?.split)).size).toBe(1);
    const wholeRun = names(whole);
    const mean = wholeRun.length / 4;
    for (const r of recorded) {
      expect(r?.total).toBe(wholeRun.length);
      expect(Math.abs((r?.tests.length ?? 0) - mean)).toBeLessThanOrEqual(mean / 4);
    }
    // A shard reports its own tests and nothing else: another shard's are not even skipped here.
    for (const [k, dir] of shards.entries()) expect(names(dir).sort()).toEqual([...(recorded[k]?.tests ?? [])].sort());
    const union = shards.flatMap(names);
    expect(union.sort()).toEqual([...wholeRun].sort());
    expect(names(out).sort()).toEqual([...wholeRun].sort());
  });

  it(
    'summary.json: target, profile, seed, duration, and counts that ' +
      'are the sum of the shards and those of the whole run',
    () => {
      const parts = summaries();
      const m = json<ReportSummary>(join(out, 'summary.json'));
      const w = json<ReportSummary>(join(whole, 'summary.json'));
      expect(m).toMatchObject({ profile: 'embedded', seed: 3, exitCode: 1 });
      // Each shard started its own embedded bank: the merged target names it in words, without the ports.
      expect(parts[0]?.target).toMatchObject({
        kind: 'embedded',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      });
      expect(m.target).toEqual({
        kind: 'embedded',
        description: 'the embedded reference bank with fault accept-long-creditor-name',
        faults: ['accept-long-creditor-name'],
        variants: [],
      });
      expect(m.durationSeconds).toBe(Math.max(...parts.map((s) => s.durationSeconds)));
      const sum = (f: (s: ReportSummary) => number) => parts.reduce((n, s) => n + f(s), 0);
      expect([m.total, m.passed, m.failed, m.skipped]).toEqual([
        sum((s) => s.total),
        sum((s) => s.passed),
        sum((s) => s.failed),
        sum((s) => s.skipped),
      ]);
      expect([m.total, m.passed, m.failed, m.skipped]).toEqual([w.total, w.passed, w.failed, w.skipped]);
      expect(m.byLevel).toEqual(parts.map((s) => s.byLevel).reduce(add));
      expect(m.byOperation).toEqual(parts.map((s) => s.byOperation).reduce(add));
      expect(m.byOperation).toEqual(w.byOperation);
      expect(m.failedRequirements).toEqual([...new Set(parts.flatMap((s) => s.failedRequirements))].sort());
      expect(m.failedRequirements).toContain('NCBCT.creditorName.max70');
      expect(m.shards?.map((s) => [s.total, s.shard])).toEqual(parts.map((s, k) => [s.total, `${k + 1}/4`]));
      // The merged verdict is said, as a run ends with it: a sharded CI log shows it.
      expect(first.stdout).toContain(`${m.passed} passed, ${m.failed} failed, ${m.skipped} skipped — ${m.verdictLine}`);
      expect(first.code).toBe(1);
    },
  );

  it('the coverage matrix lists every requirement of `requirements --json` with the tests of all shards', () => {
    const parts = shards.map((d) => json<CoverageRow[]>(join(d, 'coverage.json')));
    const m = json<CoverageRow[]>(join(out, 'coverage.json'));
    expect(ids.length).toBeGreaterThan(150);
    expect(m.map((r) => r.id)).toEqual(ids);
    for (const row of m) {
      const tests = (rows: CoverageRow[]) => rows.find((r) => r.id === row.id)?.tests.length ?? 0;
      expect(row.tests.length, row.id).toBe(parts.reduce((n, rows) => n + tests(rows), 0));
    }
    expect(m.find((r) => r.id === 'NCBCT.creditorName.max70')?.state).toBe('failed');
    const md = readFileSync(join(out, 'coverage.md'), 'utf8');
    for (const id of ids) expect(md, id).toContain(`| \`${id}\` |`);
    expect(md.split('\n').slice(0, 3)).toEqual([
      '# Requirement coverage of the embedded reference bank with fault accept-long-creditor-name',
      '',
      expect.stringMatching(
        new RegExp(
          /^NOT CONFORMANT on the selected tests only \(--operation ncbct\.create\): /.source +
            /\d+ MUST requirements? failed \([^)]*NCBCT\.creditorName\.max70[^)]*\); \d+ MUST rules /.source +
            /judged, .*\. Target: the embedded reference bank with fault/.source +
            / accept-long-creditor-name; profile embedded, seed 3\.$/.source,
        ),
      ),
    ]);
  });

  it('junit.xml is well-formed JUnit with one testcase per test of all shards', () => {
    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['testsuite', 'testcase'].includes(name),
    }).parse(xml) as {
      testsuites: {
        '@_tests': string;
        '@_failures': string;
        testsuite: { '@_name': string; testcase: { '@_name': string; failure?: unknown }[] }[];
      };
    };
    const m = json<ReportSummary>(join(out, 'summary.json'));
    const cases = doc.testsuites.testsuite.flatMap((s) => s.testcase ?? []);
    expect(cases.length).toBe(m.total);
    expect(Number(doc.testsuites['@_tests'])).toBe(m.total);
    expect(Number(doc.testsuites['@_failures'])).toBe(m.failed);
    expect(cases.filter((c) => c.failure !== undefined).length).toBe(m.failed);
    expect(new Set(doc.testsuites.testsuite.map((s) => s['@_name'])).size).toBe(doc.testsuites.testsuite.length);
    expect(xml).toContain(
      '<testsuites name="psd2-conformance: the embedded reference bank with fault accept-long-creditor-name"',
    );
    const named =
      '<property name="psd2-conformance.target" value="the embedded ' +
      'reference bank with fault accept-long-creditor-name"/>';
    expect(xml.split(named).length - 1).toBe(doc.testsuites.testsuite.length);
    expect(xml).not.toContain('psd2-conformance.target.url');
  });

  it('the Allure HTML report is written, one file in html/ and html-single/, with the coverage matrix inside', () => {
    expect(existsSync(join(out, 'html', 'index.html'))).toBe(true);
    // The shards were narrowed to one operation: the title says the verdict is on those tests only.
    expect(json<{ name: string }>(join(out, 'html', 'summary.json')).name).toBe(
      'NOT CONFORMANT on the selected tests only (--operation ncbct.create) · psd2-conformance: the embedded ' +
        'reference bank with fault accept-long-creditor-name',
    );
    const page = join(out, 'html', 'index.html');
    expect(pageData<Record<string, string>>(page, 'widgets/variables.json')).toMatchObject({
      Target: 'the embedded reference bank with fault accept-long-creditor-name',
      'Target kind': 'embedded',
    });
    const globals = pageData<{ attachments: { name: string; contentType: string }[] }>(page, 'widgets/globals.json');
    expect(globals.attachments).toEqual([
      expect.objectContaining({ name: 'coverage.md', contentType: 'text/markdown' }),
    ]);
    // Every test of all shards once, those that never ran (excluded by --operation) as skipped.
    const m = json<ReportSummary>(join(out, 'summary.json'));
    const shown = Object.values(
      json<{ byId: Record<string, { status: string }> }>(join(out, 'html', 'test-results.json')).byId,
    );
    expect(shown.length).toBe(m.total);
    expect(shown.filter((t) => t.status === 'skipped').length).toBe(m.skipped);
    expect(shown.filter((t) => t.status === 'failed').length).toBe(m.failed);
    // Self-contained, so that it opens from disk: no scripts or data beside it.
    for (const dir of ['html', 'html-single']) {
      // Nor Allure's list of the global attachments, which names them by paths of the machine that rendered it.
      expect(readdirSync(join(out, dir)).sort(), dir).toEqual(['index.html', 'summary.json', 'test-results.json']);
      const html = readFileSync(join(out, dir, 'index.html'), 'utf8');
      expect(html).not.toMatch(/src="(?!data:)[^"]+\.js"/);
      expect(html.length).toBeGreaterThan(1_000_000);
    }
    expect(readFileSync(join(out, 'html-single', 'index.html'), 'utf8')).toBe(readFileSync(page, 'utf8'));
  });

  it('neither report calls out to a third party (Allure adds Google Analytics; the report removes it)', () => {
    for (const dir of ['html', 'html-single']) {
      const html = readFileSync(join(out, dir, 'index.html'), 'utf8');
      expect(html).not.toContain('googletagmanager');
      expect(html).not.toContain('gtag(');
      expect(html).not.toMatch(/(src|href)="https?:\/\//);
    }
  });

  it(
    'history: a second report over the same folder appends one history entry',
    async () => {
      const before = readFileSync(join(out, 'history.jsonl'), 'utf8').trim().split('\n').length;
      const again = await cli(['report', ...shards, '--out', out]);
      expect(again.code).toBe(1);
      expect(readFileSync(join(out, 'history.jsonl'), 'utf8').trim().split('\n').length).toBe(before + 1);
      expect(before).toBe(1);
      // Over the earlier report's folders: Allure flattens its output only into an empty folder.
      expect(existsSync(join(out, 'html', 'index.html'))).toBe(true);
      expect(existsSync(join(out, 'html', 'awesome'))).toBe(false);
    },
    hangGuard(120_000),
  );

  it('the HTML opens with the verdict: NOT CONFORMANT in red, with the failed MUST requirements', () => {
    for (const dir of ['html', 'html-single']) {
      const html = readFileSync(join(out, dir, 'index.html'), 'utf8');
      const banner = html.indexOf('<div id="psd2-verdict" role="status" data-verdict="not conformant"');
      expect(banner, dir).toBeGreaterThan(0);
      expect(banner, dir).toBeLessThan(html.indexOf('<div id="app">'));
      expect(html).toContain(
        'style="background:#b42318;color:#ffffff"><div class="psd2-verdict-headline"><strong>NOT CONFORMANT on the ' +
          'selected tests only (--operation ncbct.create)</strong>',
      );
      expect(html).toMatch(
        new RegExp(
          /\d MUST requirements failed: [^\n]*<code title="creditorName has at most 70/.source +
            / characters\.">NCBCT\.creditorName\.max70<\/code>/.source,
        ),
      );
    }
  });

  it(
    'refuses an incomplete set of shards: missing, doubled, of ' + 'another n or another split (exit 2, one line)',
    async () => {
      const refused = async (dirs: string[], line: string) => {
        const r = await cli(['report', ...dirs, '--out', join(root, 'refused'), '--no-html']);
        expect(r.code).toBe(2);
        expect(r.stderr.trim().split('\n')).toEqual([`psd2-conformance report: ${line}`]);
        expect(existsSync(join(root, 'refused', 'summary.json'))).toBe(false);
      };
      const [s1, s2, s3, s4] = shards as [string, string, string, string];
      await refused([s1, s2, s3], 'shard 4/4 missing (given: 1/4, 2/4, 3/4): merge all 4 shards of the run, or none');
      await refused([s1, s2, s4], 'shard 3/4 missing (given: 1/4, 2/4, 4/4): merge all 4 shards of the run, or none');
      await refused([s1, s2, s3, s3], `shard 3/4 is given twice: ${s3} and ${s3}`);
      await refused([s1], 'shards 2/4, 3/4, 4/4 missing (given: 1/4): merge all 4 shards of the run, or none');
      await refused(
        [s1, s2, s3, s4, whole],
        `cannot merge ${whole} (a whole run) with shards (${s1} (shard 1/4)): give the shards of one run only`,
      );
      const edited = (from: string, to: string, change: (s: Record<string, Record<string, unknown>>) => void) => {
        mkdirSync(to, { recursive: true });
        for (const f of ['outcomes.json', 'summary.json']) copyFileSync(join(from, f), join(to, f));
        const s = json<Record<string, Record<string, unknown>>>(join(to, 'summary.json'));
        change(s);
        writeFileSync(join(to, 'summary.json'), JSON.stringify(s));
        return to;
      };
      const of3 = edited(s4, join(root, 'shard-of-3'), (s) => Object.assign(s.shard as object, { count: 3, index: 3 }));
      await refused([s1, s2, s3, of3], `the shards disagree on n: ${s1} (shard 1/4) and ${of3} (shard 3/3)`);
      const other = edited(s4, join(root, 'shard-other'), (s) =>
        Object.assign(s.shard as object, { split: 'another' }),
      );
      await refused(
        [s1, s2, s3, other],
        `${s1} (shard 1/4) and ${other} (shard 4/4) were split differently (other tests, or other ` +
          `durations): run every shard from the same commit, options and history.jsonl`,
      );
    },
    hangGuard(120_000),
  );

  it('a folder without results: one line, exit 2', async () => {
    const r = await cli(['report', join(root, 'nothing-here'), '--out', join(root, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `psd2-conformance report: ${join(root, 'nothing-here')} does not exist: ` +
        `give the folder \`psd2-conformance run --reports DIR\` wrote`,
    ]);
  });
});
