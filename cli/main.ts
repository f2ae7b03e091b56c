import { UserError } from './errors.js';

/** A CLI command: a thin layer over a module; returns the process exit code. */
export interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
}

// Commands load lazily so that `requirements` does not pay for the HTTP client or the bank.
const commands: Record<string, () => Promise<Command>> = {
  requirements: async () => (await import('./commands/requirements.js')).default,
  sign: async () => (await import('./commands/sign.js')).default,
  run: async () => (await import('./commands/run.js')).default,
  list: async () => (await import('./commands/list.js')).default,
  report: async () => (await import('./commands/report.js')).default,
  serve: async () => (await import('./commands/serve.js')).default,
  generate: async () => (await import('./commands/generate.js')).default,
  mutation: async () => (await import('./commands/mutation.js')).default,
  verify: async () => (await import('./commands/verify.js')).default,
};

function usage(): string {
  const lines = Object.keys(commands).map((name) => `  ${name}`);
  return ['usage: psd2-conformance <command> [options]', '', 'commands:', ...lines].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) {
    console.error(`psd2-conformance: unknown command "${name}"\n${usage()}`);
    return 2;
  }
  try {
    const command = await load();
    if (rest.includes('--help') || rest.includes('-h')) {
      console.log(`psd2-conformance ${name}: ${command.summary}\n(options and examples: README.md › Commands)`);
      return 0;
    }
    return await command.run(rest);
  } catch (err) {
    if (err instanceof UserError) {
      console.error(`psd2-conformance ${name}: ${err.message}`);
      return err.exitCode;
    }
    throw err;
  }
}

// Run directly with tsx (npm scripts) as well as through bin/psd2-conformance.mjs.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
