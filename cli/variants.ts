import { FAULTS, isFaultId } from '../bank/faults.js';
import type { FaultId, VariantId } from '../bank/ids.generated.js';
import { VARIANTS, isVariantId, variantConflict } from '../bank/variants.js';
import { UserError, didYouMean } from '../core/index.js';

/** The unknown ids, each with the nearest known one when there is one: `accept-long-name (did you mean …?)`. */
const named = (unknown: string[], known: readonly { id: string }[]): string =>
  unknown
    .map(
      (id) =>
        `${id}${didYouMean(
          id,
          known.map((k) => k.id),
        )}`,
    )
    .join(', ');

/** Variant ids from the command line: unknown ones and conflicting pairs are a one-line configuration error. */
export function checkVariants(ids: string[]): VariantId[] {
  const unknown = ids.filter((id) => !isVariantId(id));
  if (unknown.length)
    throw new UserError(`unknown variant(s): ${named(unknown, VARIANTS)} (see serve --list-variants)`);
  const known = ids.filter(isVariantId);
  const conflict = variantConflict(known);
  if (conflict) throw new UserError(conflict);
  return known;
}

/** Fault ids from the command line: an unknown one is a one-line configuration error. */
export function checkFaults(ids: string[], hint = 'serve --list-faults'): FaultId[] {
  const unknown = ids.filter((id) => !isFaultId(id));
  if (unknown.length) throw new UserError(`unknown fault(s): ${named(unknown, FAULTS)} (see ${hint})`);
  return ids.filter(isFaultId);
}
