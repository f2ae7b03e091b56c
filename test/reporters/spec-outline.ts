import { readFileSync } from 'node:fs';
import { PSD2_ARTICLES, PSD2_TEXTS, type Psd2Article } from '../../spec/index.js';

/**
 * The outline of a Markdown specification as a reader navigates it: headings, the bold labels that open a
 * paragraph or table (`**Amount**`, `**Group S (signing):**`), and the numbered rules of a section
 * ("1. Every request is signed …"). A catalogue section such as `Endpoints › Header groups › Group S` or
 * `Errors rule 2` names a path through it.
 */
export interface OutlineNode {
  title: string;
  children: OutlineNode[];
  /** Numbers of the rules listed at the start of a line in this heading's text (1., 2., …). */
  rules: Set<number>;
}

const node = (title: string): OutlineNode => ({ title, children: [], rules: new Set() });

export function outline(markdown: string): OutlineNode {
  const root = node('');
  // stack[k] is the open heading of level k + 1; bold labels hang under the innermost heading.
  const stack: OutlineNode[] = [root];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = (heading[1] as string).length;
      const created = node((heading[2] as string).trim());
      // The document's own title (#) is the root: sections start at ##.
      if (level === 1) continue;
      stack.length = Math.min(stack.length, level - 1);
      (stack.at(-1) as OutlineNode).children.push(created);
      stack.push(created);
      continue;
    }
    const label = /^\*\*(.+?)\*\*/.exec(line);
    if (label) {
      (stack.at(-1) as OutlineNode).children.push(node((label[1] as string).replace(/:$/, '').trim()));
      continue;
    }
    const numbered = /^(\d+)\.\s/.exec(line);
    if (numbered) (stack.at(-1) as OutlineNode).rules.add(Number(numbered[1]));
  }
  return root;
}

/** "Resources" names "Resources and their fields", "Group S" names "Group S (signing)": a whole-word prefix. */
function names(component: string, title: string): boolean {
  const [c, t] = [component.toLowerCase(), title.toLowerCase()];
  return t === c || (t.startsWith(c) && !/[\p{L}\p{N}]/u.test(t.charAt(c.length)));
}

function descendants(n: OutlineNode): OutlineNode[] {
  return n.children.flatMap((c) => [c, ...descendants(c)]);
}

const NUMBERS = /^(?:rules?\s+)?(\d+(?:(?:\s*,\s*|\s+and\s+)\d+)*)$/;

/** Rule numbers of a component ("3, 4, 5", "rule 2", "rules 1 and 4"), or undefined when it is a title. */
function numbersOf(component: string): number[] | undefined {
  const m = NUMBERS.exec(component.trim());
  return m ? (m[1] as string).split(/\s*,\s*|\s+and\s+/).map(Number) : undefined;
}

/**
 * Why one path (`Errors rule 2`, `Endpoints › 3, 4, 5`, `Resources › Shared types › Amount`) names nothing in
 * the outline, or undefined when every step exists. The first step is a section (##); each later step a heading
 * or bold label anywhere below the previous one, or rule numbers: numbered headings (`### 3. Create …`) or
 * numbered rules of that section.
 */
export function unresolved(path: string, root: OutlineNode): string | undefined {
  const [first, ...rest] = path.split(' › ').map((s) => s.trim());
  // "Errors rule 2", "Authentication 4", "Versioning 5": a section followed by rule numbers.
  const split = /^(.*?)\s+((?:rules?\s+)?\d+(?:(?:\s*,\s*|\s+and\s+)\d+)*)$/.exec(first as string);
  const steps = split ? [split[1] as string, split[2] as string, ...rest] : [first as string, ...rest];
  const top = root.children.find((c) => names(steps[0] as string, c.title));
  if (!top) return `no section "${steps[0]}" (sections: ${root.children.map((c) => c.title).join(' | ')})`;
  let current: OutlineNode[] = [top];
  for (const step of steps.slice(1)) {
    const numbers = numbersOf(step);
    if (numbers) {
      const next: OutlineNode[] = [];
      for (const n of numbers) {
        const headed = current.flatMap((c) => c.children).find((c) => c.title.startsWith(`${n}. `));
        if (headed) next.push(headed);
        else if (!current.some((c) => c.rules.has(n))) return `"${current[0]?.title}" has no rule or heading ${n}`;
      }
      current = next;
      continue;
    }
    const found = current.flatMap(descendants).filter((d) => names(step, d.title));
    if (found.length === 0) return `no "${step}" under "${current.map((c) => c.title).join(', ') || '(a rule)'}"`;
    current = found;
  }
  return undefined;
}

/**
 * Why a section citing PSD2 (`PSD2 › Directive (EU) 2015/2366 Art. 66(3)(d), 66(4)(a); …`) names an article the
 * catalogue does not know (spec/requirements/psd2.ts), one problem per unknown text or article.
 */
function unknownArticles(citation: string): string[] {
  const problems: string[] = [];
  for (const part of citation.split('; ')) {
    const text = Object.entries(PSD2_TEXTS).find(([, name]) => part.startsWith(`${name} Art. `));
    if (!text) {
      problems.push(`${part}: names neither ${Object.values(PSD2_TEXTS).join(' nor ')}`);
      continue;
    }
    const known = Object.values(PSD2_ARTICLES as Record<string, Psd2Article>)
      .filter((a) => a.text === text[0])
      .map((a) => a.article);
    for (const article of part.slice(`${text[1]} Art. `.length).split(', '))
      if (!known.includes(article)) problems.push(`${text[1]} Art. ${article}: not an article the catalogue cites`);
  }
  return problems;
}

/**
 * Every path of a catalogue section that names nothing, with the reason. A section is paths separated by ";",
 * each in interface.md or, after `platform-notes.md ›`, in platform-notes.md; words in parentheses are notes. A section
 * after `PSD2 ›` cites the Directive's and the RTS's articles instead.
 */
export function unresolvedPaths(
  section: string,
  documents: { interface: OutlineNode; platformNotes: OutlineNode },
): string[] {
  if (section.startsWith('PSD2 › ')) return unknownArticles(section.slice('PSD2 › '.length));
  let text = section;
  for (let before = ''; before !== text;) [before, text] = [text, text.replace(/\s*\([^()]*\)/g, '')];
  const problems: string[] = [];
  for (const raw of text.split(';').map((p) => p.trim())) {
    const notes = /^platform-notes\.md(?:\s+›\s+(.*))?$/.exec(raw);
    if (notes && !notes[1]) problems.push('"platform-notes.md" alone names no section of it');
    const problem = notes
      ? notes[1] && unresolved(notes[1], documents.platformNotes)
      : unresolved(raw, documents.interface);
    if (problem) problems.push(`${raw}: ${problem}`);
  }
  return problems;
}

const source = (name: string) => readFileSync(new URL(`../../spec/source/${name}`, import.meta.url), 'utf8');

export const SPEC_OUTLINES = {
  interface: outline(source('interface.md')),
  platformNotes: outline(source('platform-notes.md')),
};
