import { UserError } from './errors.js';

export interface ParsedArgs {
  positionals: string[];
  /** Each flag's values in order; a flag without a value has ''. */
  flags: Map<string, string[]>;
}

/**
 * A small flag parser: `--name value`, `--name=value`, and boolean flags listed in `booleans`.
 * Unknown flags are an error, so a typo never silently changes a run.
 */
export function parseArgs(
  argv: string[],
  spec: { values?: string[]; booleans?: string[]; optionalValues?: string[] },
): ParsedArgs {
  const values = new Set(spec.values ?? []);
  const booleans = new Set(spec.booleans ?? []);
  const optional = new Set(spec.optionalValues ?? []);
  const flags = new Map<string, string[]>();
  const positionals: string[] = [];
  const add = (name: string, value: string) => flags.set(name, [...(flags.get(name) ?? []), value]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (booleans.has(name)) {
      if (eq > 0) throw new UserError(`--${name} takes no value`);
      add(name, '');
    } else if (values.has(name) || optional.has(name)) {
      if (eq > 0) add(name, arg.slice(eq + 1));
      else if (argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith('--')) add(name, argv[++i] as string);
      else if (optional.has(name)) add(name, '');
      else throw new UserError(`--${name} needs a value`);
    } else {
      throw new UserError(`unknown option --${name}`);
    }
  }
  return { positionals, flags };
}

export function flag(args: ParsedArgs, name: string): string | undefined {
  return args.flags.get(name)?.at(-1);
}

export function hasFlag(args: ParsedArgs, name: string): boolean {
  return args.flags.has(name);
}
