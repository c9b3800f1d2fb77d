import { ImportsResource } from './generated/resources.js';
import type { operations } from './generated/openapi.js';
import type { Query, Requester, RequestOptions, Result } from './types.js';
/** An import, as `GET /imports/{id}` answers it. */
export type Import = Result<'getImport'>;
type ResultsContent = operations['getImportResults']['responses'][200]['content'];
/**
 * One line of an import's results: the row's file (the zip member, else `-`), its physical line, its
 * type and external id, the action taken and, when it failed, `code`, `field` and `message`.
 */
export type ImportResult = ResultsContent extends {
    'application/x-ndjson': infer Line;
} ? Line : Record<string, unknown>;
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
export declare const SETTLED_IMPORT_STATUSES: ReadonlySet<string>;
/** Each attempt of an upload may take this long unless `timeout` says otherwise (50 MB over a slow line). */
export declare const UPLOAD_TIMEOUT_MS: number;
/** `client.imports`: the generated operations, and the upload, the wait and the results. */
export declare class Imports extends ImportsResource {
    private readonly sleep;
    constructor(client: Requester, sleep: (milliseconds: number) => Promise<void>);
    /**
     * Uploads a roster file and answers the import (202: queued), or with `wait: true` the import once
     * it is done or awaits confirmation. The file is streamed, never read whole; the call carries an
     * `Idempotency-Key` (a new one unless given), so a retried upload makes one import.
     *
     * ```ts
     * const done = await lectern.imports.create('students.csv', { type: 'students', dry_run: true }, { wait: true });
     * ```
     */
    create(file: ImportFile, query?: Query<'createImport'>, options?: CreateImportOptions): Promise<Import>;
    /**
     * Reads the import until it is done or awaits confirmation and answers it then: pauses of
     * `pollInterval` (500 ms), doubling up to `maxPollInterval` (5 s). Each read is one request
     * against the rate limit.
     */
    wait(id: string, options?: WaitOptions): Promise<Import>;
    /**
     * The import's results, one per input row (`{status: 'error'}`: the failed rows only), as parsed
     * NDJSON lines. Asked when the loop starts; the answer is read whole, then yielded line by line.
     *
     * ```ts
     * for await (const row of lectern.imports.results(id, { status: 'error' })) console.log(row.line, row.message);
     * ```
     */
    results(id: string, query?: Query<'getImportResults'>, options?: RequestOptions): AsyncGenerator<ImportResult, void, undefined>;
}
export {};
