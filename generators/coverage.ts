/**
 * MUST rules about request bodies, queries or headers that have no invalid generator here, each with the
 * reason and where the rule is broken instead: `id` for every operation of the rule, `id @ operation` for
 * one. test/generators/coverage.test.ts fails for any other gap, and for an entry here that a generator
 * does cover (a stale exemption).
 */
export const NOT_GENERATED: Readonly<Record<string, string>> = {
  'Headers.TPP-Signature-Certificate.required':
    'the signer adds the certificate over the final request; ' +
    'suites/signature-headers.suite.ts removes it after signing',
  'Headers.Signature.required':
    'the signer adds the Signature over the final request; suites/signature-headers.suite.ts removes it after signing',
  'Headers.Digest.requiredWithBody':
    'the signer adds Digest over the final body; the tampering "Digest removed" (signing/tamper.ts) breaks it',
  'Errors.kid.400':
    'it fixes the answer to a KID error rather than a shape of the body; the body that provokes ' +
    'one is labelled with the rule it breaks, StructuredRemittance.kid.checkDigit',
};
