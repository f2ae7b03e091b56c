/** replay: recorded exchanges sent again, signed afresh as they were signed then, and their answers judged. */
export { UnreachableTarget, replay, type ReplayOptions, type ReplayResult } from './replay.js';
export { resign, type ResignOptions, type Resigned } from './resign.js';
