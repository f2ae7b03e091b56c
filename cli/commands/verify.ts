import { readFileSync } from 'node:fs';
import {
  InputError,
  formatVerdicts,
  readRequests,
  verdictsJson,
  verifyRequest,
  type InputFormat,
  type RequestVerdict,
  type TppVerifyOptions,
} from '../../tpp/index.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';

const USAGE = `judge your own recorded requests as a conformant bank would, by requirement id, with the likely cause of each failure

usage: psd2-conformance verify FILE|- [FILE…] [--format har|curl|http] [--json] [--verbose]
                                [--now TIME] [--max-skew SECONDS] [--base-path PATH]

  FILE             a HAR file (entries[].request), curl commands (one per line, \\ continues a line),
                   or raw HTTP requests (request line, headers, blank line, body) separated by lines
                   starting with ###; - reads stdin. The format is detected; --format forces it.
  --json           one JSON document: requests, findings (id, level, message, cause), signing strings
  --verbose        the signing string of every request (always shown when a signature fails)
  --now TIME       judge Date against this time (ISO 8601 or an HTTP-date); default: a HAR entry's
                   startedDateTime, else this machine's clock
  --max-skew S     the clock-skew window for Date in seconds (default 300, the reference bank's)
  --base-path P    a prefix before /v1 in the bank's base URL (e.g. /api-sandbox)

exit 0: every request conforms (SHOULD remarks allowed); 1: a MUST rule is broken; 2: unreadable input`;

const FORMATS: InputFormat[] = ['har', 'curl', 'http'];

function options(args: ReturnType<typeof parseArgs>): TppVerifyOptions & { format?: InputFormat } {
  const format = flag(args, 'format');
  if (format !== undefined && !FORMATS.includes(format as InputFormat))
    throw new UserError(`--format must be har, curl or http, not "${format}"`);
  const now = flag(args, 'now');
  const nowTime = now === undefined ? undefined : Date.parse(now);
  if (nowTime !== undefined && Number.isNaN(nowTime))
    throw new UserError(`--now "${now}" is not a time (ISO 8601, e.g. 2026-11-24T10:00:00Z, or an HTTP-date)`);
  const skew = flag(args, 'max-skew');
  if (skew !== undefined && !/^\d+$/.test(skew)) throw new UserError(`--max-skew must be whole seconds, not "${skew}"`);
  const basePath = flag(args, 'base-path');
  if (basePath !== undefined && !basePath.startsWith('/'))
    throw new UserError(`--base-path must start with /, not "${basePath}"`);
  return {
    ...(format ? { format: format as InputFormat } : {}),
    ...(nowTime !== undefined ? { now: new Date(nowTime) } : {}),
    ...(skew !== undefined ? { maxSkewSeconds: Number(skew) } : {}),
    ...(basePath ? { basePath } : {}),
  };
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

const command: Command = {
  summary: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      booleans: ['json', 'verbose'],
      values: ['format', 'now', 'max-skew', 'base-path'],
    });
    if (args.positionals.length === 0) throw new UserError('give a file to verify, or - to read stdin (see --help)');
    const { format, ...verifyOptions } = options(args);
    const verdicts: RequestVerdict[] = [];
    const notes: string[] = [];
    for (const path of args.positionals) {
      try {
        const read = readRequests(readInput(path), {
          ...(format ? { format } : {}),
          name: path === '-' ? 'stdin' : path,
          ...(path === '-' ? {} : { path }),
        });
        notes.push(...read.notes);
        verdicts.push(...read.requests.map((request) => verifyRequest(request, verifyOptions)));
      } catch (err) {
        if (err instanceof InputError) throw new UserError(`${path === '-' ? 'stdin' : path}: ${err.message}`);
        throw err;
      }
    }
    if (hasFlag(args, 'json')) process.stdout.write(`${verdictsJson(verdicts, notes)}\n`);
    else {
      for (const note of notes) process.stdout.write(`· ${note}\n`);
      process.stdout.write(`${formatVerdicts(verdicts, { verbose: hasFlag(args, 'verbose') })}\n`);
    }
    return verdicts.every((v) => v.conforms) ? 0 : 1;
  },
};

export default command;
