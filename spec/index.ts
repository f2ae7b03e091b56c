/** interface.md as data: the single source of truth for limits, enums, headers, operations and requirements. */
export * from './currencies.js';
export * from './countries.js';
export * from './enums.js';
export * from './limits.js';
export * from './headers.js';
export * from './operations.js';
export * from './checksums.js';
export * from './requirements/index.js';
export * from './limits-table.js';
export * from './basket-status.js';
export * from './near-misses.js';
export * from './matrix/index.js';
export * from './bank-profile.js';
