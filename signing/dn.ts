/** Distinguished names as keyId needs them: parsed from certificates and from keyId text, formatted in either style. */
export interface DnAttribute {
  /** Canonical short name (`CN`, `O`, `ST`, `organizationIdentifier`…) or the dotted OID when it has none. */
  name: string;
  value: string;
}

const ALIASES: Record<string, string> = {};
for (const [canonical, ...aliases] of [
  ['CN', 'COMMONNAME', '2.5.4.3'],
  ['C', 'COUNTRYNAME', '2.5.4.6'],
  ['L', 'LOCALITYNAME', '2.5.4.7'],
  ['ST', 'S', 'STATEORPROVINCENAME', '2.5.4.8'],
  ['O', 'ORGANIZATIONNAME', '2.5.4.10'],
  ['OU', 'ORGANIZATIONALUNITNAME', '2.5.4.11'],
  ['STREET', 'STREETADDRESS', '2.5.4.9'],
  ['serialNumber', 'SERIALNUMBER', '2.5.4.5'],
  ['organizationIdentifier', 'ORGANIZATIONIDENTIFIER', '2.5.4.97'],
  ['emailAddress', 'E', 'EMAIL', 'EMAILADDRESS', '1.2.840.113549.1.9.1'],
  ['DC', 'DOMAINCOMPONENT', '0.9.2342.19200300.100.1.25'],
  ['UID', 'USERID', '0.9.2342.19200300.100.1.1'],
] as const) {
  for (const name of [canonical, ...aliases]) ALIASES[name.toUpperCase()] = canonical;
}

/** `S`, `st`, `stateOrProvinceName`, `OID.2.5.4.8` and `2.5.4.8` all name the same attribute. */
export function canonicalAttributeName(name: string): string {
  const bare = name.trim().replace(/^OID\./i, '');
  return ALIASES[bare.toUpperCase()] ?? bare;
}

const SPECIAL = new Set([',', '+', '"', '\\', '<', '>', ';']);

/** RFC 4514 §2.4 escaping: specials, a leading `#` or space, a trailing space. */
export function escapeDnValue(value: string): string {
  let out = '';
  for (const ch of value) out += SPECIAL.has(ch) ? `\\${ch}` : ch;
  if (out.startsWith('#') || out.startsWith(' ')) out = `\\${out}`;
  if (out.endsWith(' ') && !out.endsWith('\\ ')) out = `${out.slice(0, -1)}\\ `;
  return out;
}

/**
 * Splits text on unescaped separator characters and removes escapes (`\,` and `\C3\86` hex pairs, which are UTF-8
 * bytes).
 */
function splitUnescaped(text: string, separators: string): string[] {
  const pieces: string[] = [];
  let bytes: number[] = [];
  const flush = () => {
    pieces.push(Buffer.from(bytes).toString('utf8'));
    bytes = [];
  };
  const push = (s: string) => bytes.push(...Buffer.from(s, 'utf8'));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\' && i + 1 < text.length) {
      const hex = text.slice(i + 1, i + 3);
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        push(text[i + 1] as string);
        i += 1;
      }
    } else if (ch === '"') {
      quoted = !quoted; // RFC 1779 quoted values: drop the quotes, keep separators inside
    } else if (!quoted && separators.includes(ch)) {
      flush();
    } else {
      // Keep surrogate pairs whole.
      const cp = text.codePointAt(i) as number;
      const s = String.fromCodePoint(cp);
      push(s);
      i += s.length - 1;
    }
  }
  flush();
  return pieces;
}

function toAttribute(piece: string): DnAttribute | undefined {
  const eq = piece.indexOf('=');
  if (eq <= 0) return undefined;
  return { name: canonicalAttributeName(piece.slice(0, eq)), value: piece.slice(eq + 1).trim() };
}

/**
 * Parses DN text such as `CN=Test CA,O=Bank\, AS,C=NO` (also `;` or `+` separators and spaces after them).
 * Attributes come back in the order written. A piece without `=` is taken as the rest of the previous value,
 * because some senders do not escape commas inside values. (A name never holds `=`, so the first `=` of a
 * piece always ends the name, even when the value holds an unescaped `=`.)
 */
export function parseDn(text: string): DnAttribute[] {
  const out: DnAttribute[] = [];
  for (const piece of splitUnescaped(text, ',;+')) {
    const attribute = toAttribute(piece);
    const last = out.at(-1);
    if (attribute) out.push(attribute);
    else if (last && piece.trim() !== '') last.value = `${last.value},${piece}`.trim();
  }
  return out;
}

/**
 * Parses the multi-line DN that node:crypto's X509Certificate prints for `subject` and `issuer`
 * (one RDN per line, in certificate order, RFC 2253 escapes, multi-valued RDNs joined by ` + `).
 */
export function parseNodeDn(multiline: string): DnAttribute[] {
  const out: DnAttribute[] = [];
  for (const line of multiline.split('\n')) {
    for (const piece of splitUnescaped(line, '+')) {
      const attribute = toAttribute(piece.trim());
      if (attribute) out.push(attribute);
    }
  }
  return out;
}

/** RFC 4514 string, attributes in the order given, joined by `,` without spaces. */
export function formatDn(attributes: readonly DnAttribute[]): string {
  return attributes.map((a) => `${a.name}=${escapeDnValue(a.value)}`).join(',');
}
