/**
 * National identity numbers never reach a report: every digit but the last two becomes `*`. The same rule as
 * config's maskNationalId, written again here because the library (tpp/) may not import config/.
 */
export const maskNationalId = (value: string): string => value.replace(/\d(?=\d{2})/g, '*');

/** Headers whose values are secrets: shown masked wherever a verdict quotes them. */
const MASKED: Record<string, (value: string) => string> = {
  'x-psu-identity': maskNationalId,
  authorization: () => '***',
  'proxy-authorization': () => '***',
  cookie: () => '***',
};

export function maskHeaderValue(name: string, value: string): string {
  return MASKED[name.toLowerCase()]?.(value) ?? value;
}

/** A signing-string line `name: value` with a secret value masked. */
export function maskSigningLine(line: string): string {
  const colon = line.indexOf(': ');
  if (colon < 0) return line;
  const name = line.slice(0, colon);
  return `${name}: ${maskHeaderValue(name, line.slice(colon + 2))}`;
}
