import { readFileSync } from 'node:fs';
import type { InputFormat, RequestVerdict } from '../../tpp/index.js';
import {
  InvalidArgumentError,
  Option,
  examples,
  exits,
  choiceOption,
  newCommand,
  requiredArgument,
} from '../command.js';
import { UserError } from '../../core/index.js';

const FORMATS = ['har', 'curl', 'http'] as const satisfies readonly InputFormat[];

function time(raw: string): Date {
  const parsed = Date.parse(raw);
  if (Number.isNaN(parsed))
    throw new InvalidArgumentError(`"${raw}" is not a time (ISO 8601, e.g. 2026-11-24T10:00:00Z, or an HTTP-date)`);
  return new Date(parsed);
}

function seconds(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new InvalidArgumentError(`must be whole seconds, not "${raw}"`);
  return Number(raw);
}

function basePath(raw: string): string {
  if (!raw.startsWith('/')) throw new InvalidArgumentError(`must start with /, not "${raw}"`);
  return raw;
}

function readInput(path: string): Buffer {
  try {
    return readFileSync(path === '-' ? 0 : path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(
      `${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (err as Error).message}`,
    );
  }
}

export default () =>
  newCommand(
    'verify',
    'judge your own recorded requests as a conformant bank would, by requirement id, with likely causes',
    'Judge your own recorded requests as a conformant bank would: headers, body ' +
      'schemas, Digest over the bytes sent, the Signature rebuilt, Date within the ' +
      'clock-skew window; each failure by requirement id, with its likely cause.',
  )
    .addArgument(
      requiredArgument(
        'file...',
        'a HAR file (entries[].request), curl commands (one per line, \\ continues a ' +
          'line), or raw HTTP requests separated by lines starting with ###; - reads stdin',
        'give a file to verify, or - to read stdin (see --help)',
      ),
    )
    .addOption(choiceOption('--format <format>', 'read the files as this format', FORMATS, 'detected from the content'))
    .addOption(
      new Option(
        '--json',
        'print one JSON document: requests, findings (id, level, message, cause), signing strings',
      ).default(false),
    )
    .addOption(
      new Option(
        '--verbose',
        'print the signing string of every request (always printed when a signature fails)',
      ).default(false),
    )
    .addOption(
      new Option('--now <time>', 'judge Date against this time (ISO 8601 or an HTTP-date)')
        .argParser(time)
        .default(undefined, "a HAR entry's startedDateTime, else this machine's clock"),
    )
    .addOption(
      new Option('--max-skew <seconds>', "the clock-skew window for Date, in seconds (the reference bank's)")
        .argParser(seconds)
        .default(300),
    )
    .addOption(
      new Option('--base-path <path>', "a prefix before /v1 in the bank's base URL (e.g. /api-sandbox)")
        .argParser(basePath)
        .default(undefined, 'none'),
    )
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance verify recorded.har',
          'psd2-conformance verify requests.http --now 2026-11-20T10:00:00Z --verbose',
          'pbpaste | psd2-conformance verify - --format curl --json',
        ],
        { 0: 'every request conforms (SHOULD remarks allowed)', 1: 'a MUST rule is broken', 2: 'unreadable input' },
      ),
    )
    .action(
      exits(async (paths, options) => {
        const { InputError, formatVerdicts, readRequests, verdictsJson, judgeRequest } =
          await import('../../tpp/index.js');
        const { format } = options;
        const verifyOptions = {
          ...(options.now ? { now: options.now } : {}),
          maxSkewSeconds: options.maxSkew,
          ...(options.basePath ? { basePath: options.basePath } : {}),
        };
        const verdicts: RequestVerdict[] = [];
        const notes: string[] = [];
        for (const path of paths) {
          try {
            const read = readRequests(readInput(path), {
              ...(format ? { format } : {}),
              name: path === '-' ? 'stdin' : path,
              ...(path === '-' ? {} : { path }),
            });
            notes.push(...read.notes);
            verdicts.push(...read.requests.map((request) => judgeRequest(request, verifyOptions)));
          } catch (err) {
            if (err instanceof InputError) throw new UserError(`${path === '-' ? 'stdin' : path}: ${err.message}`);
            throw err;
          }
        }
        if (options.json) process.stdout.write(`${verdictsJson(verdicts, notes)}\n`);
        else {
          for (const note of notes) process.stdout.write(`· ${note}\n`);
          process.stdout.write(`${formatVerdicts(verdicts, { verbose: options.verbose })}\n`);
        }
        return verdicts.every((v) => v.conforms) ? 0 : 1;
      }),
    );
