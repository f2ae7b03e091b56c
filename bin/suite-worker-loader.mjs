// A suite worker's loader (vitest.conformance.config.ts's execArgv, in the repository's TypeScript only): the
// packages the suites import are loaded natively, then tsx for the suites themselves (native-first.mjs says why).
import { COMMON_PACKAGES, registerTsxAfter } from './native-first.mjs';

await registerTsxAfter([...COMMON_PACKAGES, 'allure-js-commons']);
