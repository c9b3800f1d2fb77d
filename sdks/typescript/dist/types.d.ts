import type { operations } from './generated/openapi.js';
import type { PageIterator } from './pagination.js';
export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];
/** A path parameter of an operation (ids are strings). */
export type PathParam<K extends OperationId, N extends string> = Op<K> extends {
    parameters: {
        path: infer P;
    };
} ? N extends keyof P ? P[N] : string : string;
/** The query parameters of an operation. */
export type Query<K extends OperationId> = Op<K> extends {
    parameters: {
        query?: infer Q;
    };
} ? NonNullable<Q> : never;
/** The query of an auto-paginating list: the filters and `per_page`; `cursor` resumes a walk. */
export type ListQuery<K extends OperationId> = Omit<Query<K>, 'page'>;
/** The JSON request body of an operation. */
export type Body<K extends OperationId> = Op<K> extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
type StatusText<S> = `${S & (string | number)}`;
type SuccessBodies<R> = {
    [S in keyof R]: StatusText<S> extends `2${string}` ? R[S] extends {
        content: {
            'application/json': infer J;
        };
    } ? J : null : never;
}[keyof R];
/** The whole JSON answer of an operation on success (every 2xx, e.g. 201 | 207 for bulk). */
export type Answer<K extends OperationId> = SuccessBodies<Op<K>['responses']>;
type Unwrap<A> = A extends {
    data: infer D;
} ? (D extends readonly unknown[] ? A : D) : A;
/**
 * What a method answers: the `data` object of a single resource, the whole envelope of a list or
 * a bulk answer (`data` is an array there), null for a 204.
 */
export type Result<K extends OperationId> = Unwrap<Answer<K>>;
/** One item of a list operation's `data`. */
export type Item<K extends OperationId> = Answer<K> extends {
    data: ReadonlyArray<infer I>;
} ? I : never;
/** One operation of sdks/operations.json, as the client needs it to send a request. */
export interface OperationSpec {
    readonly operationId: string;
    readonly resource: string;
    readonly method: string;
    readonly httpMethod: string;
    /** Relative to the base URL, with `{name}` placeholders. */
    readonly path: string;
    readonly pathParams: readonly string[];
    readonly queryParams: readonly string[];
    readonly hasBody: boolean;
    readonly cursorList: boolean;
    /** The answer is a file: returned as bytes. */
    readonly raw: boolean;
}
/** Status and headers of the answer a call ended with (see RequestOptions.onResponse). */
export interface ResponseInfo {
    readonly status: number;
    readonly headers: Headers;
    readonly requestId: string | null;
}
/** Options of one call. */
export interface RequestOptions {
    /**
     * The Idempotency-Key of a POST. By default every POST carries a new random UUID, the same on
     * each retry of the call. Give your own to make a call safe to repeat across processes, or
     * `false` to send none (a POST without a key is then not retried after a network error or 5xx).
     */
    idempotencyKey?: string | false;
    /** Extra headers, e.g. `{'If-Match': etag}`. */
    headers?: Record<string, string>;
    /** Cancels the call (and its retries). */
    signal?: AbortSignal;
    /** Overrides the client's timeout for each attempt, in milliseconds. */
    timeout?: number;
    /** Overrides the client's maxAttempts. */
    maxAttempts?: number;
    /** Called with the status and headers of the final answer (e.g. to read `ETag` or `Idempotent-Replayed`). */
    onResponse?: (response: ResponseInfo) => void;
}
/** What the generated resources need from the client. */
export interface Requester {
    request<T>(operation: OperationSpec, pathArgs: readonly string[], body: unknown, query: object | undefined, options: RequestOptions | undefined): Promise<T>;
    paginate<T>(operation: OperationSpec, pathArgs: readonly string[], query: object | undefined, options: RequestOptions | undefined): PageIterator<T>;
}
export {};
