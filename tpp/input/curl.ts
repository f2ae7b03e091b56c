import type { HeaderLine, RecordedRequest } from '../types.js';
import { InputError } from './errors.js';
import { shellCommands } from './shell-words.js';

export interface CurlContext {
  /** Reads `@file` arguments (relative paths are the reader's business). */
  readFile(path: string): Buffer;
}

type DataKind = 'ascii' | 'raw' | 'binary' | 'urlencode' | 'json';

const VALUE_OPTIONS: Record<string, string> = {
  '-X': 'request',
  '--request': 'request',
  '-H': 'header',
  '--header': 'header',
  '-d': 'data',
  '--data': 'data',
  '--data-ascii': 'data',
  '--data-raw': 'data-raw',
  '--data-binary': 'data-binary',
  '--data-urlencode': 'data-urlencode',
  '--json': 'json',
  '--url': 'url',
  '-A': 'user-agent',
  '--user-agent': 'user-agent',
  '-e': 'referer',
  '--referer': 'referer',
  '-b': 'cookie',
  '--cookie': 'cookie',
  '-u': 'user',
  '--user': 'user',
};
/** Options that take a value which does not change the request as the bank sees it. */
const IGNORED_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-E',
  '--cert',
  '--key',
  '--cacert',
  '--capath',
  '--cert-type',
  '--key-type',
  '--pass',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '-x',
  '--proxy',
  '--resolve',
  '--retry',
  '--connect-to',
  '-c',
  '--cookie-jar',
  '--limit-rate',
]);
const IGNORED = new Set([
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-i',
  '--include',
  '-v',
  '--verbose',
  '-k',
  '--insecure',
  '-L',
  '--location',
  '-f',
  '--fail',
  '--compressed',
  '-g',
  '--globoff',
  '--http1.1',
  '--http2',
  '--http1.0',
  '-N',
  '--no-buffer',
  '-#',
  '--progress-bar',
  '-4',
  '-6',
  '--fail-with-body',
  '-O',
  '--remote-name',
]);
const UNSUPPORTED: Record<string, string> = {
  '-F': 'multipart forms (-F) are not JSON bodies of interface.md',
  '--form': 'multipart forms (--form) are not JSON bodies of interface.md',
  '-T': 'uploads (-T) are not supported: use --data-binary @file',
  '--upload-file': 'uploads are not supported: use --data-binary @file',
  '-K': 'curl config files (-K) are not read: put the options on the command line',
  '--config': 'curl config files are not read: put the options on the command line',
};

/** Splits clustered short options (`-sSX POST`, `-XPOST`, `-H'A: b'`) into separate words. */
function expand(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (!/^-[A-Za-z#46]{2,}/.test(word) || word.startsWith('--')) {
      out.push(word);
      continue;
    }
    for (let i = 1; i < word.length; i++) {
      const flag = `-${word[i]}`;
      if (VALUE_OPTIONS[flag] || IGNORED_WITH_VALUE.has(flag) || UNSUPPORTED[flag]) {
        out.push(flag);
        if (i + 1 < word.length) out.push(word.slice(i + 1));
        break;
      }
      out.push(flag);
    }
  }
  return out;
}

/** One data option as curl sends it, and, for `-d @file`, the file as it is (curl sends it without line breaks). */
interface DataPiece {
  kind: DataKind;
  bytes: Buffer;
  file?: { path: string; bytes: Buffer };
}

function dataPiece(kind: DataKind, value: string, context: CurlContext): DataPiece {
  const bytes = dataBytes(kind, value, context);
  if (kind !== 'ascii' || !value.startsWith('@')) return { kind, bytes };
  const path = value.slice(1);
  return { kind, bytes, file: { path, bytes: context.readFile(path) } };
}

function dataBytes(kind: DataKind, value: string, context: CurlContext): Buffer {
  if (kind === 'raw') return Buffer.from(value, 'utf8');
  if (kind === 'urlencode') {
    const at = value.indexOf('@');
    const eq = value.indexOf('=');
    if (at >= 0 && (eq < 0 || at < eq)) {
      const name = value.slice(0, at);
      const content = encodeURIComponent(context.readFile(value.slice(at + 1)).toString('utf8'));
      return Buffer.from(name ? `${name}=${content}` : content);
    }
    if (eq >= 0) return Buffer.from(`${value.slice(0, eq + 1)}${encodeURIComponent(value.slice(eq + 1))}`);
    return Buffer.from(encodeURIComponent(value));
  }
  if (!value.startsWith('@')) return Buffer.from(value, 'utf8');
  const path = value.slice(1);
  if (path === '-') throw new InputError('curl reads its body from stdin (@-): save the body to a file and use @file');
  const bytes = context.readFile(path);
  // curl's --data and --data-ascii strip carriage returns and newlines from a file; --data-binary and --json do not.
  return kind === 'ascii' ? Buffer.from(bytes.toString('latin1').replace(/[\r\n]/g, ''), 'latin1') : bytes;
}

/** One curl command as the request it sends: method, URL, headers as given, the body as curl builds it. */
export function curlRequest(words: string[], context: CurlContext): RecordedRequest {
  const args = expand(words.slice(1));
  const headers: HeaderLine[] = [];
  const data: DataPiece[] = [];
  let method: string | undefined;
  let url: string | undefined;
  let head = false;
  let asQuery = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const takeValue = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const value = args[++i];
      if (value === undefined) throw new InputError(`curl option ${name} needs a value`);
      return value;
    };
    const option = VALUE_OPTIONS[name];
    if (UNSUPPORTED[name]) throw new InputError(UNSUPPORTED[name] as string);
    if (option === 'request') method = takeValue();
    else if (option === 'header') {
      const text = takeValue();
      const colon = text.indexOf(':');
      if (colon > 0 && text.slice(colon + 1).trim() !== '')
        headers.push([text.slice(0, colon).trim(), text.slice(colon + 1).trim()]);
      else if (text.endsWith(';')) headers.push([text.slice(0, -1).trim(), '']);
      // `-H 'Name:'` removes one of curl's own headers: nothing is sent.
    } else if (option === 'data') data.push(dataPiece('ascii', takeValue(), context));
    else if (option === 'data-raw') data.push(dataPiece('raw', takeValue(), context));
    else if (option === 'data-binary') data.push(dataPiece('binary', takeValue(), context));
    else if (option === 'data-urlencode') data.push(dataPiece('urlencode', takeValue(), context));
    else if (option === 'json') data.push({ ...dataPiece('binary', takeValue(), context), kind: 'json' });
    else if (option === 'url') url = takeValue();
    else if (option === 'user-agent') headers.push(['User-Agent', takeValue()]);
    else if (option === 'referer') headers.push(['Referer', takeValue()]);
    else if (option === 'cookie') {
      const value = takeValue();
      if (value.includes('=')) headers.push(['Cookie', value]);
    } else if (option === 'user')
      headers.push(['Authorization', `Basic ${Buffer.from(takeValue()).toString('base64')}`]);
    else if (name === '-I' || name === '--head') head = true;
    else if (name === '-G' || name === '--get') asQuery = true;
    else if (IGNORED_WITH_VALUE.has(name)) takeValue();
    else if (IGNORED.has(name)) continue;
    else if (arg.startsWith('-') && arg.length > 1) throw new InputError(`unknown curl option ${name}`);
    else if (url === undefined) url = arg;
    else throw new InputError(`curl command has a second URL "${arg}"`);
  }
  if (url === undefined) throw new InputError('curl command has no URL');
  const has = (header: string) => headers.some(([n]) => n.toLowerCase() === header);
  const json = data.some((d) => d.kind === 'json');
  // curl joins --data pieces with &, --json pieces with nothing.
  const joined = (pieces: Buffer[]) =>
    Buffer.concat(pieces.flatMap((bytes, k) => (k > 0 && !json ? [Buffer.from('&'), bytes] : [bytes])));
  const body = joined(data.map((d) => d.bytes));
  if (asQuery && data.length) {
    url = `${url}${url.includes('?') ? '&' : '?'}${body.toString('utf8')}`;
    return { method: method ?? 'GET', url, headers };
  }
  if (data.length && !has('content-type'))
    headers.push(['Content-Type', json ? 'application/json' : 'application/x-www-form-urlencoded']);
  if (json && !has('accept')) headers.push(['Accept', 'application/json']);
  const stripped = data.filter((d) => d.file && !d.file.bytes.equals(d.bytes));
  const asFiles = joined(data.map((d) => d.file?.bytes ?? d.bytes));
  const files = stripped.map((d) => d.file?.path as string);
  return {
    method: method ?? (head ? 'HEAD' : data.length ? 'POST' : 'GET'),
    url,
    headers,
    ...(data.length ? { body } : {}),
    ...(stripped.length
      ? {
          notes: [`curl -d @${files.join(', -d @')} sends the file without its line breaks`],
          otherBodies: [
            {
              bytes: asFiles,
              cause:
                `the Digest matches ${files.join(' and ')} as it is, line breaks included, but curl -d @file sends ` +
                `it without them: send it with --data-binary @${files[0] as string}`,
            },
          ],
        }
      : {}),
  };
}

/** Every curl command in the text (one per line, `\` continues a line; other commands are left out). */
export function curlRequests(text: string, context: CurlContext): RecordedRequest[] {
  return shellCommands(text)
    .map((words) => (words[0] === '$' ? words.slice(1) : words))
    .filter((words) => words[0] === 'curl' || words[0]?.endsWith('/curl'))
    .map((words) => curlRequest(words, context));
}
