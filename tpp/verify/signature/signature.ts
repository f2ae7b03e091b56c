import { SIGNED_HEADERS } from '../../../spec/index.js';
import { DEFAULT_SIGNED_HEADERS, type SignatureParams } from '../../../signing/index.js';
import { judgeCertificate } from './certificate.js';
import { judgeDate, type Clock } from './date.js';
import { finding } from '../finding.js';
import { judgeKeyId } from './keyid.js';
import { maskSigningLine } from '../../mask.js';
import type { RequestView } from '../../request-view.js';
import { parseSignature } from './signature-parse.js';
import { candidates, signingLines, verifies } from './signing-variants.js';
import type { Finding, SigningStringReport } from '../../types.js';

export interface SignatureVerdict {
  findings: Finding[];
  notes: string[];
  signingString?: SigningStringReport;
}

export interface SignatureOptions {
  clock: Clock;
  maxSkewSeconds: number;
  basePath?: string;
}

function algorithmFindings(params: SignatureParams, keyType: string | undefined): Finding[] {
  const id = 'Auth.signature.algorithm';
  const name = params.algorithm?.trim();
  if (name === undefined || name === '')
    return [finding(id, 'the Signature names no algorithm', 'add algorithm="rsa-sha256"')];
  const out: Finding[] = [];
  if (name.toLowerCase() !== 'rsa-sha256') {
    const cause =
      name.toLowerCase() === 'hs2019'
        ? 'hs2019 is the name of later drafts; interface.md expects rsa-sha256'
        : /^(rs256|sha-?256|rsa-?256|sha256withrsa)$/i.test(name)
          ? 'draft-cavage-10 names this algorithm rsa-sha256'
          : undefined;
    out.push(finding(id, `algorithm is "${name}"; interface.md expects rsa-sha256`, cause));
  }
  if (keyType !== undefined && keyType !== 'rsa')
    out.push(finding(id, `the certificate's key is ${keyType.toUpperCase()}; rsa-sha256 needs an RSA key`));
  return out;
}

/** interface.md's minimum: date, digest, x-request-id, and psu-id, psu-corporate-id, tpp-redirect-uri when present. */
function headerListFindings(view: RequestView, signed: readonly string[]): Finding[] {
  const id = 'Auth.signature.headers';
  const out: Finding[] = [];
  if (view.values('date') === undefined)
    out.push(
      finding(
        id,
        'the request has no Date header; interface.md’s minimum signs date',
        'send Date as an HTTP-date (JavaScript: new Date().toUTCString()) and list date in headers',
      ),
    );
  for (const name of SIGNED_HEADERS) {
    if (view.values(name) === undefined || signed.includes(name)) continue;
    out.push(
      finding(id, `headers does not list ${name}, which the request carries`, `${name} is present but not signed`),
    );
  }
  return out;
}

/**
 * The Signature rebuilt as a bank rebuilds it: parsed (RFC 2047 too), algorithm, the certificate, keyId against
 * it, the `headers` list against interface.md's minimum, Date against the clock, and the RSA-SHA256 signature over
 * the signing string. A signature that does not verify is tried against the usual mistakes for its likely cause.
 */
export function judgeSignature(view: RequestView, options: SignatureOptions): SignatureVerdict {
  const raw = view.value('signature');
  const certificate = judgeCertificate(view.value('tpp-signature-certificate'));
  const date = judgeDate(view.value('date'), options.clock, options.maxSkewSeconds);
  if (raw === undefined || raw.trim() === '')
    return { findings: [...certificate.findings, ...date], notes: ['the request is not signed: nothing to rebuild'] };
  const parsed = parseSignature(raw);
  const notes = [...parsed.notes];
  const findings = [...parsed.findings, ...certificate.findings];
  const params = parsed.params;
  if (!params) return { findings: [...findings, ...date], notes };
  const facts = certificate.facts;
  findings.push(...algorithmFindings(params, facts?.x509.publicKey.asymmetricKeyType));
  findings.push(...judgeKeyId(params.keyId, facts));
  const signed = params.headers ?? [...DEFAULT_SIGNED_HEADERS];
  if (!params.headers) notes.push('the Signature has no headers parameter: draft-cavage-10 then signs date alone');
  findings.push(...headerListFindings(view, signed), ...date);

  const lines = signingLines(view, signed);
  const missing = signed.filter((_, i) => lines[i] === undefined);
  const shown = lines.map((l, i) => maskSigningLine(l ?? `${signed[i]}: <missing>`));
  if (missing.length) {
    findings.push(
      finding(
        'Auth.signature.valid',
        `headers lists ${missing.join(', ')}, which the request does not carry: the signing string cannot be rebuilt`,
        `${missing.join(', ')} was signed and then not sent (or sent under another name)`,
      ),
    );
    return { findings, notes, signingString: { lines: shown, verified: false } };
  }
  if (!facts) {
    notes.push('without a readable certificate the signature cannot be verified');
    return { findings, notes, signingString: { lines: shown, verified: false } };
  }
  const key = facts.x509.publicKey;
  const signature = Buffer.from(params.signature, 'base64');
  if (verifies({ lines: lines as string[] }, signature, key))
    return { findings, notes, signingString: { lines: shown, verified: true } };
  const decoded = signingLines(view, signed, true) as string[];
  if (decoded.join('\n') !== lines.join('\n') && verifies({ lines: decoded }, signature, key)) {
    notes.push(
      'the signature verifies over the signed values with their RFC 2047 words decoded (a bank may take either)',
    );
    return { findings, notes, signingString: { lines: shown, verified: true, form: 'RFC 2047 values decoded' } };
  }
  const explained = candidates(view, signed, options.basePath).find((c) => verifies(c, signature, key));
  const keyIdBroken = findings.some((f) => f.requirementId === 'Auth.signature.keyId.form');
  findings.push(
    finding(
      'Auth.signature.valid',
      "the signature does not verify over the signing string with the certificate's public key",
      explained?.cause ??
        (keyIdBroken
          ? 'keyId does not name the certificate sent: the request was ' +
            'likely signed with the key of another certificate'
          : 'no usual mistake explains it: a signed header value changed after ' +
            'signing, or the key that signed is not the certificate’s'),
    ),
  );
  return { findings, notes, signingString: { lines: shown, verified: false } };
}
