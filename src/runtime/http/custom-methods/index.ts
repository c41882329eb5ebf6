export {
  installCustomMethodSupport,
  answerLikeNode,
  noteRequest,
  type CustomMethodOptions,
  type ClientError,
} from './install.js';
