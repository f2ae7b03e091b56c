import { TAMPERINGS, type Tampering } from '../../signing/index.js';
import { OPERATIONS, type OperationSpec } from '../../spec/index.js';

/**
 * Authentication 1, "every request is signed": the operations interface.md specifies, each of which verifies the
 * Signature (and, with a body, the Digest) on its own; a bank can get it right on one and skip it on another.
 */
export const SIGNED_OPERATIONS: readonly OperationSpec[] = OPERATIONS.filter((o) => o.standing === 'specified');

const BODY_RULES = ['Auth.digest.matchesBody', 'Headers.Digest.requiredWithBody'];

/** Tamperings that make sense on `op`: those about the body where it carries one, psu-id where it takes PSU-ID. */
export function applicableTamperings(op: OperationSpec): Tampering[] {
  const takesPsuId = op.headers.some((h) => h.name === 'PSU-ID');
  return TAMPERINGS.filter(
    (t) =>
      (op.requestBody !== undefined || !BODY_RULES.includes(t.requirementId ?? '')) &&
      (takesPsuId || t.expectedReason !== 'required-header-unsigned'),
  );
}

/**
 * The tamperings a run sends to an operation besides the one that gets them all. By default one: where there is a
 * body, the body changed after signing, which only a Digest check stops (a bank that checks nothing there lets it
 * through, and so does one that verifies the Signature alone); where there is none, the signature bytes flipped.
 * With --thorough, every tampering that applies (a bank that checks the Digest but not the Signature is caught only
 * then on operations other than NCBCT creation: the default run keeps to its request budget).
 */
export function tamperingsFor(op: OperationSpec, thorough: boolean): Tampering[] {
  const applicable = applicableTamperings(op);
  if (thorough) return applicable;
  const name = op.requestBody !== undefined ? 'body changed after signing' : 'signature bytes flipped';
  return applicable.filter((t) => t.name === name);
}
