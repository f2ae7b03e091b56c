/**
 * Writes the fleet report into a folder: fleet.json, fleet.md, fleet-junit.xml and fleet.html, the same for `fleet run`
 * (beside the banks' folders) and `fleet report` (wherever --reports says). Synchronous: a fleet that must end now
 * still writes what it has.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectBanks, readBankResults, type BankResult } from './bank-result.js';
import { FLEET_HTML_FILE, fleetHtml } from './html.js';
import { FLEET_JUNIT_FILE, fleetJunitXml } from './junit.js';
import { fleetMarkdown } from './markdown.js';
import { buildFleetReport, type FleetReport, type FleetReportOptions } from './report.js';

export const FLEET_JSON_FILE = 'fleet.json';
export const FLEET_MD_FILE = 'fleet.md';

export function writeFleetFiles(report: FleetReport, banks: readonly BankResult[], out: string): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, FLEET_JSON_FILE), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(out, FLEET_MD_FILE), fleetMarkdown(report));
  writeFileSync(join(out, FLEET_JUNIT_FILE), fleetJunitXml(report, banks));
  writeFileSync(join(out, FLEET_HTML_FILE), fleetHtml(report));
}

export interface ReportFleetOptions extends FleetReportOptions {
  strict: boolean;
  /** The banks the targets file names (`--targets`): one without a folder is not run, never left out. */
  expected?: readonly string[];
}

/** The fleet report of these banks' folders, built and written into `options.out`. */
export function reportFleet(dirs: readonly string[], options: ReportFleetOptions): FleetReport {
  const found = readBankResults(dirs, options.strict);
  const banks = options.expected ? expectBanks(found, options.expected, options.out) : found;
  const report = buildFleetReport(banks, options);
  writeFleetFiles(report, banks, options.out);
  return report;
}
