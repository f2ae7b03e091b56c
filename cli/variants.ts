import { VARIANTS, variantConflict } from '../bank/variants.js';
import { UserError } from './errors.js';

/** Variant ids from the command line: unknown ones and conflicting pairs are a one-line configuration error. */
export function checkVariants(ids: string[]): string[] {
  const unknown = ids.filter((id) => !VARIANTS.some((x) => x.id === id));
  if (unknown.length) throw new UserError(`unknown variant(s): ${unknown.join(', ')} (see serve --list-variants)`);
  const conflict = variantConflict(ids);
  if (conflict) throw new UserError(conflict);
  return ids;
}
