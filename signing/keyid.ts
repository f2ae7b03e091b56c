import { canonicalAttributeName, escapeDnValue, parseDn, type DnAttribute } from './dn.js';

/** How keyId writes the serial and the CA's DN. The platform's form is the default (platform-notes.md). */
export interface KeyIdStyle {
  serialCase: 'upper' | 'lower';
  /** false: `9FA1`; true: the serial's DER bytes, `009FA1` (a zero byte when the high bit is set). */
  leadingZeros: boolean;
  /** platform: `CN=…,O=…,OU=…,L=…,S=…,C=…` only; rfc2253: every attribute, most specific first. */
  dnStyle: 'platform' | 'rfc2253';
  /** Berlin Group examples write spaces in the DN as `%20`. */
  percentEncodeSpaces?: boolean;
}

export const PLATFORM_KEY_ID_STYLE: KeyIdStyle = { serialCase: 'upper', leadingZeros: false, dnStyle: 'platform' };

/** The attributes the platform's helper writes, in its order, with the names it uses. */
const PLATFORM_DN: readonly (readonly [canonical: string, written: string])[] = [
  ['CN', 'CN'],
  ['O', 'O'],
  ['OU', 'OU'],
  ['L', 'L'],
  ['ST', 'S'],
  ['C', 'C'],
];

/** Serial digits without `0x`, colons or spaces, upper case; undefined when not hexadecimal. */
function cleanSerial(serial: string): string | undefined {
  const digits = serial.trim().replace(/^0x/i, '').replace(/[:\s]/g, '').toUpperCase();
  return /^[0-9A-F]+$/.test(digits) ? digits : undefined;
}

/** The serial's DER INTEGER content: whole bytes, a zero byte in front when the high bit is set. */
export function serialDerHex(serialHex: string): string {
  let hex = (cleanSerial(serialHex) ?? serialHex).replace(/^0+(?=.)/, '');
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if (/^[89A-F]/.test(hex)) hex = `00${hex}`;
  return hex;
}

export function formatSerial(serialHex: string, style: KeyIdStyle = PLATFORM_KEY_ID_STYLE): string {
  const hex = style.leadingZeros
    ? serialDerHex(serialHex)
    : (cleanSerial(serialHex) ?? serialHex).replace(/^0+(?=.)/, '');
  return style.serialCase === 'upper' ? hex.toUpperCase() : hex.toLowerCase();
}

/**
 * The CA part of keyId from the issuer DN (RFC 4514 text, most specific first, as SigningIdentity.issuerDn holds it).
 */
export function formatIssuer(
  issuerDn: string | readonly DnAttribute[],
  style: KeyIdStyle = PLATFORM_KEY_ID_STYLE,
): string {
  const attributes = typeof issuerDn === 'string' ? parseDn(issuerDn) : issuerDn;
  let text: string;
  if (style.dnStyle === 'platform') {
    text = PLATFORM_DN.flatMap(([canonical, written]) =>
      attributes.filter((a) => a.name === canonical).map((a) => `${written}=${escapeDnValue(a.value)}`),
    ).join(',');
  } else {
    text = attributes.map((a) => `${a.name}=${escapeDnValue(a.value)}`).join(',');
  }
  return style.percentEncodeSpaces ? text.replace(/ /g, '%20') : text;
}

export function buildKeyId(
  certificate: { serialHex: string; issuerDn: string },
  style: Partial<KeyIdStyle> = {},
): string {
  const full = { ...PLATFORM_KEY_ID_STYLE, ...style };
  return `SN=${formatSerial(certificate.serialHex, full)},CA=${formatIssuer(certificate.issuerDn, full)}`;
}

/** keyId's two parts; `SN=…,CA=…` and, tolerated, `CA=…,SN=…`. */
export function parseKeyId(keyId: string): { serial: string; ca: string } | undefined {
  const snFirst = /^\s*SN\s*=\s*([^,]*?)\s*,\s*CA\s*=\s*(.*?)\s*$/is.exec(keyId);
  if (snFirst) return { serial: snFirst[1] as string, ca: snFirst[2] as string };
  const caFirst = /^\s*CA\s*=\s*(.*?)\s*,\s*SN\s*=\s*([^,]*?)\s*$/is.exec(keyId);
  if (caFirst) return { serial: caFirst[2] as string, ca: caFirst[1] as string };
  return undefined;
}

function percentDecode(text: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%20/g, ' ');
  }
}

// NFC: a DN's æ, ø and å may arrive composed or decomposed (e + combining ring) and name the same issuer.
const comparable = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const key = (a: DnAttribute) => `${canonicalAttributeName(a.name)}=${comparable(a.value)}`;

export type KeyIdMatch = { ok: true } | { ok: false; message: string };

/**
 * Does keyId name this certificate? Tolerates what implementations vary in: hex case and leading zeros,
 * `%20` for spaces, spacing after commas, attribute order, `S` vs `ST`, and leaving out attributes the
 * platform's form leaves out. Every attribute keyId names must be in the issuer DN, and every issuer attribute
 * of the platform's form (CN, O, OU, L, ST, C) must be in keyId.
 */
export function matchKeyId(
  keyId: string,
  certificate: { serialHex: string; issuer: readonly DnAttribute[] },
): KeyIdMatch {
  const parts = parseKeyId(keyId);
  if (!parts) return { ok: false, message: `keyId "${keyId}" is not of the form SN=<serial hex>,CA=<issuer DN>` };
  const serial = cleanSerial(parts.serial);
  if (!serial) return { ok: false, message: `keyId serial "${parts.serial}" is not hexadecimal` };
  const strip = (hex: string) => hex.toUpperCase().replace(/^0+(?=.)/, '');
  if (strip(serial) !== strip(certificate.serialHex)) {
    return {
      ok: false,
      message: `keyId serial ${parts.serial} is not the certificate's serial ${strip(certificate.serialHex)}`,
    };
  }
  const named = parseDn(percentDecode(parts.ca));
  if (named.length === 0) return { ok: false, message: `keyId CA "${parts.ca}" is not a distinguished name` };
  const issuer = new Map<string, number>();
  for (const a of certificate.issuer) issuer.set(key(a), (issuer.get(key(a)) ?? 0) + 1);
  for (const a of named) {
    const left = issuer.get(key(a)) ?? 0;
    if (left === 0)
      return {
        ok: false,
        message: `keyId CA names ${a.name}=${a.value}, which the certificate's issuer does not have`,
      };
    issuer.set(key(a), left - 1);
  }
  const platformNames = new Set(PLATFORM_DN.map(([canonical]) => canonical));
  const namedKeys = new Set(named.map(key));
  const missing = certificate.issuer.find(
    (a) => platformNames.has(canonicalAttributeName(a.name)) && !namedKeys.has(key(a)),
  );
  if (missing) return { ok: false, message: `keyId CA leaves out the issuer's ${missing.name}=${missing.value}` };
  return { ok: true };
}
