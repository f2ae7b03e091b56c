import type { HeaderLine, RecordedRequest } from '../types.js';
import { InputError } from './errors.js';

/** A line of its own that starts with `###` separates requests (the VS Code REST Client and JetBrains convention). */
const SEPARATOR = /^###[^\r\n]*(\r?\n|$)/gm;
const REQUEST_LINE = /^([A-Za-z]+) +(\S+)(?: +HTTP\/\d(?:\.\d)?)? *$/;

/** Byte offsets of the blocks between separator lines (latin1 keeps one character per byte). */
function blocks(bytes: Buffer): Buffer[] {
  const text = bytes.toString('latin1');
  const out: Buffer[] = [];
  let start = 0;
  for (const m of text.matchAll(SEPARATOR)) {
    out.push(bytes.subarray(start, m.index));
    start = (m.index as number) + m[0].length;
  }
  out.push(bytes.subarray(start));
  return out;
}

/** The next line of the block from `at`: its text (without the line end) and where the following line starts. */
function nextLine(text: string, at: number): { line: string; next: number } {
  const end = text.indexOf('\n', at);
  if (end < 0) return { line: text.slice(at).replace(/\r$/, ''), next: text.length };
  return { line: text.slice(at, end).replace(/\r$/, ''), next: end + 1 };
}

function parseBlock(block: Buffer, label: string): RecordedRequest | undefined {
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
  let body: Buffer;
  if (length !== undefined && /^\d+$/.test(length)) {
    if (Number(length) > rest.length)
      throw new InputError(`${label}: Content-Length is ${length} but only ${rest.length} bytes follow the headers`);
    body = rest.subarray(0, Number(length));
  } else {
    // Without Content-Length the body ends before the line break that precedes ### or the end of the input.
    const end = rest.length - (rest.toString('latin1').match(/\r?\n$/)?.[0].length ?? 0);
    body = rest.subarray(0, end);
  }
  return body.length ? { ...request, body } : request;
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
