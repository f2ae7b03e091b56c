/**
 * RFC 2047 encoded words, as interface.md Authentication 2 asks for header values that are not ASCII:
 * `=?utf-8?B?<base64>?=`, `=?iso-8859-1?Q?<quoted>?=`.
 */
export type Rfc2047Charset = 'utf-8' | 'iso-8859-1';
export type Rfc2047Encoding = 'B' | 'Q';
export interface Rfc2047Options {
  charset?: Rfc2047Charset;
  encoding?: Rfc2047Encoding;
}

export class Rfc2047Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Rfc2047Error';
  }
}

/** RFC 2047 §2: an encoded word is at most 75 characters long. */
export const MAX_WORD_LENGTH = 75;

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
// Between two encoded words, linear white space is not displayed (RFC 2047 §6.2).
const ADJACENT_GAP = /(\?=)[ \t\r\n]+(?==\?[^?\s]+\?[BbQq]\?)/g;

export function isAscii(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- ASCII is exactly the range 0x00-0x7f
  return /^[\x00-\x7f]*$/.test(value);
}

export function containsEncodedWord(value: string): boolean {
  return new RegExp(ENCODED_WORD.source).test(value);
}

function charsetBytes(text: string, charset: Rfc2047Charset): Buffer {
  if (charset === 'utf-8') return Buffer.from(text, 'utf8');
  for (const ch of text) {
    if ((ch.codePointAt(0) as number) > 0xff) throw new Rfc2047Error(`"${ch}" cannot be written in iso-8859-1`);
  }
  return Buffer.from(text, 'latin1');
}

// Q may leave only these unencoded in any header context (RFC 2047 §5 rule 3); space becomes `_`.
const Q_LITERAL = /[A-Za-z0-9!*+\-/]/;

function qEncode(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    const ch = String.fromCharCode(byte);
    if (byte === 0x20) out += '_';
    else if (byte < 0x80 && Q_LITERAL.test(ch)) out += ch;
    else out += `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function qDecode(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '_') bytes.push(0x20);
    else if (ch === '=') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new Rfc2047Error(`bad Q escape "=${hex}"`);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(ch.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

function bDecode(text: string): Buffer {
  // Some encoders leave out the padding; a length of 1 mod 4 is never valid base64.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw new Rfc2047Error(`bad base64 "${text}"`);
  }
  return Buffer.from(text, 'base64');
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const name = (charset.split('*')[0] as string).toLowerCase(); // RFC 2231 allows `charset*language`
  if (name === 'iso-8859-1' || name === 'latin1' || name === 'us-ascii') return bytes.toString('latin1');
  try {
    return new TextDecoder(name, { fatal: true }).decode(bytes);
  } catch {
    throw new Rfc2047Error(`cannot decode charset "${charset}"`);
  }
}

/** One encoded word for the whole text, whatever its length: the platform's form for a Signature value. */
export function encodeWord(text: string, options: Rfc2047Options = {}): string {
  const charset = options.charset ?? 'utf-8';
  const encoding = options.encoding ?? 'B';
  const bytes = charsetBytes(text, charset);
  const payload = encoding === 'B' ? bytes.toString('base64') : qEncode(bytes);
  return `=?${charset}?${encoding}?${payload}?=`;
}

/**
 * Encoded words of at most 75 characters each, separated by a space, never splitting a character
 * across two words (RFC 2047 §5).
 */
export function encodeWords(text: string, options: Rfc2047Options = {}): string {
  const words: string[] = [];
  let chunk = '';
  for (const ch of text) {
    if (chunk !== '' && encodeWord(chunk + ch, options).length > MAX_WORD_LENGTH) {
      words.push(encodeWord(chunk, options));
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk !== '' || words.length === 0) words.push(encodeWord(chunk, options));
  return words.join(' ');
}

/** Replaces every encoded word in value with its text; text around the words is kept. Throws Rfc2047Error. */
export function decodeRfc2047(value: string): string {
  return value
    .replace(ADJACENT_GAP, '$1')
    .replace(ENCODED_WORD, (_word, charset: string, encoding: string, payload: string) =>
      decodeCharset(encoding.toUpperCase() === 'B' ? bDecode(payload) : qDecode(payload), charset),
    );
}
