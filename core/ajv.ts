import type { Ajv2020, Options } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import { onFirstUse } from './on-first-use.js';

/** ajv-formats is CommonJS: its plugin is the module itself, or its `default`. */
type FormatsPlugin = (ajv: Ajv2020, formats: string[]) => unknown;

const ajvModule = onFirstUse<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
const formatsModule = onFirstUse<FormatsPlugin | { default: FormatsPlugin }>('ajv-formats');
const standaloneModule = onFirstUse<{ default: (ajv: Ajv2020, refs: Record<string, string>) => string }>(
  'ajv/dist/standalone/index.js',
);

/**
 * A JSON Schema 2020-12 validator with these formats, ajv loaded on the first call rather than with its importer:
 * the CLI's every command imports the schemas (the checks name them), and ajv was 130-150 ms of a `--help`, of a
 * `list` and of a run's start before its bank, which needs ajv only for the first request (2026-11-27, 2 cores).
 */
export function newAjv2020(options: Options, formats: readonly string[] = []): Ajv2020 {
  const ajv = new (ajvModule().Ajv2020)(options);
  if (formats.length) {
    const plugin = formatsModule();
    (typeof plugin === 'function' ? plugin : plugin.default)(ajv, [...formats]);
  }
  return ajv;
}

/** Loads ajv now, for a process that waits before its first validator (a prewarmed suite worker's preload). */
export function loadAjv(): void {
  ajvModule();
  formatsModule();
}

/**
 * The CommonJS source of a module exporting `ajv`'s validators of these schema ids by name (ajv's standalone code),
 * for an `ajv` made with `code: { source: true }`: loading it skips loading ajv and compiling the schemas.
 */
export function standaloneCode(ajv: Ajv2020, refs: Record<string, string>): string {
  return standaloneModule().default(ajv, refs);
}

/** The installed ajv's version: validators made by another version are not used (schemas/standalone.ts). */
export function ajvVersion(): string {
  return (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
}
