import { escapePointerToken } from '../../core/index.js';

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
    for (const [key, child] of Object.entries(node)) yield* objectsIn(child, `${pointer}/${escapePointerToken(key)}`);
  }
}
