import { CommanderError } from '@commander-js/extra-typings';
import { UserError } from '../core/index.js';
import { buildProgram } from './program.js';
import { commandPath, usageMessage } from './usage-error.js';

/**
 * `psd2-conformance <command> [options]`: the exit code of the command, or 2 for a mistake on the command line
 * (unknown option or command, extra argument, a value of the wrong form) or in the configuration, said in one
 * line on stderr without a stack trace.
 */
export async function main(argv: string[]): Promise<number> {
  process.exitCode = 0;
  const program = await buildProgram(argv);
  const top = program.commands.find((c) => c.name() === argv[0]);
  // A subcommand (`fleet run`) speaks for itself: its mistakes are said in its name.
  const asked = top?.commands.find((c) => c.name() === argv[1]) ?? top;
  const prefix = asked ? `psd2-conformance ${commandPath(asked)}` : 'psd2-conformance';
  // Commander answers `help NAME` for an unknown NAME with the whole overview; one line says it better.
  if (argv[0] === 'help' && argv[1] !== undefined && !program.commands.some((c) => c.name() === argv[1])) {
    console.error(`${prefix}: unknown command "${argv[1]}"; psd2-conformance --help lists the commands`);
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exit code 0; bare `psd2-conformance` has printed its help on stderr.
      if (err.exitCode === 0 || err.code === 'commander.help') return err.exitCode === 0 ? 0 : 2;
      console.error(`${prefix}: ${usageMessage(err, asked)}`);
      return 2;
    }
    if (err instanceof UserError) {
      console.error(`${prefix}: ${err.message}`);
      return err.exitCode;
    }
    throw err;
  }
}
