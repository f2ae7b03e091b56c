import type { CommandUnknownOpts, CommanderError } from '@commander-js/extra-typings';
import { missingMessage } from './command.js';

/** A command's name as typed after `psd2-conformance`: `run`, or `fleet run` for a subcommand. */
export function commandPath(command: CommandUnknownOpts): string {
  const names: string[] = [];
  for (let c: CommandUnknownOpts | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * Commander's words for a mistake on the command line, as one line in this CLI's own terms: `unknown option
 * --bogus`, `unexpected argument "extra": run takes no arguments`, `--seed must be an integer ≥ 0, got "x"`.
 * `command` is the command that was asked for (undefined when the name itself was wrong).
 */
export function usageMessage(err: CommanderError, command: CommandUnknownOpts | undefined): string {
  const text = err.message.replace(/^error: /, '');
  const suggestion = /\(Did you mean ([^?]+)\?\)/.exec(text)?.[1];
  const hint = suggestion ? ` (did you mean ${suggestion}?)` : '';
  const help = command ? `psd2-conformance ${commandPath(command)} --help` : 'psd2-conformance --help';
  switch (err.code) {
    case 'commander.unknownOption':
      return `unknown option ${/'([^']+)'/.exec(text)?.[1] ?? text}${hint}`;
    case 'commander.unknownCommand':
      return `unknown command "${/'([^']+)'/.exec(text)?.[1] ?? text}"${hint}; ${help} lists the commands`;
    case 'commander.excessArguments': {
      const declared = command?.registeredArguments.length ?? 0;
      const extra = command?.args.slice(declared) ?? [];
      const takes = declared === 0 ? 'takes no arguments' : `takes ${declared} argument${declared > 1 ? 's' : ''}`;
      return (
        `unexpected argument${extra.length > 1 ? 's' : ''} ` +
        `${extra.map((a) => `"${a}"`).join(' ')}: ${command ? commandPath(command) : 'it'} ${takes} ` +
        `(see ${help})`
      );
    }
    case 'commander.optionMissingArgument':
      return `${/'(--[\w-]+)/.exec(text)?.[1] ?? text} needs a value`;
    case 'commander.missingArgument': {
      const name = /'([^']+)'/.exec(text)?.[1] ?? '';
      const argument = command?.registeredArguments.find((a) => a.name() === name);
      const choices = argument?.argChoices;
      return (
        (argument && missingMessage(argument)) ??
        `missing <${name}>${choices ? `: one of ${choices.join(', ')}` : ''} (see ${help})`
      );
    }
    case 'commander.conflictingOption': {
      // `option '--trace <id>' cannot be used with option '--level <level>'` → `--trace cannot go with --level`.
      const [first, second] = [...text.matchAll(/'(--[\w-]+)/g)].map((m) => m[1]);
      return first && second ? `${first} cannot go with ${second} (see ${help})` : text;
    }
    case 'commander.invalidArgument': {
      // An option's value: `option '--seed <n>' argument 'x' is invalid. must be …` → `--seed must be …`.
      const option = /^option '(--[\w-]+)/.exec(text)?.[1];
      const reason = text.replace(/^.*? is invalid(?: for argument '[^']*')?\. /s, '');
      return option ? `${option} ${reason}` : reason;
    }
    default:
      return text.split('\n').join(' ');
  }
}
