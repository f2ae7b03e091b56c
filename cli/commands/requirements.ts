import { REQUIREMENTS, type Requirement } from '../../spec/index.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import type { Command } from '../main.js';
import { UserError } from '../errors.js';

function select(all: readonly Requirement[], level?: string, operation?: string): Requirement[] {
  if (level && level !== 'MUST' && level !== 'SHOULD')
    throw new UserError(`--level must be MUST or SHOULD, not "${level}"`);
  return all.filter(
    (r) =>
      (!level || r.level === level) &&
      (!operation || r.operations.includes(operation as Requirement['operations'][number])),
  );
}

function table(rows: Requirement[]): string {
  const header = ['id', 'level', 'section', 'statement'];
  const cells = rows.map((r) => [
    r.id,
    r.level,
    r.section,
    r.statement + (r.notTestable ? ` [not testable: ${r.notTestable}]` : ''),
  ]);
  const widths = header.slice(0, 3).map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) => c.map((v, i) => (i < 3 ? v.padEnd(widths[i] as number) : v)).join('  ');
  const must = rows.filter((r) => r.level === 'MUST').length;
  return [
    line(header),
    ...cells.map(line),
    '',
    `${rows.length} requirements (${must} MUST, ${rows.length - must} SHOULD)`,
  ].join('\n');
}

const command: Command = {
  summary: 'print the requirement catalogue (--json for {id, level, section, statement, operations})',
  async run(argv) {
    const args = parseArgs(argv, { booleans: ['json'], values: ['level', 'operation'] });
    const rows = select(REQUIREMENTS, flag(args, 'level'), flag(args, 'operation'));
    if (hasFlag(args, 'json')) {
      const out = rows.map(({ id, level, section, statement, operations, kind, expected, notTestable }) => ({
        id,
        level,
        section,
        statement,
        operations,
        kind,
        ...(expected ? { expected } : {}),
        ...(notTestable ? { notTestable } : {}),
      }));
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else {
      process.stdout.write(`${table(rows)}\n`);
    }
    return 0;
  },
};

export default command;
