// @lectern/sdk: the official TypeScript/JavaScript client of the Lectern API.
export { Lectern } from './client.js';
export { ApiError, AuthenticationError, ConfigurationError, ConflictError, ConnectionError, LecternError, NotFoundError, PermissionError, RateLimitError, ServerError, ValidationError, WebhookVerificationError, } from './errors.js';
export { OPERATIONS, VERSION } from './generated/resources.js';
export { Imports, SETTLED_IMPORT_STATUSES, UPLOAD_TIMEOUT_MS } from './imports.js';
export * from './generated/resources.js';
export { PageIterator } from './pagination.js';
export { verifyWebhook, Webhooks } from './webhooks.js';
