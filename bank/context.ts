import type { FaultId } from './ids.generated.js';

/** The faults switched on; asking for an id the table lacks is a type error. */
export interface Faults {
  has(id: FaultId): boolean;
}

export const faultSet = (ids: readonly FaultId[]): Faults => {
  const set = new Set<FaultId>(ids);
  return { has: (id) => set.has(id) };
};
