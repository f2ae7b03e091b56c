import type { HeaderLine, RecordedRequest } from '../types.js';
import { InputError } from './errors.js';

/** A line of its own that starts with `###` separates requests (the VS Code REST Client and JetBrains convention). */
const SEPARATOR = /^###[^\r\n]*(\r?\n|$)/gm;
const REQUEST_LINE = /^([A-Za-z]+) +(\S+)(?: +HTTP\/\d(?:\.\d)?)? *$/;

/** A request's bytes between separator lines, and whether a separator line follows them. */
interface Block {
  bytes: Buffer;
  separated: boolean;
}

/** The blocks between separator lines (latin1 keeps one character per byte). */
function blocks(bytes: Buffer): Block[] {
  const text = bytes.toString('latin1');
  const out: Block[] = [];
  let start = 0;
  for (const m of text.matchAll(SEPARATOR)) {
    out.push({ bytes: bytes.subarray(start, m.index), separated: true });
    start = (m.index as number) + m[0].length;
  }
  out.push({ bytes: bytes.subarray(start), separated: false });
  return out;
}

const LINE_BREAK_AT_END = /\r?\n$/;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The body of a request without Content-Length: every byte to the end of the input, a final newline included, as
 * `curl --data-binary @file` sends a file that `echo … > file` wrote. Before a ### line only the line break that
 * starts that line is taken off (it belongs to the separator). Line breaks alone are the end of the recording,
 * not a body.
 */
function bodyToEnd(rest: Buffer, separated: boolean): Pick<RecordedRequest, 'body' | 'notes' | 'otherBodies'> {
  const text = rest.toString('latin1');
  const end = separated ? rest.length - (text.match(LINE_BREAK_AT_END)?.[0].length ?? 0) : rest.length;
  const body = rest.subarray(0, end);
  if (/^[\r\n]*$/.test(body.toString('latin1'))) {
    const breaks = body.toString('latin1').split('\n').length - 1;
    return breaks
      ? { notes: [`${plural(breaks, 'line break')} after the headers taken as the end of the recording, not a body`] }
      : {};
  }
  const final = body.toString('latin1').match(LINE_BREAK_AT_END)?.[0];
  if (!final) return { body };
  const where = separated ? 'to the line break before ###' : 'to the end of the input';
  return {
    body,
    notes: [`no Content-Length: the body is every byte ${where}, ${body.length} bytes ending in a newline`],
    otherBodies: [
      {
        bytes: body.subarray(0, body.length - final.length),
        cause:
          "the body ends in a newline the Digest does not cover: without Content-Length the recording's body runs " +
          `${where}, its final newline included; if that newline was not sent, record the request with ` +
          `Content-Length: ${body.length - final.length}`,
      },
    ],
  };
}

/** The next line of the block from `at`: its text (without the line end) and where the following line starts. */
function nextLine(text: string, at: number): { line: string; next: number } {
  const end = text.indexOf('\n', at);
  if (end < 0) return { line: text.slice(at).replace(/\r$/, ''), next: text.length };
  return { line: text.slice(at, end).replace(/\r$/, ''), next: end + 1 };
}

function parseBlock({ bytes: block, separated }: Block, label: string): RecordedRequest | undefined {
  const text = block.toString('latin1');
  let at = 0;
  let requestLine: string | undefined;
  while (at < text.length) {
    const { line, next } = nextLine(text, at);
    at = next;
    if (line.trim() === '' || /^\s*(#|\/\/)/.test(line)) continue; // blank lines and comments before the request
    requestLine = line;
    break;
  }
  if (requestLine === undefined) return undefined;
  const m = REQUEST_LINE.exec(Buffer.from(requestLine, 'latin1').toString('utf8'));
  if (!m)
    throw new InputError(`${label}: "${requestLine.slice(0, 80)}" is not a request line (METHOD target HTTP/1.1)`);
  const headers: [string, string][] = [];
  let bodyStart: number | undefined;
  while (at < text.length) {
    const { line, next } = nextLine(text, at);
    at = next;
    if (line === '') {
      bodyStart = at;
      break;
    }
    const decoded = Buffer.from(line, 'latin1').toString('utf8');
    const last = headers.at(-1);
    if (/^[ \t]/.test(decoded) && last) {
      last[1] = `${last[1]} ${decoded.trim()}`; // obs-fold (RFC 7230 §3.2.4): one space
      continue;
    }
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw new InputError(`${label}: header line "${decoded.slice(0, 80)}" has no name and colon`);
    headers.push([decoded.slice(0, colon).trim(), decoded.slice(colon + 1).trim()]);
  }
  const request: RecordedRequest = { method: m[1] as string, url: m[2] as string, headers: headers as HeaderLine[] };
  if (bodyStart === undefined) return request;
  const rest = block.subarray(bodyStart);
  const length = headers.find(([n]) => n.toLowerCase() === 'content-length')?.[1];
  if (headers.some(([n, v]) => n.toLowerCase() === 'transfer-encoding' && /chunked/i.test(v)))
    throw new InputError(`${label}: chunked bodies are not read: write the body as sent, with Content-Length`);
  if (length === undefined || !/^\d+$/.test(length)) return { ...request, ...bodyToEnd(rest, separated) };
  if (Number(length) > rest.length)
    throw new InputError(`${label}: Content-Length is ${length} but only ${rest.length} bytes follow the headers`);
  const body = rest.subarray(0, Number(length));
  const after = rest.subarray(Number(length)).toString('latin1');
  const notes = /\S/.test(after)
    ? [`${plural(after.trimEnd().length, 'byte')} after the ${length} of Content-Length are not part of the body`]
    : [];
  return { ...request, ...(body.length ? { body } : {}), ...(notes.length ? { notes } : {}) };
}

/** Raw HTTP requests (request line, headers, blank line, body; CRLF or LF), separated by lines starting with ###. */
export function httpRequests(bytes: Buffer, name: string): RecordedRequest[] {
  const out: RecordedRequest[] = [];
  blocks(bytes).forEach((block, i) => {
    const request = parseBlock(block, `${name} (request ${i + 1})`);
    if (request) out.push(request);
  });
  return out;
}
