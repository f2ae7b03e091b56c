// Where reporting/proxy-reports.ts finds the labels until the proxy moves onto the registered reporters.
export { areaOf, featureOf, tagsOf } from '../run-model/index.js';
