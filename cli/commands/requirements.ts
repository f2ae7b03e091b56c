import { REQUIREMENTS, type Requirement } from '../../spec/index.js';
import { Option, examples, exits, newCommand, oneOf } from '../command.js';

const LEVELS = ['MUST', 'SHOULD'] as const;

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

export default () =>
  newCommand('requirements', 'print the requirement catalogue: every rule of interface.md with its id and level')
    .addOption(
      new Option(
        '--json',
        'print JSON: [{id, level, section, statement, operations, kind, expected?, notTestable?}]',
      ).default(false),
    )
    .addOption(
      new Option('--level <level>', 'only the requirements of this level')
        .choices(LEVELS)
        .argParser(oneOf(LEVELS))
        .default(undefined, 'both'),
    )
    .addOption(
      new Option('--operation <id>', 'only the requirements of this operation (e.g. ncbct.create)').default(
        undefined,
        'every operation',
      ),
    )
    .addHelpText(
      'after',
      examples([
        'psd2-conformance requirements --level MUST',
        'psd2-conformance requirements --operation ncbct.create --json',
      ]),
    )
    .action(
      exits(async (options) => {
        const rows = REQUIREMENTS.filter(
          (r) =>
            (!options.level || r.level === options.level) &&
            (!options.operation || r.operations.includes(options.operation as Requirement['operations'][number])),
        );
        if (options.json) {
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
      }),
    );
