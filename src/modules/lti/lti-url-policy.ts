import type { UrlPolicy } from '../webhooks/url-safety.js';

/**
 * The rules for a platform's URLs (login, token, JWKS, and every call Lectern makes to them): the
 * webhooks' refusal of loopback, private, link-local and metadata addresses, and https. The
 * webhooks' dev switch WEBHOOK_ALLOW_PRIVATE=true lifts both outside production (a platform
 * simulator on the developer's machine); in production https stays required.
 */
export function platformUrlPolicy(production: boolean, allowPrivate: boolean): UrlPolicy {
  return { requireHttps: production || !allowPrivate, allowPrivate };
}
