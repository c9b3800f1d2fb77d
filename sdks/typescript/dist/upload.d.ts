/**
 * The body of an upload: its media type, and how to get the bytes for one attempt. A file is read
 * anew for each attempt, so an upload is retried like any request; a stream the caller handed over
 * can be read once only, so its upload is not retried (`repeatable` false).
 */
export declare class Upload {
    readonly contentType: string;
    readonly open: () => Promise<Blob | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>>;
    readonly repeatable: boolean;
    constructor(contentType: string, open: () => Promise<Blob | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>>, repeatable: boolean);
}
