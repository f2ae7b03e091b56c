// A suite worker's loader when the CLI runs compiled (compiled-tree.mjs): the suites' modules come from the same
// compiled tree, natively; only the suite files vitest names by their TypeScript path are redirected to it.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const tree = process.env.PSD2_CONFORMANCE_TREE;
if (tree) {
  process.setSourceMapsEnabled(true);
  register(new URL('./compiled-hooks.mjs', import.meta.url), {
    data: { source: new URL('..', import.meta.url).href, tree: pathToFileURL(`${tree}/`).href },
  });
  // Not awaited: the suites' shared modules load beside vitest's own, and are ready when the run comes (the module
  // says why). Should one fail, the suite that imports it fails as it would have, with the error in its report.
  void import(pathToFileURL(`${tree}/suites/support/preload.js`).href).catch(() => undefined);
}
