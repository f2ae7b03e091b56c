/**
 * A small static reader of the project's imports: every `import … from '…'`, `export … from '…'` and `import('…')`
 * with a relative specifier, resolved to a repository path. Enough for layering rules; type-only imports count too,
 * since a library that names a CLI type still cannot be installed without the CLI.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { FOLDERS, type Folder } from './folders.js';

export interface ImportEdge {
  /** Importing file, from the repository root (`signing/sign.ts`). */
  from: string;
  /** Imported file, from the repository root, `.js` read as `.ts`. */
  to: string;
  line: number;
  /** The specifier as written. */
  specifier: string;
}

const SKIP = new Set(['node_modules', 'reports', '.git', 'dist', 'fixtures', '.keys']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

export function sourceFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(root, path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative imports of one file's text. */
export function importsOf(file: string, text: string): ImportEdge[] {
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = match[1] as string;
    const to = normalize(join(dirname(file), specifier)).replace(/\.js$/, '.ts');
    const line = text.slice(0, match.index).split('\n').length;
    return { from: file, to, line, specifier };
  });
}

export function importGraph(root: string): ImportEdge[] {
  return sourceFiles(root).flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));
}

/** The first cycle found among `edges` as a list of files (the first repeated at the end), or undefined. */
export function findCycle(edges: readonly ImportEdge[]): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const to of next.get(file) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of next.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

const topFolder = (path: string) => path.split('/')[0] as string;

/** Imports that break the folder table (scripts/folders.ts), as `file:line imports specifier (why)`. */
export function layeringViolations(edges: readonly ImportEdge[], folders: Record<string, Folder> = FOLDERS): string[] {
  return edges.flatMap((edge) => {
    const [from, to] = [topFolder(edge.from), topFolder(edge.to)];
    const rule = folders[from];
    if (from === to || !rule || !(to in folders) || rule.imports === '*' || rule.imports.includes(to)) return [];
    const why =
      rule.layer === 'library' && folders[to]?.layer !== 'library'
        ? `${to}/ is not library`
        : `${from}/ may import ${rule.imports.map((f) => `${f}/`).join(', ') || 'nothing outside itself'}`;
    return [`${edge.from}:${edge.line} imports ${edge.specifier} (${why})`];
  });
}

/** The folders each folder imports (its own aside), with one import that shows it. */
export function folderGraph(edges: readonly ImportEdge[]): ImportEdge[] {
  const seen = new Map<string, ImportEdge>();
  for (const edge of edges) {
    const [from, to] = [topFolder(edge.from), topFolder(edge.to)];
    if (from !== to && !seen.has(`${from}>${to}`)) seen.set(`${from}>${to}`, { ...edge, from, to });
  }
  return [...seen.values()];
}
