/** A form of the body other than the bytes sent, and the words for it when a Digest matches it. */
export interface BodyVariant {
  bytes: Uint8Array;
  cause: string;
}

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

/**
 * The usual mistakes between digesting and sending, as the bodies they produce: re-serialised JSON (compact,
 * pretty, Python's spacing, sorted keys, \u escapes), line endings, another character encoding, an empty body.
 */
export function bodyVariants(body: Uint8Array, json: { value: unknown } | undefined): BodyVariant[] {
  const text = Buffer.from(body).toString('utf8');
  const reserialised = 'the body was re-serialised after the Digest: the Digest matches';
  const out: BodyVariant[] = [];
  if (json) {
    const v = json.value;
    out.push(
      { bytes: utf8(JSON.stringify(v)), cause: `${reserialised} the body without spaces (JSON.stringify of it)` },
      { bytes: utf8(JSON.stringify(v, null, 2)), cause: `${reserialised} the body pretty-printed with 2 spaces` },
      { bytes: utf8(JSON.stringify(v, null, 4)), cause: `${reserialised} the body pretty-printed with 4 spaces` },
      { bytes: utf8(JSON.stringify(v, null, '\t')), cause: `${reserialised} the body pretty-printed with tabs` },
      {
        bytes: utf8(serialise(v, { itemSeparator: ', ', keySeparator: ': ', asciiOnly: true })),
        cause: `${reserialised} the body as Python's json.dumps writes it (", " and ": ", non-ASCII as \\u escapes)`,
      },
      {
        bytes: utf8(serialise(v, { itemSeparator: ', ', keySeparator: ': ' })),
        cause: `${reserialised} the body with ", " and ": " between members`,
      },
      {
        bytes: utf8(serialise(v, { itemSeparator: ',', keySeparator: ':', asciiOnly: true })),
        cause: `${reserialised} the body with non-ASCII characters escaped as \\uXXXX`,
      },
      {
        bytes: utf8(serialise(v, { itemSeparator: ',', keySeparator: ':', sortKeys: true })),
        cause: `${reserialised} the body with its keys sorted`,
      },
    );
  }
  out.push(
    {
      bytes: utf8(`${text}\n`),
      cause:
        'the Digest matches the body with a trailing newline, which was not sent ' +
        '(curl -d @file strips newlines: use --data-binary @file)',
    },
    { bytes: utf8(text.replace(/\r?\n$/, '')), cause: 'the Digest matches the body without its trailing newline' },
    {
      bytes: utf8(text.replace(/\r\n/g, '\n')),
      cause: 'the Digest matches the body with LF line ends; it was sent with CRLF',
    },
    {
      bytes: utf8(text.replace(/\r?\n/g, '\r\n')),
      cause: 'the Digest matches the body with CRLF line ends; it was sent with LF',
    },
    {
      bytes: Buffer.from(text, 'latin1'),
      cause:
        'the Digest is over the body in another encoding: it matches the ISO-8859-1 bytes; the body was sent as UTF-8',
    },
    {
      bytes: Buffer.from(Buffer.from(body).toString('latin1'), 'utf8'),
      cause: 'the Digest is over the body in another encoding: it matches the body as UTF-8; it was sent as ISO-8859-1',
    },
    {
      bytes: Buffer.from(text, 'utf16le'),
      cause: 'the Digest is over the body in another encoding: it matches the UTF-16 bytes; the body was sent as UTF-8',
    },
    { bytes: new Uint8Array(0), cause: 'the Digest is of an empty body: it was computed before the body was set' },
  );
  const sent = Buffer.from(body);
  return out.filter((v) => !sent.equals(Buffer.from(v.bytes)));
}
