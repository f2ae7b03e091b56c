import { requirement } from '../../spec/index.js';
import type { Finding, RequestVerdict } from '../types.js';

export interface FormatOptions {
  /** Show the signing string and notes of every request, not only of those whose signature fails. */
  verbose?: boolean;
}

const count = (findings: Finding[], level: Finding['level']) => findings.filter((f) => f.level === level).length;

function counts(verdict: RequestVerdict): string {
  const must = count(verdict.findings, 'MUST');
  const should = count(verdict.findings, 'SHOULD');
  return [must ? `${must} MUST` : '', should ? `${should} SHOULD` : ''].filter(Boolean).join(', ');
}

const SIGNATURE_BROKEN = new Set(['Auth.signature.valid', 'Auth.signature.headers']);

/** One line per request (✓ or ✗), then a line per finding with its likely cause, for people. */
export function formatVerdicts(verdicts: RequestVerdict[], options: FormatOptions = {}): string {
  const out: string[] = [];
  for (const v of verdicts) {
    const tally = counts(v);
    const where = v.source ? `  (${v.source})` : '';
    out.push(`${v.conforms ? '✓' : '✗'} ${v.method} ${v.target}${tally ? `  ${tally}` : ''}${where}`);
    for (const f of v.findings)
      out.push(`  ${f.level} ${f.requirementId}: ${f.message}${f.cause ? ` — likely cause: ${f.cause}` : ''}`);
    for (const note of v.notes) out.push(`  · ${note}`);
    const showSigning = options.verbose || v.findings.some((f) => SIGNATURE_BROKEN.has(f.requirementId));
    if (v.signingString && showSigning) {
      const state = v.signingString.verified ? 'verifies' : 'does not verify';
      out.push(`  signing string (as a bank rebuilds it; the signature ${state} over it):`);
      for (const line of v.signingString.lines) out.push(`    ${line}`);
    }
  }
  const failed = verdicts.filter((v) => !v.conforms).length;
  const all = verdicts.flatMap((v) => v.findings);
  out.push(
    '',
    `${verdicts.length} request${verdicts.length === 1 ? '' : 's'}: ${verdicts.length - failed} conform, ` +
      `${failed} do${failed === 1 ? 'es' : ''} not (${count(all, 'MUST')} MUST, ${count(all, 'SHOULD')} SHOULD)`,
  );
  return out.join('\n');
}

/** One machine-readable document: every request, its findings with the rule's words, and the signing string. */
export function verdictsJson(verdicts: RequestVerdict[], notes: string[] = []): string {
  return JSON.stringify(
    {
      conforms: verdicts.every((v) => v.conforms),
      requests: verdicts.map((v) => ({
        ...(v.source ? { source: v.source } : {}),
        method: v.method,
        target: v.target,
        operation: v.operation?.id ?? null,
        conforms: v.conforms,
        must: count(v.findings, 'MUST'),
        should: count(v.findings, 'SHOULD'),
        findings: v.findings.map((f) => {
          const r = requirement(f.requirementId);
          return {
            id: f.requirementId,
            level: f.level,
            message: f.message,
            cause: f.cause ?? null,
            section: r.section,
            statement: r.statement,
          };
        }),
        notes: v.notes,
        signingString: v.signingString ?? null,
      })),
      notes,
    },
    null,
    2,
  );
}
