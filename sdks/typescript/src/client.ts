// The client: configuration, one request with its retries, and auto-pagination. The resources and
// their typed methods are generated (src/generated/resources.ts); they all end up here.
import { ApiError, ConfigurationError, ConnectionError, errorFromResponse, parseRetryAfter } from './errors.js';
import { LecternResources, VERSION } from './generated/resources.js';
import { Imports } from './imports.js';
import { PageIterator, type CursorPage } from './pagination.js';
import { environment, randomUuid, runtimeDescription } from './runtime.js';
import type { OperationSpec, RequestOptions } from './types.js';
import { Upload } from './upload.js';
import { verifyWebhook, Webhooks, type VerifyOptions, type WebhookEvent, type WebhookHeaders, type WebhookPayload } from './webhooks.js';

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

interface Answer {
  response: Response;
  bytes: Uint8Array;
}

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);

const defaultSleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

function queryString(query: object | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(name, item instanceof Date ? item.toISOString() : String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The request of one attempt of an upload: a stream body needs `duplex: 'half'` (fetch's rule; not in lib.dom yet). */
async function uploadInit(method: string, headers: Headers, upload: Upload): Promise<RequestInit> {
  const body = await upload.open();
  return body instanceof ReadableStream ? ({ method, headers, body, duplex: 'half' } as RequestInit) : { method, headers, body };
}

/**
 * The Lectern API client.
 *
 * ```ts
 * const lectern = new Lectern({ apiKey: 'lct_prod_…', baseUrl: 'https://lectern.example.com/api/v1' });
 * const course = await lectern.courses.create({ title: 'Intro to Statistics' });
 * ```
 */
export class Lectern extends LecternResources {
  /** The library's version (the API version it was generated for). */
  static readonly VERSION = VERSION;
  /** Verifies a webhook delivery without a client (see verifyWebhook). */
  static verifyWebhook(payload: WebhookPayload, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent> {
    return verifyWebhook(payload, headers, secret, options);
  }

  override readonly webhooks: Webhooks = new Webhooks(this);
  override readonly imports: Imports = new Imports(this, (milliseconds) => this.#sleep(milliseconds));

  readonly baseUrl: string;
  readonly maxAttempts: number;
  readonly maxRetryAfter: number;
  readonly timeout: number;
  readonly #apiKey: string;
  readonly #fetch: Fetch;
  readonly #sleep: (milliseconds: number) => Promise<void>;
  readonly #userAgent: string;

  constructor(options: LecternOptions = {}) {
    super();
    const apiKey = options.apiKey ?? environment('LECTERN_API_KEY');
    const baseUrl = options.baseUrl ?? environment('LECTERN_BASE_URL');
    if (!apiKey) throw new ConfigurationError('No API key: pass `apiKey` or set LECTERN_API_KEY');
    if (!baseUrl) throw new ConfigurationError('No base URL: pass `baseUrl` or set LECTERN_BASE_URL (e.g. https://lectern.example.com/api/v1)');
    try {
      new URL(baseUrl);
    } catch (cause) {
      throw new ConfigurationError(`The base URL is not a URL: ${baseUrl}`, { cause });
    }
    this.#apiKey = apiKey;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.maxAttempts = options.maxAttempts ?? 3;
    this.maxRetryAfter = options.maxRetryAfter ?? 60;
    this.timeout = options.timeout ?? 30_000;
    if (!Number.isInteger(this.maxAttempts) || this.maxAttempts < 1) throw new ConfigurationError('maxAttempts must be an integer of at least 1');
    if (options.fetch === undefined && typeof globalThis.fetch !== 'function') throw new ConfigurationError('No fetch in this runtime: pass `fetch`');
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#sleep = options.sleep ?? defaultSleep;
    this.#userAgent = `lectern-typescript/${VERSION} (${runtimeDescription()})`;
  }

  /**
   * Sends one operation with its retries and answers its result (see the README). `body` is JSON,
   * or an Upload (a file sent as is, with its content type).
   */
  async request<T>(
    operation: OperationSpec,
    pathArgs: readonly string[],
    body: unknown,
    query: object | undefined,
    options: RequestOptions = {},
  ): Promise<T> {
    let path = operation.path;
    operation.pathParams.forEach((name, index) => {
      const value = pathArgs[index];
      if (typeof value !== 'string' || value === '') throw new ConfigurationError(`${operation.resource}.${operation.method}: \`${name}\` is required`);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    });
    const url = `${this.baseUrl}${path}${queryString(query)}`;

    const headers = new Headers({
      Authorization: `Bearer ${this.#apiKey}`,
      'User-Agent': this.#userAgent,
      Accept: operation.raw ? '*/*' : 'application/json',
    });
    const method = operation.httpMethod;
    let payload: string | undefined;
    if (body instanceof Upload) {
      headers.set('Content-Type', body.contentType);
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
    // A stream the caller handed over is read by the first attempt: nothing is left to send again.
    const repeatable = !(body instanceof Upload) || body.repeatable;
    if (method === 'POST' && options.idempotencyKey !== false) {
      headers.set('Idempotency-Key', options.idempotencyKey ?? (await randomUuid()));
    }
    // Names are case-insensitive: a caller's header replaces ours (an Idempotency-Key given here counts as the call's key).
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    const safeToRetry = repeatable && (IDEMPOTENT_METHODS.has(method) || (method === 'POST' && headers.has('Idempotency-Key')));

    const maxAttempts = options.maxAttempts ?? this.maxAttempts;
    for (let attempt = 0; ; attempt++) {
      const last = attempt + 1 >= maxAttempts;
      let answer: Answer;
      try {
        answer = await this.#send(url, body instanceof Upload ? await uploadInit(method, headers, body) : { method, headers, body: payload }, options);
      } catch (error) {
        if (!(error instanceof ConnectionError) || !safeToRetry || last) throw error;
        await this.#wait(2 ** attempt, options.signal);
        continue;
      }
      const { response, bytes } = answer;

      if (response.ok) {
        options.onResponse?.({ status: response.status, headers: response.headers, requestId: response.headers.get('x-request-id') });
        return this.#parse(response, bytes, operation) as T;
      }

      const retryable = repeatable && (response.status === 429 || (RETRYABLE_STATUSES.has(response.status) && safeToRetry));
      const wait = parseRetryAfter(response.headers.get('retry-after')) ?? 2 ** attempt;
      if (!retryable || last || wait > this.maxRetryAfter) {
        options.onResponse?.({ status: response.status, headers: response.headers, requestId: response.headers.get('x-request-id') });
        throw errorFromResponse(response.status, response.headers, new TextDecoder().decode(bytes));
      }
      await this.#wait(wait, options.signal);
    }
  }

  /** Iterates over every item of a list lazily, in cursor mode. */
  paginate<T>(operation: OperationSpec, pathArgs: readonly string[], query: object | undefined, options?: RequestOptions): PageIterator<T> {
    const { cursor, ...filters } = (query ?? {}) as { cursor?: string };
    return new PageIterator<T>(
      (next) => this.request<CursorPage<T>>(operation, pathArgs, undefined, { cursor: next, ...filters }, options),
      cursor ?? '',
    );
  }

  /** One attempt: the answer and its whole body, both within the timeout. */
  async #send(url: string, init: RequestInit, options: RequestOptions): Promise<Answer> {
    const controller = new AbortController();
    const timeout = options.timeout ?? this.timeout;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const signal = options.signal;
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.#fetch(url, { ...init, signal: controller.signal });
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
    } catch (cause) {
      if (signal?.aborted) throw signal.reason ?? cause;
      if (timedOut) throw new ConnectionError(`No answer from ${url} within ${timeout} ms`, { cause, timedOut: true });
      throw new ConnectionError(`Could not reach ${url}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  #parse(response: Response, bytes: Uint8Array, operation: OperationSpec): unknown {
    if (operation.raw) return bytes;
    const text = new TextDecoder().decode(bytes);
    if (response.status === 204 || text === '') return null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError({
        status: response.status,
        code: 'unexpected_response',
        message: `HTTP ${response.status}: the answer is not JSON`,
        details: {},
        requestId: response.headers.get('x-request-id'),
        retryAfter: null,
        headers: response.headers,
      });
    }
    // A single resource answers its `data`; a list or a bulk answer (data is an array) its envelope.
    if (typeof body === 'object' && body !== null && 'data' in body) {
      if (!Array.isArray(body.data)) return body.data;
    }
    return body;
  }

  async #wait(seconds: number, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    await this.#sleep(seconds * 1000);
    if (signal?.aborted) throw signal.reason;
  }
}
