import { columns, tableWidth } from '../columns.js';
import { OPERATION_IDS } from '../selection-check.js';
import {
  PSD2_ARTICLES,
  PSD2_TEXTS,
  REQUIREMENTS,
  hasRequirement,
  type Psd2Article,
  type Psd2Source,
  type Requirement,
} from '../../spec/index.js';
import { Option, configFileOption, oldEnvFileOption, examples, exits, choiceOption, newCommand } from '../command.js';
import { UserError, didYouMean } from '../../core/index.js';

const LEVELS = ['MUST', 'SHOULD'] as const;

/** --trace ID: the rule's words and every piece that breaks, tests, judges or enforces it (runner/trace.ts). */
async function trace(id: string, json: boolean, envFile: string | undefined): Promise<number> {
  if (!hasRequirement(id))
    throw new UserError(
      `unknown requirement id ${id}${didYouMean(
        id,
        REQUIREMENTS.map((r) => r.id),
      )}; the ids: \`psd2-conformance requirements\``,
    );
  // The trace reads where ids are written in the TypeScript sources, which the installed package does not ship.
  if ((await import('../../runner/paths.js')).COMPILED)
    throw new UserError(
      '--trace reads the TypeScript sources, which the installed package does not ship: ' +
        'run it in a clone of the repository (npm ci, then npx psd2-conformance ' +
        'requirements --trace ID)',
    );
  const [{ loadConfig }, { renderTrace, traceRequirement }] = await Promise.all([
    import('../../config/index.js'),
    import('../../runner/trace/trace.js'),
  ]);
  const config = loadConfig(envFile ? { envFile } : {});
  const found = await traceRequirement(id, { config });
  process.stdout.write(`${json ? JSON.stringify(found, null, 2) : renderTrace(found)}\n`);
  return 0;
}

/** A PSD2 source as --json prints it: each article cited in full, with what it requires, and why the rule follows. */
const sourceOf = (source: Psd2Source) => ({
  text: source.text,
  articles: source.articles.map((id) => {
    const a: Psd2Article = PSD2_ARTICLES[id];
    return { article: `${PSD2_TEXTS[a.text]} Art. ${a.article}`, requires: a.requires };
  }),
  why: source.why,
});

/**
 * The catalogue as a table: id, level, section and statement, whole; in a terminal (`width`), id, level and the
 * statement cut at the width, the section left to --wide and --json.
 */
export function requirementsTable(rows: readonly Requirement[], width?: number): string {
  const statement = (r: Requirement) => r.statement + (r.notTestable ? ` [not testable: ${r.notTestable}]` : '');
  const table =
    width === undefined
      ? [['id', 'level', 'section', 'statement'], ...rows.map((r) => [r.id, r.level, r.section, statement(r)])]
      : [['id', 'level', 'statement'], ...rows.map((r) => [r.id, r.level, statement(r)])];
  const must = rows.filter((r) => r.level === 'MUST').length;
  const cut = width === undefined ? '' : '; whole statements and sections: --wide or --json';
  return [
    columns(table, width),
    '',
    `${rows.length} requirements (${must} MUST, ${rows.length - must} SHOULD)${cut}`,
  ].join('\n');
}

export default () =>
  newCommand(
    'requirements',
    'print the requirement catalogue: every rule of interface.md with its id and level',
    'Print the requirement catalogue: every rule of interface.md with its id, level, ' +
      'section and statement, and the security rules PSD2 itself states, with their articles as the section. ' +
      "With --trace ID, one rule's words and everything that " +
      'touches it, each with its file and line: the generators that break it, the tests ' +
      'that cite it (collected, not run), the checks that judge it, the faults and ' +
      "variants of the reference bank that touch it, and the bank's code that enforces " +
      'it.',
  )
    .addOption(
      new Option(
        '--json',
        'print JSON: [{id, level, section, statement, operations, kind, expected?, notTestable?, category?, ' +
          'source?}] (source: the PSD2 articles of a security rule and why), or the trace',
      ).default(false),
    )
    .addOption(
      new Option(
        '--trace <id>',
        "one requirement's statement and section, with its generators, tests, checks, faults, variants and bank code",
      )
        .conflicts(['level', 'operation'])
        .default(undefined, 'the whole catalogue'),
    )
    .addOption(
      new Option('--wide', 'whole statements and sections, however wide (a terminal gets 120 columns)').default(false),
    )
    .addOption(choiceOption('--level <level>', 'only the requirements of this level', LEVELS, 'both'))
    .addOption(
      new Option('--operation <id>', 'only the requirements of this operation (e.g. ncbct.create)').default(
        undefined,
        'every operation',
      ),
    )
    .addOption(configFileOption())
    .addOption(oldEnvFileOption())
    .addHelpText(
      'after',
      examples([
        'psd2-conformance requirements --level MUST',
        'psd2-conformance requirements --operation ncbct.create --json',
        'psd2-conformance requirements --trace NCBCT.creditorName.max70',
      ]),
    )
    .action(
      exits(async (options) => {
        if (options.trace !== undefined) return trace(options.trace, options.json, options.configFile);
        if (options.operation !== undefined && !OPERATION_IDS.includes(options.operation))
          throw new UserError(
            `unknown --operation ${options.operation}${didYouMean(options.operation, OPERATION_IDS)}; ` +
              'the ids: `psd2-conformance list --operations`',
          );
        const rows = REQUIREMENTS.filter(
          (r) =>
            (!options.level || r.level === options.level) &&
            (!options.operation || r.operations.includes(options.operation as Requirement['operations'][number])),
        );
        if (options.json) {
          const out = rows.map((r) => ({
            id: r.id,
            level: r.level,
            section: r.section,
            statement: r.statement,
            operations: r.operations,
            kind: r.kind,
            ...(r.expected ? { expected: r.expected } : {}),
            ...(r.notTestable ? { notTestable: r.notTestable } : {}),
            ...(r.category ? { category: r.category } : {}),
            ...(r.source ? { source: sourceOf(r.source) } : {}),
          }));
          process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
        } else {
          process.stdout.write(`${requirementsTable(rows, tableWidth(options.wide))}\n`);
        }
        return 0;
      }),
    );
