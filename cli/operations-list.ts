import { columns } from './columns.js';
import { readTestManifest } from '../run-model/test-manifest.js';
import { OPERATIONS } from '../spec/index.js';

/** One operation id as `list --operations` prints it: what `--operation` takes, and how many tests it selects. */
export interface ListedOperation {
  id: string;
  method?: string;
  path?: string;
  summary: string;
  /** Tests of the operation in the test manifest; absent when the manifest is not there. */
  tests?: number;
}

/** Every id `--operation` and `--exclude-operation` take, in catalogue order, then the cross-cutting tests. */
export function listOperations(): ListedOperation[] {
  const tests = readTestManifest();
  const count = (id: string) => (tests ? { tests: tests.filter((t) => t.operation === id).length } : {});
  return [
    ...OPERATIONS.map((o) => ({ id: o.id, method: o.method, path: o.path, summary: o.summary, ...count(o.id) })),
    {
      id: 'cross-cutting',
      summary: 'tests of no one operation (signature, headers, errors)',
      ...count('cross-cutting'),
    },
  ];
}

/** One line an operation: id, tests, method and path, summary; cut at `width` (a terminal's, see cli/columns.ts). */
export function renderOperations(operations: readonly ListedOperation[], width?: number): string {
  return columns(
    operations.map((o) => [
      o.id,
      o.tests === undefined ? '' : `${o.tests} test${o.tests === 1 ? '' : 's'}`,
      o.method ? `${o.method} ${o.path ?? ''}` : '',
      o.summary,
    ]),
    width,
  );
}
