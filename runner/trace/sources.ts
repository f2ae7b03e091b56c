import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's own TypeScript sources read as text, for `requirements --trace`: where an id or a label is
 * written (the checks that judge an id come from the registry of checks, not from here). Ids are written literally (the
 * catalogue, breakers, faults and checks write them out), so a quoted id is found exactly; generated files only repeat
 * the tables and are left out.
 */

export interface SourceHit {
  /** From the repository root. */
  file: string;
  line: number;
  /** The line, trimmed. */
  text: string;
}

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const cache = new Map<string, string>();

/** Every .ts file under a folder of the repository (recursively), generated ones aside, in a stable order. */
export function sourceFiles(folder: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return walk(path);
        return entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts') ? [path] : [];
      });
  return walk(folder);
}

export function sourceText(file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    text = readFileSync(join(ROOT, file), 'utf8');
    cache.set(file, text);
  }
  return text;
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

function hit(file: string, offset: number): SourceHit {
  const text = sourceText(file);
  const line = lineAt(text, offset);
  return { file, line, text: (text.split('\n')[line - 1] ?? '').trim() };
}

/** Where `value` is written as a string literal ('…', "…" or `…` without substitutions) in the files. */
export function literalHits(value: string, files: readonly string[]): SourceHit[] {
  const hits: SourceHit[] = [];
  for (const file of files) {
    const text = sourceText(file);
    for (const quote of ["'", '"', '`']) {
      const needle = `${quote}${value}${quote}`;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) hits.push(hit(file, at));
    }
  }
  return hits.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** Where `export const NAME` (or `export function NAME`) is written among the files. */
export function definitionOf(name: string, files: readonly string[]): SourceHit | undefined {
  const pattern = new RegExp(`export (?:const|function) ${name}\\b`);
  for (const file of files) {
    const match = pattern.exec(sourceText(file));
    if (match) return hit(file, match.index);
  }
  return undefined;
}

/**
 * The call a literal id sits in, when it is an argument of one of `callees`: the nearest such call opened before
 * it within its statement (a call Prettier wraps over lines included).
 */
export function enclosingCall(at: SourceHit, id: string, callees: readonly string[]): string | undefined {
  const lines = sourceText(at.file).split('\n');
  const own = lines[at.line - 1] ?? '';
  const before = [...lines.slice(Math.max(0, at.line - 6), at.line - 1), own.slice(0, own.indexOf(id))].join('\n');
  const statement = before.slice(Math.max(before.lastIndexOf(';'), before.lastIndexOf('{\n')) + 1);
  let found: { callee: string; at: number } | undefined;
  for (const callee of callees) {
    const index = statement.lastIndexOf(`${callee}(`);
    if (index >= 0 && (!found || index > found.at)) found = { callee, at: index };
  }
  return found?.callee;
}

export const relativeToRoot = (path: string): string => relative(ROOT, path);
