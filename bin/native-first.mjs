// Node 20 runs tsx's hooks on a loader thread of their own, and every module a process imports after they are
// registered passes through them as text, node_modules included: importing vitest's node API that way took 3.7 s and
// 220 MB resident against 0.8 s and 40 MB natively (measured side by side, 2026-11-26). So the packages a process is
// about to need are imported first, as Node would import them (a later import from TypeScript finds them in Node's
// module cache), and tsx is registered after them, for the project's own TypeScript only.
import { register } from 'tsx/esm/api';

/** Imports these packages natively, then registers tsx for what comes after. */
export async function registerTsxAfter(packages) {
  await Promise.all(packages.map((name) => import(name)));
  register();
}

/** What every part of the suites and the reference bank imports. */
export const COMMON_PACKAGES = ['fast-check', 'undici', 'ajv/dist/2020.js', 'ajv-formats', 'node-forge', 'decimal.js'];
