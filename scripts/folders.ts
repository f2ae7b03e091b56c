/**
 * The project's top-level folders, which layer each belongs to, and which folders each may import: the one list that
 * the package build (scripts/build-packages.ts), the package's `exports` (checked by test/layering) and the layering
 * test read, and that docs/architecture.md draws. Adding a folder is a row here.
 */

export type Layer = 'library' | 'application' | 'tooling';

export interface Folder {
  layer: Layer;
  /** What lives there, in a few words (docs/architecture.md says more). */
  holds: string;
  /** The folders its files may import, besides its own; `*` means any. */
  imports: readonly string[] | '*';
}

/** The library a TPP installs alone: it imports nothing from the application or the tooling. */
export const LIBRARY_FOLDERS = ['core', 'spec', 'schemas', 'generators', 'signing', 'client', 'checks', 'tpp'] as const;

const LIBRARY: readonly string[] = LIBRARY_FOLDERS;

export const FOLDERS: Record<string, Folder> = {
  core: { layer: 'library', holds: 'what every library folder shares', imports: [] },
  spec: {
    layer: 'library',
    holds: 'interface.md as typed data, the rule catalogue and its test plan (rule × operation × class)',
    imports: ['core'],
  },
  schemas: { layer: 'library', holds: 'JSON Schemas, code validators, OpenAPI', imports: ['core', 'spec'] },
  generators: {
    layer: 'library',
    holds: 'valid bodies and breakers (fast-check), typed by the bodies schemas/ generates',
    imports: ['core', 'spec', 'schemas'],
  },
  signing: { layer: 'library', holds: 'Digest, the cavage-10 signer and verifier', imports: ['core', 'spec'] },
  client: { layer: 'library', holds: 'the HTTP client and recorded exchanges', imports: ['core', 'spec'] },
  checks: {
    layer: 'library',
    holds: 'the registry of named checks',
    imports: ['core', 'spec', 'schemas', 'client'],
  },
  tpp: { layer: 'library', holds: 'the TPP lens: verify, proxy, replay', imports: LIBRARY },
  config: { layer: 'application', holds: 'the configuration, parsed once', imports: LIBRARY },
  'run-model': {
    layer: 'application',
    holds: 'what a run is: context, selection, outcomes, verdict, events',
    imports: [...LIBRARY, 'config'],
  },
  suites: {
    layer: 'application',
    holds: 'the conformance tests (vitest)',
    imports: [...LIBRARY, 'config', 'run-model'],
  },
  runner: {
    layer: 'application',
    holds: "drives vitest; owns the run's life and exit code",
    imports: [...LIBRARY, 'config', 'run-model', 'bank'],
  },
  reporters: {
    layer: 'application',
    holds: "registered handlers of the run's events and report",
    imports: [...LIBRARY, 'run-model', 'release'],
  },
  release: {
    layer: 'application',
    holds: 'the release lens: baseline, diff, known findings, compare, evidence, history',
    imports: [...LIBRARY, 'config', 'run-model'],
  },
  fleet: {
    layer: 'application',
    holds: 'many banks: a targets file, a CI job matrix, one merged report; each bank is a whole run',
    imports: [...LIBRARY, 'config', 'run-model', 'release', 'reporters'],
  },
  bank: { layer: 'application', holds: 'the embedded reference bank', imports: [...LIBRARY, 'config'] },
  cli: { layer: 'application', holds: 'thin commands over all of the above', imports: '*' },
  bin: { layer: 'tooling', holds: 'the psd2-conformance executable', imports: ['cli'] },
  scripts: { layer: 'tooling', holds: 'build, generate, screenshot', imports: '*' },
  bench: { layer: 'tooling', holds: 'npm run bench', imports: '*' },
  test: { layer: 'tooling', holds: "the project's own tests", imports: '*' },
  examples: { layer: 'tooling', holds: 'CI pipelines', imports: [] },
  docs: { layer: 'tooling', holds: 'reference pages', imports: [] },
};

/** The application folders the CLI package ships, compiled beside the library's. */
export const APPLICATION_FOLDERS = Object.entries(FOLDERS)
  .filter(([, f]) => f.layer === 'application')
  .map(([name]) => name);
