// Verification of webhook deliveries per Standard Webhooks v1, with Web Crypto (hence async).
import { WebhookVerificationError } from './errors.js';
import { WebhooksResource } from './generated/resources.js';
import { webCrypto } from './runtime.js';
import type { webhooks } from './generated/openapi.js';
import type { Result } from './types.js';

type WebhookBodies = {
  [K in keyof webhooks]: webhooks[K] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;
}[keyof webhooks];

/**
 * A webhook event: the body of a delivery. Typed per event type (a union by `type`) from the
 * document's `webhooks` section when it has one; else the shape `GET /events/:id` answers.
 */
export type WebhookEvent = webhooks extends Record<string, never> ? Result<'getEvent'> : WebhookBodies;

/** A delivery's headers: a fetch `Headers`, Node's `req.headers`, or a plain object (any case). */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

/** The raw body of the delivery, exactly as received: never re-serialised JSON. */
export type WebhookPayload = string | Uint8Array | ArrayBuffer;

export interface VerifyOptions {
  /** The instant to check the timestamp against: a Date, or Unix seconds. Default: now. */
  now?: Date | number;
  /** How far, in seconds, the timestamp may be from now, either way. Default 300. */
  toleranceSeconds?: number;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (key.toLowerCase() !== name) continue;
    if (value === undefined) return undefined;
    return typeof value === 'string' ? value : value.join(' ');
  }
  return undefined;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function payloadBytes(payload: WebhookPayload): Uint8Array {
  if (typeof payload === 'string') return new TextEncoder().encode(payload);
  return payload instanceof Uint8Array ? payload : new Uint8Array(payload);
}

/**
 * Checks that a delivery was signed by Lectern with `secret` (`whsec_…`) and answers its event.
 * Throws WebhookVerificationError when a webhook header is missing, the timestamp is more than 5
 * minutes from now (either way), no `v1` signature matches (signatures are compared by Web Crypto's
 * HMAC verify, in constant time), or the body is not JSON. Usable without a client.
 */
export async function verifyWebhook(
  payload: WebhookPayload,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id) throw new WebhookVerificationError('Missing webhook-id header');
  if (!timestamp) throw new WebhookVerificationError('Missing webhook-timestamp header');
  if (!signatures) throw new WebhookVerificationError('Missing webhook-signature header');

  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp header');
  const now = options.now instanceof Date ? options.now.getTime() / 1000 : (options.now ?? Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('Webhook timestamp is outside the tolerance (a replay, or a clock out of step)');
  }

  const keyBytes = base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (keyBytes === undefined || keyBytes.length === 0) throw new WebhookVerificationError('The webhook secret is not valid base64');
  const body = payloadBytes(payload);
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);

  const { subtle } = await webCrypto();
  const key = await subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  let matched = false;
  for (const candidate of signatures.split(' ')) {
    const comma = candidate.indexOf(',');
    if (comma < 0 || candidate.slice(0, comma) !== 'v1') continue;
    const signature = base64Bytes(candidate.slice(comma + 1));
    if (signature === undefined) continue;
    if (await subtle.verify('HMAC', key, signature, signed)) {
      matched = true;
      break;
    }
  }
  if (!matched) throw new WebhookVerificationError('No matching webhook signature');

  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch (cause) {
    throw new WebhookVerificationError('The webhook body is not JSON', { cause });
  }
}

/** `client.webhooks`: the webhook endpoint operations, and verification of deliveries. */
export class Webhooks extends WebhooksResource {
  /** Verifies a delivery: see verifyWebhook. */
  verify(payload: WebhookPayload, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent> {
    return verifyWebhook(payload, headers, secret, options);
  }

  /** Verifies a delivery without a client. */
  static verify(payload: WebhookPayload, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent> {
    return verifyWebhook(payload, headers, secret, options);
  }
}
