/**
 * `npm run generate`: examples/bank-profiles/, the reference bank's bank profile (default.yaml) and one per variant
 * whose choice is a profile key (<variant>.yaml), from bank/bank-profile.ts. test/bank/bank-profiles.test.ts fails
 * while they are stale, and checks each against its variant's policy.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleProfileText, profiledVariants } from '../bank/bank-profile.js';
import { PACKAGE_ROOT } from '../runner/paths.js';

export const EXAMPLE_PROFILES_DIR = join(PACKAGE_ROOT, 'examples', 'bank-profiles');

/** Every example file, by name: default.yaml, then each profiled variant's. */
export const exampleProfiles = (): Map<string, string> =>
  new Map([
    ['default.yaml', exampleProfileText(undefined)],
    ...profiledVariants().map((v): [string, string] => [`${v.id}.yaml`, exampleProfileText(v)]),
  ]);

if (process.argv[1]?.endsWith('generate-bank-profiles.ts')) {
  mkdirSync(EXAMPLE_PROFILES_DIR, { recursive: true });
  const files = exampleProfiles();
  // A variant that no longer makes a profile choice (or was renamed) leaves no stale example behind.
  for (const name of readdirSync(EXAMPLE_PROFILES_DIR))
    if (name.endsWith('.yaml') && !files.has(name)) rmSync(join(EXAMPLE_PROFILES_DIR, name));
  for (const [name, text] of files) writeFileSync(join(EXAMPLE_PROFILES_DIR, name), text);
  console.log(`wrote ${files.size} example bank profiles in examples/bank-profiles/`);
}
