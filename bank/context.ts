export interface Faults {
  has(id: string): boolean;
}

export const faultSet = (ids: readonly string[]): Faults => {
  const set = new Set(ids);
  return { has: (id) => set.has(id) };
};
