import { WebhooksResource } from './generated/resources.js';
import type { webhooks } from './generated/openapi.js';
import type { Result } from './types.js';
type WebhookBodies = {
    [K in keyof webhooks]: webhooks[K] extends {
        post: {
            requestBody?: {
                content: {
                    'application/json': infer B;
                };
            };
        };
    } ? B : never;
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
export declare const DEFAULT_TOLERANCE_SECONDS = 300;
/**
 * Checks that a delivery was signed by Lectern with `secret` (`whsec_…`) and answers its event.
 * Throws WebhookVerificationError when a webhook header is missing, the timestamp is more than 5
 * minutes from now (either way), no `v1` signature matches (signatures are compared by Web Crypto's
 * HMAC verify, in constant time), or the body is not JSON. Usable without a client.
 */
export declare function verifyWebhook(payload: WebhookPayload, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent>;
/** `client.webhooks`: the webhook endpoint operations, and verification of deliveries. */
export declare class Webhooks extends WebhooksResource {
    /** Verifies a delivery: see verifyWebhook. */
    verify(payload: WebhookPayload, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent>;
    /** Verifies a delivery without a client. */
    static verify(payload: WebhookPayload, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent>;
}
export {};
