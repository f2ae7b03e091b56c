/** The embedded reference bank: interface.md implemented faithfully, with deliberate faults and conformant variants. */
export { startBank, type BankOptions, type RunningBank } from './server.js';
export { FAULTS, faultIds, isFaultId, type Fault } from './faults.js';
export type { FaultId, VariantId } from './ids.generated.js';
export {
  VARIANTS,
  variantIds,
  findVariant,
  isVariantId,
  variantConflict,
  variantPolicy,
  type Variant,
} from './variants.js';
export { DEFAULT_POLICY, type BankPolicy } from './policy.js';
