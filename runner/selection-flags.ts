import { UserError } from '../cli/errors.js';
import { OPERATIONS, REQUIREMENTS, type Level } from '../spec/index.js';
import type { Selection } from './selection.js';

/** The selection flags of `run` and `list`, as given on the command line. */
export interface SelectionFlags {
  operations: string[];
  excludeOperations: string[];
  requirements: string[];
  level?: string;
  grep?: string;
}

/**
 * Checks the selection flags once for every command that selects tests: names that select nothing are typos,
 * said in one line (exit 2) instead of reporting an empty run as conformant.
 */
export function selectionFrom(flags: SelectionFlags): { selection: Selection; grep?: string } {
  if (flags.level !== undefined && flags.level !== 'MUST' && flags.level !== 'SHOULD')
    throw new UserError(`--level must be MUST or SHOULD, got "${flags.level}"`);
  const unknown = (what: string, given: string[], known: string[]) => {
    const bad = given.filter((g) => !known.includes(g));
    if (bad.length) throw new UserError(`unknown ${what}: ${bad.join(', ')} (see \`psd2-conformance requirements\`)`);
  };
  const operations = [...OPERATIONS.map((o) => o.id as string), 'cross-cutting'];
  unknown('--operation', flags.operations, operations);
  unknown('--exclude-operation', flags.excludeOperations, operations);
  unknown(
    '--requirement',
    flags.requirements,
    REQUIREMENTS.map((r) => r.id),
  );
  if (flags.grep !== undefined) {
    try {
      new RegExp(flags.grep);
    } catch (err) {
      throw new UserError(`--grep is not a regular expression: ${(err as Error).message}`);
    }
  }
  return {
    selection: {
      operations: flags.operations,
      excludeOperations: flags.excludeOperations,
      requirements: flags.requirements,
      ...(flags.level ? { level: flags.level as Level } : {}),
    },
    ...(flags.grep ? { grep: flags.grep } : {}),
  };
}
