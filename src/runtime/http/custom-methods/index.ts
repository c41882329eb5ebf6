export {
  installCustomMethodSupport,
  answerLikeNode,
  type CustomMethodOptions,
  type ClientError,
} from './install.js';
