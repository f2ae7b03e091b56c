import type { BodyKind } from '../../generators/index.js';
import {
  InvalidArgumentError,
  Option,
  examples,
  exits,
  integer,
  newCommand,
  requiredArgument,
  seed,
} from '../command.js';
import { UserError } from '../../core/index.js';

/** Keeps a typo (--count 1e9) from running for hours. */
const MAX_COUNT = 100_000;
const DEFAULT_SEED = 20261122;
/** Every body kind of the generators, written out so that `--help` does not load them (the type keeps it whole). */
const KINDS: Record<BodyKind, true> = { ncbct: true, sct: true, bulk: true, engagement: true, 'card-account': true };
const BODY_KIND_NAMES = Object.keys(KINDS) as BodyKind[];

function kind(raw: string): BodyKind {
  if (!(BODY_KIND_NAMES as readonly string[]).includes(raw))
    throw new InvalidArgumentError(`say which body: ${BODY_KIND_NAMES.join(', ')}`);
  return raw as BodyKind;
}

export default () =>
  newCommand(
    'generate',
    'print generated request bodies as JSON lines, valid or breaking one rule',
    'Print generated request bodies as JSON lines ({"body": …}); with --invalid, bodies that break one rule, each ' +
      'labelled with the requirement it breaks and the answer a conformant bank gives.',
  )
    .addArgument(
      requiredArgument('kind', 'which body', `say which body: ${BODY_KIND_NAMES.join(', ')}`)
        .choices(BODY_KIND_NAMES)
        .argParser(kind),
    )
    .addOption(
      new Option(
        '--invalid [requirement]',
        'bodies that break one rule: this requirement id, or any rule of the body',
      ).default(undefined, 'valid bodies'),
    )
    .addOption(new Option('--count <n>', 'how many bodies').argParser(integer({ min: 1, max: MAX_COUNT })).default(10))
    .addOption(
      new Option('--seed <n>', 'fast-check seed: the same seed prints the same bodies')
        .argParser(seed)
        .default(DEFAULT_SEED),
    )
    .addHelpText(
      'after',
      examples([
        'psd2-conformance generate ncbct --count 3',
        'psd2-conformance generate bulk --invalid --count 20 --seed 7',
        'psd2-conformance generate ncbct --invalid NCBCT.creditorName.max70',
      ]),
    )
    .action(
      exits(async (bodyKind, options) => {
        // fast-check and the generators load only now: `--help` does not pay for them.
        const [{ default: fc }, { BODY_KINDS, invalidCase }, { hasRequirement }] = await Promise.all([
          import('fast-check'),
          import('../../generators/index.js'),
          import('../../spec/index.js'),
        ]);
        const { count, seed } = options;
        const lines: string[] = [];
        if (options.invalid !== undefined) {
          const id = options.invalid === true ? undefined : options.invalid;
          if (id !== undefined && !hasRequirement(id))
            throw new UserError(`unknown requirement id ${id} (see psd2-conformance requirements)`);
          let arbitrary: ReturnType<typeof invalidCase>;
          try {
            arbitrary = invalidCase(bodyKind, id);
          } catch (err) {
            throw new UserError((err as Error).message);
          }
          for (const c of fc.sample(arbitrary, { numRuns: count, seed })) {
            lines.push(
              JSON.stringify({
                body: c.body,
                label: {
                  requirementId: c.requirementId,
                  level: c.level,
                  pointer: c.pointer,
                  case: c.label,
                  expected: c.expected,
                },
              }),
            );
          }
        } else {
          for (const body of fc.sample(BODY_KINDS[bodyKind].valid(undefined as never), { numRuns: count, seed }))
            lines.push(JSON.stringify({ body }));
        }
        process.stdout.write(`${lines.join('\n')}\n`);
        return 0;
      }),
    );
