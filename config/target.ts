import { UserError } from '../core/index.js';
import { PROFILES, type Config, type NearMiss, type ProfileName } from './index.js';

/** What a run will judge: the reference bank it starts itself, or the bank at BASE_URL. */
export type TargetChoice = { kind: 'embedded' } | { kind: 'remote'; url: string; profile: 'sandbox' | 'production' };

const EMBEDDED_HINT = 'or pass --profile embedded to judge the embedded reference bank';

function misspelt(misses: NearMiss[]): string {
  const names = misses.map((m) => `${m.name} (did you mean ${m.resembles}?)`).join(', ');
  const files = [...new Set(misses.map((m) => m.file))].join(', ');
  return `${files} sets ${names}, which psd2-conformance does not read`;
}

/**
 * Decides the target before anything heavy starts, so that a configuration that names no bank fails in
 * a second with one line instead of judging the embedded bank and calling it CONFORMANT. The embedded bank
 * is judged only when asked for: no BASE_URL and no profile, or the profile embedded (flag or PROFILE).
 */
export function chooseTarget(
  config: Config,
  profileFlag: string | undefined,
  warn: (line: string) => void,
  /** Where the profile came from when not from --profile or PROFILE (a bank profile's environment line). */
  profileFrom?: string,
): TargetChoice {
  if (profileFlag !== undefined && !PROFILES.includes(profileFlag as ProfileName))
    throw new UserError(`--profile must be one of ${PROFILES.join(', ')}, got "${profileFlag}"`);
  const profile = (profileFlag as ProfileName | undefined) ?? config.profile;
  const asked =
    profileFrom ?? (profileFlag !== undefined ? `--profile ${profileFlag}` : `PROFILE=${String(config.profile)}`);
  const misses = config.nearMisses;

  if (profile === 'embedded') {
    if (config.baseUrl) warn(`${asked} judges the embedded reference bank: BASE_URL is ignored`);
    if (misses.length) warn(`${misspelt(misses)}: ignored`);
    return { kind: 'embedded' };
  }
  if (config.baseUrl) {
    // With a bank named, a look-alike may still be a misspelt PSU or path setting: say so, but run.
    if (misses.length) warn(`${misspelt(misses)}: ignored`);
    return { kind: 'remote', url: config.baseUrl, profile: profile ?? 'sandbox' };
  }
  const state = config.baseUrlEmpty ? 'empty' : 'not set';
  if (misses.length)
    throw new UserError(
      `${misspelt(misses)}, and BASE_URL is ${state}: fix the name${misses.length > 1 ? 's' : ''}, ${EMBEDDED_HINT}`,
    );
  if (profile)
    throw new UserError(
      `${asked} judges the bank at BASE_URL, which is ` +
        `${state}${config.baseUrlEmpty ? ' (a missing CI secret expands to empty)' : ''}: set BASE_URL ` +
        `to the bank's URL, ${EMBEDDED_HINT}`,
    );
  if (config.baseUrlEmpty)
    throw new UserError(
      'BASE_URL is set but empty (a missing CI secret expands to empty): set it to ' +
        "the bank's URL, or unset it to judge the embedded reference bank",
    );
  return { kind: 'embedded' };
}
