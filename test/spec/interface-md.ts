import { readFileSync } from 'node:fs';

/** Reads facts out of the verbatim interface.md so that tests compare spec/ with the source, not with itself. */
export const INTERFACE_MD = readFileSync(new URL('../../spec/source/interface.md', import.meta.url), 'utf8');

/** Codes of the fenced block that follows `marker` ("A: AED AFN …" lines). */
export function codesAfter(marker: string): string[] {
  const start = INTERFACE_MD.indexOf(marker);
  if (start < 0) throw new Error(`marker not found: ${marker}`);
  const open = INTERFACE_MD.indexOf('```', start);
  const close = INTERFACE_MD.indexOf('```', open + 3);
  return INTERFACE_MD.slice(open + 3, close)
    .trim()
    .split('\n')
    .flatMap((line) => (line.split(':')[1] ?? '').trim().split(/\s+/));
}

/** Rows (cells) of the first table after `marker`. */
export function tableAfter(marker: string): string[][] {
  const start = INTERFACE_MD.indexOf(marker);
  if (start < 0) throw new Error(`marker not found: ${marker}`);
  const lines = INTERFACE_MD.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** The comma-separated values that follow `label` up to the end of the sentence or line. */
export function listAfter(label: string, stop = /[.\n]/): string[] {
  const start = INTERFACE_MD.indexOf(label);
  if (start < 0) throw new Error(`label not found: ${label}`);
  const rest = INTERFACE_MD.slice(start + label.length);
  const end = rest.search(stop);
  return rest
    .slice(0, end)
    .replace(/\(.*?\)/g, '')
    .split(/,|\bor\b/)
    .map((s) => s.trim())
    .filter(Boolean);
}
