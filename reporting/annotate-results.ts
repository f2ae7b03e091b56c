import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brokenRequirements, type TestOutcome } from '../run-model/index.js';
import { allureKey, outcomeKey } from '../run-model/index.js';
import { ruleLine } from '../run-model/index.js';

interface AllureResult {
  fullName?: string;
  status?: string;
  statusDetails?: { message?: string };
}

/**
 * The error box is the first thing a failed test's Allure page shows: it starts with the rules the test broke,
 * each with its statement and section. The results are rewritten in place, once (a second `report` over the same
 * folders finds them done).
 */
export async function annotateFailedResults(dirs: string[], outcomes: TestOutcome[]): Promise<number> {
  const broken = new Map(
    outcomes
      .filter((o) => o.state === 'failed')
      .map((o) => [outcomeKey(o), brokenRequirements(o).map((id) => `broken: ${ruleLine(id)}`)]),
  );
  let annotated = 0;
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('-result.json'))) {
      const path = join(dir, file);
      const result = JSON.parse(await readFile(path, 'utf8')) as AllureResult;
      if (result.status !== 'failed' && result.status !== 'broken') continue;
      const lines = broken.get(allureKey(result.fullName ?? ''));
      const message = result.statusDetails?.message ?? '';
      if (!lines?.length || message.startsWith(lines[0] as string)) continue;
      result.statusDetails = { ...result.statusDetails, message: `${lines.join('\n')}\n\n${message}` };
      await writeFile(path, JSON.stringify(result));
      annotated++;
    }
  }
  return annotated;
}
