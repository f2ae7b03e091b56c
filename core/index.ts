/**
 * The shared core of the library: what spec, schemas, generators, signing, client, checks and tpp all need and
 * none of them owns. It imports nothing but Node and one small kept library (fastest-levenshtein); everything else
 * may import it.
 */
export { UserError, readNamedFile } from './errors.js';
export {
  findHeaderName,
  getHeader,
  hasHeader,
  headerValue,
  removeHeader,
  setHeader,
  type HeaderRecord,
} from './headers.js';
export { escapePointerToken, pointerGet, pointerRemove, pointerSet, pointerTokens } from './json-pointer.js';
export { maskHeaderValue, maskNationalId } from './mask.js';
export { onFirstUse } from './on-first-use.js';
export { didYouMean, nearestNames, type NearestOptions } from './nearest.js';
export { outputFolderProblem } from './output-folder.js';
