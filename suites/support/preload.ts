/**
 * What a suite worker imports before vitest gives it its first file (bin/suite-worker-compiled.mjs): the modules the
 * suite files share, and what allure-vitest's setup file needs. A worker the bin started ahead of the run
 * (runner/run/prewarm.ts) imports them while it waits, instead of after the run is handed to it: its first request
 * then came 0.13-0.17 s after the run did, not 0.7-0.9 s (2026-11-26). None of them does anything when imported
 * beyond defining what it exports (a test context is only read inside tests); the validators load at the end.
 */
import { loadValidators } from '../../schemas/index.js';
import 'vitest';
import 'fast-check';
import 'allure-js-commons';
import 'allure-js-commons/sdk/reporter';
import 'allure-js-commons/sdk/runtime';
import '../../checks/index.js';
import '../../client/index.js';
import '../../generators/index.js';
import '../../signing/index.js';
import '../../spec/index.js';
import '../operation-requests.js';
import './bodies.js';
import './breakers.js';
import './conformance-test.js';
import './context.js';
import './depth.js';
import './fixtures.js';
import './journeys/driver.js';
import './journeys/journey.js';
import './journeys/links.js';
import './journeys/model.js';
import './payments.js';
import './property.js';
import './request.js';
import './session.js';

// The checks' validators load on first use (schemas/index.ts): a waiting worker loads them now instead.
loadValidators();
