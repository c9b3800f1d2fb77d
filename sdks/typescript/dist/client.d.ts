import { LecternResources } from './generated/resources.js';
import { Imports } from './imports.js';
import { PageIterator } from './pagination.js';
import type { OperationSpec, RequestOptions } from './types.js';
import { Webhooks, type VerifyOptions, type WebhookEvent, type WebhookHeaders, type WebhookPayload } from './webhooks.js';
/** A fetch-compatible function: the transport (inject a fake one in tests). */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;
export interface LecternOptions {
    /** The API key (`lct_…`). Default: the LECTERN_API_KEY environment variable. */
    apiKey?: string;
    /** The API's base URL, e.g. `https://lectern.example.com/api/v1`. Default: LECTERN_BASE_URL. */
    baseUrl?: string;
    /** Attempts per call, the first included (1 turns retries off). Default 3. */
    maxAttempts?: number;
    /** The longest wait, in seconds, a retry may ask for; a 429 asking more is thrown at once. Default 60. */
    maxRetryAfter?: number;
    /** Timeout of each attempt, in milliseconds. Default 30 000. */
    timeout?: number;
    /** The transport. Default: the global fetch. */
    fetch?: Fetch;
    /** Waits between attempts (milliseconds). Default: setTimeout. */
    sleep?: (milliseconds: number) => Promise<void>;
}
/**
 * The Lectern API client.
 *
 * ```ts
 * const lectern = new Lectern({ apiKey: 'lct_prod_…', baseUrl: 'https://lectern.example.com/api/v1' });
 * const course = await lectern.courses.create({ title: 'Intro to Statistics' });
 * ```
 */
export declare class Lectern extends LecternResources {
    #private;
    /** The library's version (the API version it was generated for). */
    static readonly VERSION = "1.0.0";
    /** Verifies a webhook delivery without a client (see verifyWebhook). */
    static verifyWebhook(payload: WebhookPayload, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent>;
    readonly webhooks: Webhooks;
    readonly imports: Imports;
    readonly baseUrl: string;
    readonly maxAttempts: number;
    readonly maxRetryAfter: number;
    readonly timeout: number;
    constructor(options?: LecternOptions);
    /**
     * Sends one operation with its retries and answers its result (see the README). `body` is JSON,
     * or an Upload (a file sent as is, with its content type).
     */
    request<T>(operation: OperationSpec, pathArgs: readonly string[], body: unknown, query: object | undefined, options?: RequestOptions): Promise<T>;
    /** Iterates over every item of a list lazily, in cursor mode. */
    paginate<T>(operation: OperationSpec, pathArgs: readonly string[], query: object | undefined, options?: RequestOptions): PageIterator<T>;
}
