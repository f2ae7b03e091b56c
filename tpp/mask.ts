import { maskHeaderValue } from '../core/index.js';

export { maskHeaderValue, maskNationalId } from '../core/index.js';

/** A signing-string line `name: value` with a secret value masked. */
export function maskSigningLine(line: string): string {
  const colon = line.indexOf(': ');
  if (colon < 0) return line;
  const name = line.slice(0, colon);
  return `${name}: ${maskHeaderValue(name, line.slice(colon + 2))}`;
}
