/** Secrets and national identity numbers never reach a log, a report or a replay command. */

/** Every digit but the last two becomes `*`: a national identity or D-number stays recognisable, not readable. */
export const maskNationalId = (value: string): string => value.replace(/\d(?=\d{2})/g, '*');

/** Headers whose values are secrets: shown masked wherever a verdict, a report or a curl command quotes them. */
const MASKED: Record<string, (value: string) => string> = {
  'x-psu-identity': maskNationalId,
  authorization: () => '***',
  'proxy-authorization': () => '***',
  cookie: () => '***',
  'set-cookie': () => '***',
};

/** The value as it may be shown: masked when the header carries a secret (name in any letter case). */
export function maskHeaderValue(name: string, value: string): string {
  return MASKED[name.toLowerCase()]?.(value) ?? value;
}
