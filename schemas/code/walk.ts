/** Visits every object in a JSON value with its JSON pointer, so code validators can find the members they judge. */
export function* objectsIn(
  value: unknown,
  pointer = '',
): Generator<{ node: Record<string, unknown>; pointer: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objectsIn(item, `${pointer}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    yield { node, pointer };
    for (const [key, child] of Object.entries(node)) yield* objectsIn(child, `${pointer}/${escapePointer(key)}`);
  }
}

export const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The value at a JSON pointer, or undefined. */
export function at(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let node: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
