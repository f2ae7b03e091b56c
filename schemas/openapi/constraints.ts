import { BERLIN_GROUP_EXTRA_CODES, ERROR_CODES, LIMITS } from '../../spec/index.js';
import type { JsonSchema } from '../json/annotate.js';

const { maxIntegerDigits, scale } = LIMITS.amount;

/**
 * Amount.amount's two patterns (a decimal; precision 18, scale 5) as one pattern without look-aheads: fuzzers
 * and mock generators read a single `pattern` on the property and cannot build strings from look-aheads.
 * test/schemas/openapi-rendering.test.ts checks that it accepts exactly what the two patterns accept together.
 */
export const AMOUNT_PATTERN = `^[0-9]{1,${maxIntegerDigits}}(\\.[0-9]{1,${scale}})?$`;

/**
 * The codes the document's ErrorBody.code takes: interface.md's list (the TppMessage codes and REFERENCE_MIX_INVALID)
 * and the Berlin Group codes of platform-notes.md. The suites fail a code outside both lists at MUST level and a
 * Berlin Group code only at SHOULD level (checks/body.ts), so a tool reading this document rejects the former and
 * accepts the latter: it never calls a bank wrong where the suites would not. The suites' own ErrorBody schema
 * keeps `code` a string and judges the list in code.
 */
export const DOCUMENT_ERROR_CODES: readonly string[] = [...ERROR_CODES, ...BERLIN_GROUP_EXTRA_CODES];

function property(components: Record<string, JsonSchema>, schema: string, name: string): JsonSchema {
  const found = (components[schema]?.properties as Record<string, JsonSchema> | undefined)?.[name];
  if (!found) throw new Error(`OpenAPI rendering: ${schema}.${name} is gone from schemas/`);
  return found;
}

/** Puts the constraints the suites check in two steps (or in code) where tools read them: on the property itself. */
export function withToolConstraints(components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const amount = property(components, 'Amount', 'amount');
  const amountIds = (amount.allOf as JsonSchema[]).flatMap((m) => (m['x-requirements'] as string[]) ?? []);
  delete amount.allOf;
  amount.pattern = AMOUNT_PATTERN;
  amount['x-requirements'] = [...new Set([...((amount['x-requirements'] as string[]) ?? []), ...amountIds])];

  const code = property(components, 'ErrorBody', 'code');
  code.enum = [...DOCUMENT_ERROR_CODES];
  code.description =
    `One of interface.md's codes (${ERROR_CODES.join(', ')}), or a Berlin Group code of platform-notes.md ` +
    `(${BERLIN_GROUP_EXTRA_CODES.join(', ')}), which the suites accept with a SHOULD-level warning.`;
  code['x-requirements'] = [...new Set([...((code['x-requirements'] as string[]) ?? []), 'Errors.code.inList'])];
  code['x-berlin-group-codes'] = [...BERLIN_GROUP_EXTRA_CODES];
  return components;
}
