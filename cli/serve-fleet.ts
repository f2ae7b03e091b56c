/**
 * `serve --fleet N`: the first N banks of the reference fleet (bank/reference-fleet.ts), each the reference bank with
 * its own variants (and a fault where `--fault-on NAME:ID` asks for one), on consecutive ports from --port (or on free
 * ones with --port 0), and the targets file that names them, for `fleet run`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { REFERENCE_FLEET, type ReferenceFleetBank } from '../bank/reference-fleet.js';
import type { FaultId, RunningBank } from '../bank/index.js';
import { UserError } from '../core/index.js';
import { targetsText } from '../fleet/targets.js';
import { PACKAGE_ROOT } from '../runner/paths.js';
import { checkFaults } from './variants.js';

export interface FleetServeOptions {
  count: number;
  /** The first port; 0 gives each bank a free one. */
  port: number;
  host: string;
  /** `NAME:FAULT`, each as given. */
  faultOn: readonly string[];
  targetsOut?: string;
  allowUnsigned: boolean;
  log?: (line: string) => void;
}

export interface ServedFleet {
  banks: { bank: ReferenceFleetBank; faults: FaultId[]; running: RunningBank }[];
  /** The targets file's text. */
  targets: string;
  close(): Promise<void>;
}

/** `--fault-on NAME:ID` by bank: unknown banks and faults are one line each. */
function faultsByBank(members: readonly ReferenceFleetBank[], given: readonly string[]): Map<string, FaultId[]> {
  const byBank = new Map<string, FaultId[]>();
  const names = members.map((m) => m.name);
  for (const entry of given) {
    const [name = '', fault, ...rest] = entry.split(':');
    if (!fault || rest.length)
      throw new UserError(`--fault-on ${entry}: give NAME:FAULT, e.g. bank-b:accept-long-creditor-name`);
    if (!names.includes(name))
      throw new UserError(`--fault-on ${entry}: no bank ${name} in this fleet (${names.join(', ')})`);
    byBank.set(name, [...(byBank.get(name) ?? []), ...checkFaults([fault], 'serve --list-faults')]);
  }
  return byBank;
}

export async function serveFleet(options: FleetServeOptions): Promise<ServedFleet> {
  const members = REFERENCE_FLEET.slice(0, options.count);
  const faults = faultsByBank(members, options.faultOn);
  const { startBank } = await import('../bank/index.js');
  const banks: ServedFleet['banks'] = [];
  const close = () => Promise.all(banks.map((b) => b.running.close())).then(() => {});
  try {
    for (const [i, bank] of members.entries()) {
      const own = faults.get(bank.name) ?? [];
      const running = await startBank({
        port: options.port === 0 ? 0 : options.port + i,
        host: options.host,
        faults: own,
        variants: bank.variants,
        allowUnsigned: options.allowUnsigned,
        ...(options.log ? { log: (line: string) => options.log?.(`${bank.name}: ${line}`) } : {}),
      });
      banks.push({ bank, faults: own, running });
    }
  } catch (err) {
    await close();
    if (err instanceof UserError) throw err;
    throw new UserError(`cannot start the reference fleet: ${(err as Error).message}`);
  }
  const folder = options.targetsOut ? dirname(resolve(options.targetsOut)) : process.cwd();
  const targets = targetsText(
    banks.map(({ bank, faults: own, running }) => ({
      name: bank.name,
      baseUrl: running.url,
      ...(bank.bankProfile ? { bankProfile: relative(folder, resolve(PACKAGE_ROOT, bank.bankProfile)) } : {}),
      about: own.length ? `${bank.about}, but with the deliberate fault(s) ${own.join(', ')}` : bank.about,
    })),
    `${banks.length} reference banks served by \`psd2-conformance serve --fleet ${options.count}\` while it runs.\n` +
      'Judge them with `psd2-conformance fleet run THIS_FILE --reports reports/fleet`.',
  );
  if (options.targetsOut) writeFileSync(options.targetsOut, targets);
  return { banks, targets, close };
}
