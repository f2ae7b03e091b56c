import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';

/**
 * allure-vitest's reporter, writing its results without an fsync each. Its writer writes every result, container and
 * attachment to a temporary file, fsyncs it and renames it into place: one fsync per file, about 0.3 s of a default
 * run's end on this machine (2026-11-26), for files nothing reads until the run's own report is made from them. A
 * machine that loses power loses the run either way; the run's record and the evidence pack are written after these.
 */
export class AllureResultsReporter extends AllureVitestReporter {
  private readonly resultsDir: string;

  constructor(config: { resultsDir: string }) {
    super(config);
    this.resultsDir = config.resultsDir;
  }

  override onInit(...args: Parameters<AllureVitestReporter['onInit']>): void {
    super.onInit(...args);
    const runtime = (this as unknown as { allureReporterRuntime?: { writer: Writer } }).allureReporterRuntime;
    if (runtime) runtime.writer = plainWriter(this.resultsDir, runtime.writer);
  }
}

/** Writes the many files of a run (results, containers, attachments) directly; the rest as `fallback` does. */
function plainWriter(dir: string, fallback: Writer): Writer {
  let made = false;
  const path = (name: string) => {
    if (!made) mkdirSync(dir, { recursive: true });
    made = true;
    return join(dir, name);
  };
  return {
    writeResult: (result) => writeFileSync(path(`${result.uuid}-result.json`), JSON.stringify(result)),
    writeGroup: (group) => writeFileSync(path(`${group.uuid}-container.json`), JSON.stringify(group)),
    writeAttachment: (name, content) => writeFileSync(path(name), content),
    writeAttachmentFromPath: (name, from) => copyFileSync(from, path(name)),
    writeEnvironmentInfo: (info) => fallback.writeEnvironmentInfo(info),
    writeCategoriesDefinitions: (categories) => fallback.writeCategoriesDefinitions(categories),
    writeGlobals: (name, info) => fallback.writeGlobals(name, info),
  };
}
