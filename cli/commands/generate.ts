import fc from 'fast-check';
import { BODY_KINDS, invalidCase, type BodyKind } from '../../generators/index.js';
import { hasRequirement } from '../../spec/index.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';

const KINDS = Object.keys(BODY_KINDS) as BodyKind[];
/** Keeps a typo (--count 1e9) from running for hours. */
const MAX_COUNT = 100_000;

const command: Command = {
  summary: `print generated bodies as JSON lines: generate <${KINDS.join('|')}> [--invalid [REQUIREMENT_ID]] [--count N] [--seed S]`,
  async run(argv) {
    const args = parseArgs(argv, { values: ['count', 'seed'], optionalValues: ['invalid'] });
    const kind = args.positionals[0] as BodyKind | undefined;
    if (!kind || !KINDS.includes(kind)) throw new UserError(`say which body: ${KINDS.join(', ')}`);
    const count = Number(flag(args, 'count') ?? '10');
    const seed = Number(flag(args, 'seed') ?? '20261122');
    if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
      throw new UserError(`--count must be an integer from 1 to ${MAX_COUNT}, got "${flag(args, 'count')}"`);
    if (!Number.isInteger(seed)) throw new UserError(`--seed must be an integer, got "${flag(args, 'seed')}"`);
    const lines: string[] = [];
    if (hasFlag(args, 'invalid')) {
      const id = flag(args, 'invalid') || undefined;
      if (id !== undefined && !hasRequirement(id))
        throw new UserError(`unknown requirement id ${id} (see psd2-conformance requirements)`);
      let arbitrary: ReturnType<typeof invalidCase>;
      try {
        arbitrary = invalidCase(kind, id);
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
      for (const body of fc.sample(BODY_KINDS[kind].valid(undefined as never), { numRuns: count, seed }))
        lines.push(JSON.stringify({ body }));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};

export default command;
