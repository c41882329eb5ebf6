/**
 * The error catalogue lives in the app model (the analyzer reports analysis errors from it too);
 * the runtime's errors, and the public `svcjs` entry, reach it through this module.
 */
export { ERROR_CODES, type ErrorCode, type ErrorCodeInfo } from '../../model/error-catalogue.js';
