import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReporters } from '../../reporters/registry.js';
import { REQUIREMENTS } from '../../spec/index.js';
import { ROOT } from '../support/cli.js';

/**
 * The README is a front door: short, the two commands at the top, and every page it and docs/ link to is there. A
 * link is checked down to its anchor, computed as GitHub computes a heading's.
 */

const DOCS = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
const PAGES = ['README.md', ...DOCS.map((f) => `docs/${f}`)];
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** The text outside fenced code blocks, where a link or heading is one. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters, digits, `-`, `_` kept), spaces as `-`. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Every anchor of a page: its headings' slugs, a repeated one numbered -1, -2 … as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The relative links of a page (`[text](target)`, images too), outside code; URLs with a scheme are not ours. */
const relativeLinks = (markdown: string): string[] =>
  [...prose(markdown).replace(/`[^`\n]*`/g, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));

describe('README.md as a front door', () => {
  const lines = read('README.md').split('\n');

  it('is at most 250 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  const COMMANDS = ['npm ci && npm run conformance', 'npm ci && npm test'];
  it.each(COMMANDS)('shows `%s` within its first 30 lines', (command) => {
    expect(lines.slice(0, 30).some((line) => line.startsWith(command))).toBe(true);
  });
});

/** Why a link of `page` leads nowhere, or undefined when its file (and anchor) exists. */
function broken(page: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURI(path));
  if (!existsSync(file)) return `${target}: ${relative(ROOT, file)} does not exist`;
  if (anchor === undefined || !file.endsWith('.md') || !statSync(file).isFile()) return undefined;
  return anchors(readFileSync(file, 'utf8')).has(anchor) ? undefined : `${target}: no heading #${anchor}`;
}

describe('every relative link of README.md and docs/*.md', () => {
  it.each(PAGES)('%s: points at a file (and anchor) that exists', (page) => {
    const links = relativeLinks(read(page));
    expect(links.flatMap((target) => broken(page, target) ?? [])).toEqual([]);
  });

  it('finds the links it checks (a reader that found none would pass every page)', () => {
    expect(relativeLinks(read('README.md'))).toEqual(
      expect.arrayContaining(['docs/commands.md#run', 'docs/tpp.md#replay-a-failed-test', '.env.example']),
    );
    expect(broken('README.md', 'docs/tpp.md#nowhere')).toBe('docs/tpp.md#nowhere: no heading #nowhere');
    expect(broken('docs/tpp.md', 'missing.md')).toBe('missing.md: docs/missing.md does not exist');
  });
});

describe('docs pages that list what a registry or the catalogue holds', () => {
  it('docs/reports.md names every reporter `run --report` can pick', async () => {
    const reports = read('docs/reports.md');
    for (const name of (await loadReporters()).selectable()) expect(reports, name).toContain(`| \`${name}\` |`);
  });

  it('docs/detection.md names every rule the catalogue marks not observable', () => {
    const detection = read('docs/detection.md');
    for (const { id } of REQUIREMENTS.filter((r) => r.notTestable)) expect(detection, id).toContain(`\`${id}\``);
  });

  it("docs/development.md's dependency table: a row for every direct dependency, none for one gone", () => {
    const manifest = JSON.parse(read('package.json')) as Record<string, Record<string, string>>;
    const declared = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
    const table = read('docs/development.md').split('\n## Dependencies\n')[1] ?? '';
    const named = table
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| package |'))
      .flatMap((line) => (line.split('|')[1] ?? '').replace(/\(dev[^)]*\)/, '').split(','))
      .map((name) => name.trim());
    expect([...named].sort()).toEqual([...declared].sort());
  });
});
