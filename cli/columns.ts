/** The widest a line of a table is in a terminal: 120 columns, or the terminal's width when it is narrower. */
export const MAX_WIDTH = 120;

/**
 * How wide the table may be: the terminal's width up to 120 columns when a person reads it, or no limit when the
 * output goes to a file or a pipe (grep, a script), which gets every word; `wide` asks for every word anywhere.
 */
export function tableWidth(wide: boolean, out: { isTTY?: boolean; columns?: number } = process.stdout) {
  return wide || !out.isTTY ? undefined : Math.min(out.columns || MAX_WIDTH, MAX_WIDTH);
}

/**
 * Rows as aligned columns, two spaces apart, the last column as it is; with a width, each line is cut there and
 * ends in … so that a terminal does not wrap it (`--wide` or `--json` give the whole text).
 */
export function columns(rows: readonly (readonly string[])[], width?: number): string {
  const count = Math.max(0, ...rows.map((r) => r.length));
  const widths = Array.from({ length: count - 1 }, (_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  return rows
    .map((row) => {
      const line = row
        .map((cell, i) => (i < count - 1 ? cell.padEnd(widths[i] as number) : cell))
        .join('  ')
        .trimEnd();
      return width !== undefined && line.length > width ? `${line.slice(0, width - 1)}…` : line;
    })
    .join('\n');
}
