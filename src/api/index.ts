export {
  type ApiClient,
  type ApiClientOptions,
  type ApiResult,
  type ApiSession,
  type ApiUi,
  createApiClient,
  type DownloadedFile,
  NETWORK_ERROR_MESSAGE,
  OUT_OF_ORDER_MESSAGE,
  type QueuedPost,
  type RequestOptions,
  UNPARSABLE_ERROR_MESSAGE,
} from './client';
export {
  base64ToBytes,
  bytesToBase64,
  decodeResultJSON,
  fileNameFromContentDisposition,
  gunzipBase64,
  gzipBase64,
  gzipBase64Chunks,
} from './codec';
export { ApiError, type ApiErrorKind, messageOf, PostFailure, type PostFailureKind } from './errors';
export { createLoadingStore, type LoadingStore } from './loading';
