import type { OtherBody } from '../types.js';

/** A form of the body other than the bytes sent, and the words for it when a Digest matches it. */
export type BodyVariant = OtherBody;

interface Layout {
  indent?: string;
  itemSeparator: string;
  keySeparator: string;
  asciiOnly?: boolean;
  sortKeys?: boolean;
}

const escapeNonAscii = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** JSON text in the layouts other serialisers write (Python's json.dumps, sorted keys, \u escapes). */
function serialise(value: unknown, layout: Layout, depth = 0): string {
  const string = (s: string) => (layout.asciiOnly ? escapeNonAscii(JSON.stringify(s)) : JSON.stringify(s));
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' ? string(value) : JSON.stringify(value);
  const open = layout.indent ? `\n${layout.indent.repeat(depth + 1)}` : '';
  const close = layout.indent ? `\n${layout.indent.repeat(depth)}` : '';
  const separator = layout.indent ? `${layout.itemSeparator.trimEnd()}${open}` : layout.itemSeparator;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${open}${value.map((v) => serialise(v, layout, depth + 1)).join(separator)}${close}]`;
  }
  const keys = Object.keys(value);
  if (layout.sortKeys) keys.sort();
  if (keys.length === 0) return '{}';
  const members = keys.map(
    (k) => `${string(k)}${layout.keySeparator}${serialise((value as Record<string, unknown>)[k], layout, depth + 1)}`,
  );
  return `{${open}${members.join(separator)}${close}}`;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The JSON value written as other serialisers write it. */
function reserialised(value: unknown): BodyVariant[] {
  const words = 'the body was re-serialised after the Digest: the Digest matches';
  const layouts: [string, string][] = [
    [JSON.stringify(value), 'the body without spaces (JSON.stringify of it)'],
    [JSON.stringify(value, null, 2), 'the body pretty-printed with 2 spaces'],
    [JSON.stringify(value, null, 4), 'the body pretty-printed with 4 spaces'],
    [JSON.stringify(value, null, '\t'), 'the body pretty-printed with tabs'],
    [
      serialise(value, { itemSeparator: ', ', keySeparator: ': ', asciiOnly: true }),
      'the body as Python\'s json.dumps writes it (", " and ": ", non-ASCII as \\u escapes)',
    ],
    [serialise(value, { itemSeparator: ', ', keySeparator: ': ' }), 'the body with ", " and ": " between members'],
    [
      serialise(value, { itemSeparator: ',', keySeparator: ':', asciiOnly: true }),
      'the body with non-ASCII characters escaped as \\uXXXX',
    ],
    [serialise(value, { itemSeparator: ',', keySeparator: ':', sortKeys: true }), 'the body with its keys sorted'],
  ];
  return layouts.map(([text, what]) => ({ bytes: utf8(text), cause: `${words} ${what}` }));
}

/** The body with its line ends changed: what the bytes show, nothing they contradict (how it was sent is unknown). */
function lineEnds(text: string): BodyVariant[] {
  const final: BodyVariant = /\n$/.test(text)
    ? {
        bytes: utf8(text.replace(/\r?\n$/, '')),
        cause:
          'the body ends in a newline the Digest does not cover: the Digest matches the body without it, so it was ' +
          'computed before the newline was added, or over another copy of the body',
      }
    : {
        bytes: utf8(`${text}\n`),
        cause:
          'the Digest covers a final newline the body sent does not end in: it matches the body with one, so it was ' +
          'computed over another copy of the body (a file with a final newline, say) than the bytes sent',
      };
  return [
    final,
    {
      bytes: utf8(text.replace(/\r\n/g, '\n')),
      cause: 'the Digest matches the body with LF line ends; it was sent with CRLF',
    },
    {
      bytes: utf8(text.replace(/\r?\n/g, '\r\n')),
      cause: 'the Digest matches the body with CRLF line ends; it was sent with LF',
    },
  ];
}

/** The same text in another character encoding. */
function encodings(text: string, body: Uint8Array): BodyVariant[] {
  const other = 'the Digest is over the body in another encoding: it matches';
  return [
    { bytes: Buffer.from(text, 'latin1'), cause: `${other} the ISO-8859-1 bytes; the body was sent as UTF-8` },
    {
      bytes: Buffer.from(Buffer.from(body).toString('latin1'), 'utf8'),
      cause: `${other} the body as UTF-8; it was sent as ISO-8859-1`,
    },
    { bytes: Buffer.from(text, 'utf16le'), cause: `${other} the UTF-16 bytes; the body was sent as UTF-8` },
  ];
}

/**
 * The usual mistakes between digesting and sending, as the bodies they produce, the smallest change first so that
 * the cause named is the one the bytes show (a compact body that differs only by its final newline is not called
 * re-serialised): line ends, re-serialised JSON (compact, pretty, Python's spacing, sorted keys, \u escapes), another
 * character encoding, an empty body.
 */
export function bodyVariants(body: Uint8Array, json: { value: unknown } | undefined): BodyVariant[] {
  const text = Buffer.from(body).toString('utf8');
  const out = [
    ...lineEnds(text),
    ...(json ? reserialised(json.value) : []),
    ...encodings(text, body),
    { bytes: new Uint8Array(0), cause: 'the Digest is of an empty body: it was computed before the body was set' },
  ];
  const sent = Buffer.from(body);
  return out.filter((v) => !sent.equals(Buffer.from(v.bytes)));
}
