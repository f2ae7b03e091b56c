import { REMOVE } from '../../spec/index.js';

/** A deep copy of a body with one member set (or removed when value is REMOVE), addressed by a JSON pointer. */
export { REMOVE };

export function mutate<T>(body: T, pointer: string, value: unknown): T {
  const copy = structuredClone(body) as unknown;
  const keys = pointer.slice(1).split('/');
  const last = keys.pop() as string;
  let node = copy as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy as T;
}
