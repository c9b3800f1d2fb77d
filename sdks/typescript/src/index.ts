// @lectern/sdk: the official TypeScript/JavaScript client of the Lectern API.
export { Lectern, type Fetch, type LecternOptions } from './client.js';
export {
  ApiError,
  AuthenticationError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  LecternError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
  WebhookVerificationError,
} from './errors.js';
export { OPERATIONS, VERSION } from './generated/resources.js';
export { Imports, SETTLED_IMPORT_STATUSES, UPLOAD_TIMEOUT_MS, type CreateImportOptions, type Import, type ImportFile, type ImportResult, type WaitOptions } from './imports.js';
export * from './generated/resources.js';
export type { components, operations, paths } from './generated/openapi.js';
export { PageIterator, type CursorPage } from './pagination.js';
export type { Answer, Body, Item, ListQuery, OperationId, OperationSpec, PathParam, Query, RequestOptions, ResponseInfo, Result } from './types.js';
export { verifyWebhook, Webhooks, type VerifyOptions, type WebhookEvent, type WebhookHeaders, type WebhookPayload } from './webhooks.js';
