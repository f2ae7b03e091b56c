import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { RecordedRequest } from '../types.js';
import { curlRequests } from './curl.js';
import { InputError } from './errors.js';
import { harRequests } from './har.js';
import { httpRequests } from './http.js';

export { InputError } from './errors.js';

export type InputFormat = 'har' | 'curl' | 'http';

export interface ReadOptions {
  /** Forces a format; detected from the content when absent. */
  format?: InputFormat;
  /** The input's name in messages and in each request's `source` (a file path, or `stdin`). */
  name?: string;
  /** The input file's path: a curl `@file` is looked up beside it first, then in the working directory. */
  path?: string;
}

export interface ReadResult {
  format: InputFormat;
  requests: RecordedRequest[];
  notes: string[];
}

/** The first line that is not blank, a comment or a separator. */
function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '' && !/^(#|\/\/)/.test(l)) ?? ''
  );
}

/** HAR (JSON with log.entries), a curl command, or raw HTTP (a request line first). */
export function detectFormat(text: string): InputFormat {
  if (text.trimStart().startsWith('{')) return 'har';
  const line = firstLine(text);
  if (/^(\$\s+)?(\S*\/)?curl(\s|$)/.test(line)) return 'curl';
  if (/^[A-Za-z]+ +\S+( +HTTP\/\d(\.\d)?)? *$/.test(line)) return 'http';
  throw new InputError(
    'cannot tell the format: expected a HAR file (JSON with log.entries), a ' +
      'curl command or a raw HTTP request (use --format har|curl|http)',
  );
}

function fileReader(path: string | undefined) {
  return (file: string): Buffer => {
    const candidates = isAbsolute(file) ? [file] : [...(path ? [resolve(dirname(path), file)] : []), resolve(file)];
    const found = candidates.find((c) => existsSync(c));
    if (!found) throw new InputError(`curl reads ${file}, which does not exist`);
    return readFileSync(found);
  };
}

/** Every request in the input, each labelled with its source (`name#2` when there are several). */
export function readRequests(input: Buffer | string, options: ReadOptions = {}): ReadResult {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const name = options.name ?? options.path ?? 'input';
  const text = bytes.toString('utf8');
  const format = options.format ?? detectFormat(text);
  const notes: string[] = [];
  let requests: RecordedRequest[];
  if (format === 'har') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new InputError(`${name} is not JSON: ${(err as Error).message}`);
    }
    const read = harRequests(json, name);
    requests = read.requests;
    if (read.skipped) notes.push(`${name}: ${read.skipped} entries left out (not under /v1/ and not signed)`);
  } else if (format === 'curl') requests = curlRequests(text, { readFile: fileReader(options.path) });
  else requests = httpRequests(bytes, name);
  if (requests.length === 0) throw new InputError(`${name} holds no ${format} request`);
  const label = (i: number) => (requests.length > 1 ? `${name}#${i + 1}` : name);
  return { format, requests: requests.map((r, i) => ({ ...r, source: r.source ?? label(i) })), notes };
}
