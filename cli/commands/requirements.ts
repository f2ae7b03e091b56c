import { loadConfig } from '../../config/index.js';
import { REQUIREMENTS, hasRequirement, type Requirement } from '../../spec/index.js';
import { closestIds } from '../../spec/requirements/closest.js';
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

/** --trace ID: the rule's words and every piece that breaks, tests, judges or enforces it (runner/trace.ts). */
async function trace(id: string, json: boolean, envFile: string | undefined): Promise<number> {
  if (!hasRequirement(id)) throw new UserError(`unknown requirement id ${id} (closest: ${closestIds(id).join(', ')})`);
  const { renderTrace, traceRequirement } = await import('../../runner/trace.js');
  const config = loadConfig(envFile ? { envFile } : {});
  const found = await traceRequirement(id, { config });
  process.stdout.write(`${json ? JSON.stringify(found, null, 2) : renderTrace(found)}\n`);
  return 0;
}

const command: Command = {
  summary:
    'print the requirement catalogue (--json for {id, level, section, statement, operations}); --trace ID: its statement, section, generators, tests, checks, faults, variants and bank code, each with its file',
  async run(argv) {
    const args = parseArgs(argv, { booleans: ['json'], values: ['level', 'operation', 'trace', 'env-file'] });
    const traced = flag(args, 'trace');
    if (traced !== undefined) return trace(traced, hasFlag(args, 'json'), flag(args, 'env-file'));
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
