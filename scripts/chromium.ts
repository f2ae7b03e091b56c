import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian's package, or the binary CHROMIUM names; never a download (playwright-core only drives it). */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM) return existsSync(env.CHROMIUM) ? env.CHROMIUM : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome'])
      if (existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}
