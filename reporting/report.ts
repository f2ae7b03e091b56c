// Where reporting/proxy-reports.ts finds writeReports until the proxy moves onto the registered reporters.
export { writeReports } from '../reporters/index.js';
