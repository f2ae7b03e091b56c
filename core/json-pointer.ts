/**
 * JSON pointers (RFC 6901) into parsed JSON: the one walker the schemas' code validators, the generators' breakers
 * and the reference bank share. A token's `~1` is `/` and `~0` is `~`; the empty pointer is the whole value.
 */

type Container = Record<string, unknown>;

/** A member name as one pointer token: `~` → `~0`, `/` → `~1` (RFC 6901 §3). */
export const escapePointerToken = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The member names a pointer walks, unescaped; `''` gives none. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`a JSON pointer starts with "/", got "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** The value at `pointer`, or undefined when the path leaves the value. */
export function pointerGet(value: unknown, pointer: string): unknown {
  let node = value;
  for (const token of pointerTokens(pointer)) {
    if (!isContainer(node)) return undefined;
    node = node[token];
  }
  return node;
}

/** The object or array holding the member `pointer` names, with that member's name; throws when the path is missing. */
function parentOf(value: unknown, pointer: string): { parent: Container; key: string } {
  const tokens = pointerTokens(pointer);
  const key = tokens.pop();
  const parent = pointerGet(
    value,
    tokens
      .map(escapePointerToken)
      .map((t) => `/${t}`)
      .join(''),
  );
  if (key === undefined || !isContainer(parent)) throw new Error(`JSON pointer ${pointer} has no parent in the value`);
  return { parent, key };
}

/** Sets the member `pointer` names, in place (the parent must exist). */
export function pointerSet(value: unknown, pointer: string, member: unknown): void {
  const { parent, key } = parentOf(value, pointer);
  parent[key] = member;
}

/** Deletes the member `pointer` names, in place (the parent must exist). */
export function pointerRemove(value: unknown, pointer: string): void {
  const { parent, key } = parentOf(value, pointer);
  delete parent[key];
}
