import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret is `whsec_` + base64 of
 * random bytes; a signature is `v1,` + base64(HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")).
 * Several signatures go space-separated in one header, which is how a rotation signs with both.
 */

const PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/**
 * What the API shows of a secret: the `whsec_` prefix with the first and last 4 characters,
 * `whsec_AbCd…wXyZ`. The repository spells the same in SQL (secretHintSql), so that API reads never
 * load a secret.
 */
export function secretHint(secret: string): string {
  return `${secret.slice(0, PREFIX.length + 4)}…${secret.slice(-4)}`;
}

export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery, signed with every secret given (current first). */
export function signedHeaders(secrets: string[], messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => sign(secret, messageId, timestampSeconds, body)).join(' '),
  };
}
