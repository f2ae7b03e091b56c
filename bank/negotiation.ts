/**
 * Content negotiation (interface.md › Group N; RFC 7231 §5.3.2): JSON is all this bank speaks. Accept is a list
 * of media ranges with q-values; the most specific range that matches application/json decides, and q=0 means
 * "not acceptable". A +json type such as application/hal+json is a different type, so it does not match.
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  let best: { specificity: number; q: number } | undefined;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim());
    const specificity = { 'application/json': 2, 'application/*': 1, '*/*': 0 }[type.toLowerCase()];
    if (specificity === undefined) continue;
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const q = qParam ? Number(qParam.replace(/^q\s*=\s*/i, '')) : 1;
    // A malformed q-value counts as 0: a range the client did not state clearly is no consent to JSON.
    const weight = Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
    if (!best || specificity > best.specificity || (specificity === best.specificity && weight > best.q))
      best = { specificity, q: weight };
  }
  return best !== undefined && best.q > 0;
}
