import {
  canonicalAttributeName,
  formatIssuer,
  formatSerial,
  matchKeyId,
  parseDn,
  parseKeyId,
  type CertificateFacts,
} from '../../../signing/index.js';
import { finding } from '../finding.js';
import type { Finding } from '../../types.js';

const FORM = 'Auth.signature.keyId.form';
const PLATFORM = 'Auth.signature.keyId.platformForm';
/** The attributes the platform's form writes (canonical names). */
const PLATFORM_ATTRIBUTES = new Set(['CN', 'O', 'OU', 'L', 'ST', 'C']);

const hexDigits = (serial: string) => serial.trim().replace(/^0x/i, '').replace(/[:\s]/g, '');
const magnitude = (hex: string) => hex.toUpperCase().replace(/^0+(?=.)/, '');

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%20/g, ' ');
  }
}

/** Why keyId does not name the certificate: decimal serial, another certificate, the subject for the issuer. */
function mismatchCause(parts: { serial: string; ca: string }, facts: CertificateFacts): string | undefined {
  const serial = magnitude(facts.serialHex);
  if (/^\d+$/.test(parts.serial.trim()) && BigInt(`0x${serial}`).toString(10) === parts.serial.trim())
    return "keyId serial is the certificate's serial in decimal; interface.md asks for hexadecimal";
  const digits = hexDigits(parts.serial);
  if (/^[0-9a-f]+$/i.test(digits) && magnitude(digits) !== serial)
    return (
      `keyId names serial ${parts.serial}, the certificate in TPP-Signature-Certificate has serial ` +
      `${serial}: they are two different certificates (signed with one, sent the other?)`
    );
  if (matchKeyId(`SN=${serial},CA=${parts.ca}`, { serialHex: serial, issuer: facts.subject }).ok)
    return "CA= names the certificate's own subject; it names the issuer, the CA that signed the certificate";
  return undefined;
}

/** The ways keyId differs from the platform's form while still naming the certificate. */
function platformDifferences(parts: { serial: string; ca: string }, facts: CertificateFacts): string[] {
  const out: string[] = [];
  const raw = parts.serial.trim();
  const digits = hexDigits(raw);
  const serialQuirks = [
    ...(digits !== digits.toUpperCase() ? ['lower-case'] : []),
    ...(/^0./.test(digits) ? ['with a leading zero'] : []),
    ...(/^0x/i.test(raw) ? ['with a 0x prefix'] : []),
    ...(/[:\s]/.test(raw) ? ['with colons or spaces between the bytes'] : []),
  ];
  if (serialQuirks.length)
    out.push(`keyId serial is ${serialQuirks.join(' ')}; the platform writes upper-case without leading zeros`);
  const ca = parts.ca;
  const caQuirks: string[] = [];
  if (/%[0-9A-Fa-f]{2}/.test(ca)) caQuirks.push('writes spaces as %20');
  if (/[,;]\s/.test(decodePercent(ca))) caQuirks.push('has spaces after the commas');
  const named = parseDn(decodePercent(ca));
  const canonical = named.map((a) => canonicalAttributeName(a.name));
  const extra = named.filter((a) => !PLATFORM_ATTRIBUTES.has(canonicalAttributeName(a.name)));
  if (extra.length) caQuirks.push(`adds ${extra.map((a) => a.name).join(', ')}, which the platform's form leaves out`);
  const order = canonical.filter((n) => PLATFORM_ATTRIBUTES.has(n));
  const platformOrder = ['CN', 'O', 'OU', 'L', 'ST', 'C'].filter((n) => order.includes(n));
  if (order.join() !== platformOrder.join())
    caQuirks.push(
      order[0] === 'C'
        ? 'lists the attributes least specific first (C=… first, the certificate’s own order)'
        : `lists the attributes in another order (${order.join(',')})`,
    );
  if (/(^|[,;]\s*)ST\s*=/i.test(decodePercent(ca))) caQuirks.push('writes ST= where the platform writes S=');
  else if (/(^|[,;+])\s*(cn|o|ou|l|st|s|c)\s*=/.test(decodePercent(ca)))
    caQuirks.push('writes attribute names in lower case');
  if (caQuirks.length) out.push(`keyId CA ${caQuirks.join(', ')}; the platform writes ${formatIssuer(facts.issuer)}`);
  return out;
}

/**
 * keyId against the certificate in TPP-Signature-Certificate (Authentication 1): `SN=<serial hex>,CA=<issuer DN>`
 * naming that certificate is the MUST; the platform's spelling of it (upper-case serial without leading zeros,
 * `CN=…,O=…,C=…` without spaces) is a SHOULD, since a server should accept case and spacing variants.
 */
export function judgeKeyId(keyId: string, facts: CertificateFacts | undefined): Finding[] {
  const parts = parseKeyId(keyId);
  if (!parts) {
    const bare =
      facts && /^(0x)?[0-9a-f:]+$/i.test(keyId.trim()) && magnitude(hexDigits(keyId)) === magnitude(facts.serialHex);
    const cause = bare
      ? 'keyId is the bare serial; write SN=<serial hex>,CA=<issuer DN>'
      : /^\s*SN\s*=/i.test(keyId)
        ? 'keyId has no CA=<issuer DN> after the serial'
        : /\bCN\s*=/i.test(keyId)
          ? 'keyId names a DN only; it starts with SN=<serial hex>,CA='
          : undefined;
    return [finding(FORM, `keyId "${keyId}" is not of the form SN=<serial hex>,CA=<issuer DN>`, cause)];
  }
  if (!facts) return [];
  const match = matchKeyId(keyId, facts);
  if (!match.ok) return [finding(FORM, match.message, mismatchCause(parts, facts))];
  const platform = `SN=${formatSerial(facts.serialHex)},CA=${formatIssuer(facts.issuer)}`;
  if (keyId === platform) return [];
  const differences = platformDifferences(parts, facts);
  return [
    finding(
      PLATFORM,
      `keyId names the certificate, but not in the platform's form ${platform}`,
      differences.length ? differences.join('; ') : undefined,
    ),
  ];
}
