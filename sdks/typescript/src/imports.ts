// Imports of rosters (a CSV, NDJSON or zip file): the upload, streamed; waiting for the import to be
// done; its results, one per input row. The other import operations are generated.
import { ConfigurationError } from './errors.js';
import { ImportsResource, OPERATIONS } from './generated/resources.js';
import type { operations } from './generated/openapi.js';
import { nodeBuiltin } from './runtime.js';
import type { Query, Requester, RequestOptions, Result } from './types.js';
import { Upload } from './upload.js';

/** An import, as `GET /imports/{id}` answers it. */
export type Import = Result<'getImport'>;

type ResultsContent = operations['getImportResults']['responses'][200]['content'];
/**
 * One line of an import's results: the row's file (the zip member, else `-`), its physical line, its
 * type and external id, the action taken and, when it failed, `code`, `field` and `message`.
 */
export type ImportResult = ResultsContent extends { 'application/x-ndjson': infer Line } ? Line : Record<string, unknown>;

/**
 * What `imports.create` uploads: a file path (Node), a Blob or File, bytes, a web ReadableStream or
 * any async iterable of bytes (a Node stream). A path, a Blob and bytes are read anew on a retry; a
 * stream is read once, so an upload from a stream is not retried.
 */
export type ImportFile = string | Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** How long the polls of `wait` pause: from `pollInterval`, doubling up to `maxPollInterval`. */
export interface WaitOptions {
  /** The first pause between two reads of the import, in milliseconds. Default 500. */
  pollInterval?: number;
  /** The longest pause, in milliseconds. Default 5 000. */
  maxPollInterval?: number;
  /** Stops waiting (the import itself goes on). */
  signal?: AbortSignal;
}

export interface CreateImportOptions extends RequestOptions, WaitOptions {
  /**
   * The file's media type: `text/csv` (with `type` in the query), `application/x-ndjson` or
   * `application/zip`. Default: from the file name (`.csv`, `.ndjson` or `.jsonl`, `.zip`), else
   * `text/csv` when the query has a `type`.
   */
  contentType?: string;
  /**
   * Wait until the import is done (`succeeded`, `succeeded_with_errors`, `failed`, `canceled`) or
   * waits for a confirmation (`awaiting_confirmation`), and answer it then. Default false: answer
   * the queued import at once.
   */
  wait?: boolean;
}

/** The states in which an import no longer changes by itself. */
export const SETTLED_IMPORT_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'succeeded_with_errors', 'failed', 'canceled', 'awaiting_confirmation']);

/** Each attempt of an upload may take this long unless `timeout` says otherwise (50 MB over a slow line). */
export const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  ndjson: 'application/x-ndjson',
  jsonl: 'application/x-ndjson',
  zip: 'application/zip',
};

/** `client.imports`: the generated operations, and the upload, the wait and the results. */
export class Imports extends ImportsResource {
  constructor(
    client: Requester,
    private readonly sleep: (milliseconds: number) => Promise<void>,
  ) {
    super(client);
  }

  /**
   * Uploads a roster file and answers the import (202: queued), or with `wait: true` the import once
   * it is done or awaits confirmation. The file is streamed, never read whole; the call carries an
   * `Idempotency-Key` (a new one unless given), so a retried upload makes one import.
   *
   * ```ts
   * const done = await lectern.imports.create('students.csv', { type: 'students', dry_run: true }, { wait: true });
   * ```
   */
  async create(file: ImportFile, query?: Query<'createImport'>, options: CreateImportOptions = {}): Promise<Import> {
    const { contentType, wait, pollInterval, maxPollInterval, ...requestOptions } = options;
    const upload = await uploadOf(file, contentType ?? contentTypeOf(file, query));
    if (upload.contentType.split(';')[0]!.trim() === 'text/csv' && !(query as { type?: string } | undefined)?.type) {
      throw new ConfigurationError('A CSV import needs its type: pass { type: "students" } or { type: "enrollments" } as the query');
    }
    const created = await this.client.request<Import>(OPERATIONS.createImport, [], upload, query, { timeout: UPLOAD_TIMEOUT_MS, ...requestOptions });
    if (!wait || SETTLED_IMPORT_STATUSES.has(created.status)) return created;
    return this.wait(created.id, { pollInterval, maxPollInterval, signal: requestOptions.signal });
  }

  /**
   * Reads the import until it is done or awaits confirmation and answers it then: pauses of
   * `pollInterval` (500 ms), doubling up to `maxPollInterval` (5 s). Each read is one request
   * against the rate limit.
   */
  async wait(id: string, options: WaitOptions = {}): Promise<Import> {
    let pause = options.pollInterval ?? 500;
    const longest = options.maxPollInterval ?? 5_000;
    for (;;) {
      const current = await this.get(id, { signal: options.signal });
      if (SETTLED_IMPORT_STATUSES.has(current.status)) return current;
      if (options.signal?.aborted) throw options.signal.reason;
      await this.sleep(pause);
      if (options.signal?.aborted) throw options.signal.reason;
      pause = Math.min(pause * 2, longest);
    }
  }

  /**
   * The import's results, one per input row (`{status: 'error'}`: the failed rows only), as parsed
   * NDJSON lines. Asked when the loop starts; the answer is read whole, then yielded line by line.
   *
   * ```ts
   * for await (const row of lectern.imports.results(id, { status: 'error' })) console.log(row.line, row.message);
   * ```
   */
  async *results(id: string, query?: Query<'getImportResults'>, options: RequestOptions = {}): AsyncGenerator<ImportResult, void, undefined> {
    const headers = { Accept: 'application/x-ndjson', ...options.headers };
    const bytes = await this.client.request<Uint8Array>(OPERATIONS.getImportResults, [id], undefined, query, { ...options, headers });
    for (const line of new TextDecoder().decode(bytes).split('\n')) {
      if (line.trim() !== '') yield JSON.parse(line) as ImportResult;
    }
  }
}

function extensionType(name: string | undefined): string | undefined {
  const match = name === undefined ? null : /\.([A-Za-z0-9]+)$/.exec(name);
  return match ? CONTENT_TYPES[match[1]!.toLowerCase()] : undefined;
}

/** The name a file goes by: a path, a File's name, a Node file stream's path. */
function nameOf(file: ImportFile): string | undefined {
  if (typeof file === 'string') return file;
  const named = file as { name?: unknown; path?: unknown };
  if (typeof Blob !== 'undefined' && file instanceof Blob) return typeof named.name === 'string' ? named.name : undefined;
  return typeof named.path === 'string' ? named.path : undefined;
}

function contentTypeOf(file: ImportFile, query: Query<'createImport'> | undefined): string {
  const byName = extensionType(nameOf(file));
  if (byName !== undefined) return byName;
  if ((query as { type?: string } | undefined)?.type) return 'text/csv';
  throw new ConfigurationError(
    `Cannot tell the file's type from ${nameOf(file) === undefined ? 'a file without a name' : `"${nameOf(file)}"`}: pass contentType (text/csv, application/x-ndjson or application/zip)`,
  );
}

interface NodeFs {
  openAsBlob?: (path: string) => Promise<Blob>;
  createReadStream: (path: string) => AsyncIterable<Uint8Array>;
  promises: { access: (path: string) => Promise<void> };
}

async function uploadOf(file: ImportFile, contentType: string): Promise<Upload> {
  if (typeof file === 'string') {
    let fs: NodeFs;
    try {
      fs = await nodeBuiltin<NodeFs>('node:fs');
    } catch (cause) {
      throw new ConfigurationError('A file path needs Node: pass a Blob, a File or a stream here', { cause });
    }
    await fs.promises.access(file); // a missing file fails here, before any request
    // A Blob backed by the file (Node 19.8+): fetch streams it from disk with its length, anew for each attempt.
    if (typeof fs.openAsBlob === 'function') {
      const blob = await fs.openAsBlob(file);
      return new Upload(contentType, () => Promise.resolve(blob), true);
    }
    return new Upload(contentType, () => Promise.resolve(webStream(fs.createReadStream(file))), true);
  }
  if (typeof Blob !== 'undefined' && file instanceof Blob) return new Upload(contentType, () => Promise.resolve(file), true);
  // A view of a SharedArrayBuffer is not a body fetch sends; any other is.
  if (file instanceof Uint8Array) return new Upload(contentType, () => Promise.resolve(file as Uint8Array<ArrayBuffer>), true);
  if (file instanceof ArrayBuffer) return new Upload(contentType, () => Promise.resolve(new Uint8Array(file)), true);
  if (typeof ReadableStream !== 'undefined' && file instanceof ReadableStream) return new Upload(contentType, () => Promise.resolve(file), false);
  if (typeof (file as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    return new Upload(contentType, () => Promise.resolve(webStream(file as AsyncIterable<Uint8Array | string>)), false);
  }
  throw new ConfigurationError('imports.create takes a file path, a Blob, bytes or a stream');
}

/** A web stream over an async iterable of bytes (a Node stream), pulled as fetch sends. */
function webStream(source: AsyncIterable<Uint8Array | string>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}
