export {
  installCustomMethodSupport,
  answerLikeNode,
  noteRequest,
  type CustomMethodOptions,
  type ClientError,
} from './install.js';
export { IdleSampledRequest } from './parser-idle.js';
