import { isFaultId } from '../bank/faults.js';
import type { FaultId, VariantId } from '../bank/ids.generated.js';
import { isVariantId, variantConflict } from '../bank/variants.js';
import { UserError } from '../core/index.js';

/** Variant ids from the command line: unknown ones and conflicting pairs are a one-line configuration error. */
export function checkVariants(ids: string[]): VariantId[] {
  const unknown = ids.filter((id) => !isVariantId(id));
  if (unknown.length) throw new UserError(`unknown variant(s): ${unknown.join(', ')} (see serve --list-variants)`);
  const known = ids.filter(isVariantId);
  const conflict = variantConflict(known);
  if (conflict) throw new UserError(conflict);
  return known;
}

/** Fault ids from the command line: an unknown one is a one-line configuration error. */
export function checkFaults(ids: string[], hint = 'serve --list-faults'): FaultId[] {
  const unknown = ids.filter((id) => !isFaultId(id));
  if (unknown.length) throw new UserError(`unknown fault(s): ${unknown.join(', ')} (see ${hint})`);
  return ids.filter(isFaultId);
}
