/**
 * Where a response that should carry what was sent does not: every member sent must come back with the same
 * value. interface.md shows the members a response has, never that it has no others, so extra members (an id,
 * a currency on an account, links) are conformant; and it gives no order to arrays such as roles or balances,
 * so each element sent must be found among those returned, in any order.
 */
export function missingFrom(sent: unknown, got: unknown, path = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(got)) return [path || '/'];
    const left = [...got];
    const missing: string[] = [];
    for (const [i, item] of sent.entries()) {
      const match = left.findIndex((candidate) => missingFrom(item, candidate).length === 0);
      if (match < 0) missing.push(`${path}/${i}`);
      else left.splice(match, 1);
    }
    return missing;
  }
  if (sent !== null && typeof sent === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return [path || '/'];
    return Object.entries(sent).flatMap(([key, value]) =>
      missingFrom(value, (got as Record<string, unknown>)[key], `${path}/${key}`),
    );
  }
  return sent === got ? [] : [path || '/'];
}
