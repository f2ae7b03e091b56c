/**
 * Named checks, applied uniformly to every exchange (as Schemathesis applies its checks):
 * each returns CheckResults that name the requirement they judge.
 */
export type { CheckResult, ObservedExchange } from './types.js';
export {
  contentType,
  errorBody,
  errorCode,
  errorCodes,
  linkShape,
  responseSchema,
  type ErrorBodyForm,
} from './body.js';
export { notAServerError, rejection, successStatus, transportFailure } from './status.js';
export { verdict } from './result.js';
export { checkAccepted, checkRejected, failures } from './apply.js';
