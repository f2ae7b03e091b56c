/**
 * A TPP's request as a plain curl sends it, shared by the TPP-lens tests: the interface's headers for a payment
 * initiation and nothing of the signature, and the eight header rules such a request breaks.
 */
export const UNSIGNED_HEADERS = {
  'Content-Type': 'application/json',
  'PSU-ID': '2d3e4f50-0000-4000-8000-000000000001',
  'PSU-IP-Address': '192.0.2.10',
  'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000001',
  'TPP-Redirect-URI': 'https://tpp.example/callback',
  'x-accept-fix': 'amount-as-string',
};

/** What a request with PSU-ID alone and a body breaks, in the order the proxy names them. */
export const EIGHT_HEADER_RULES = [
  'Headers.X-Request-ID.required',
  'Headers.TPP-Signature-Certificate.required',
  'Headers.Signature.required',
  'Headers.TPP-Session-ID.required',
  'Headers.TPP-Redirect-URI.required',
  'Headers.PSU-IP-Address.required',
  'Headers.x-accept-fix.required',
  'Headers.Digest.requiredWithBody',
];
