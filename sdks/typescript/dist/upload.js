// A request body that is a file rather than JSON (an import's CSV, NDJSON or zip), sent as is.
/**
 * The body of an upload: its media type, and how to get the bytes for one attempt. A file is read
 * anew for each attempt, so an upload is retried like any request; a stream the caller handed over
 * can be read once only, so its upload is not retried (`repeatable` false).
 */
export class Upload {
    contentType;
    open;
    repeatable;
    constructor(contentType, open, repeatable) {
        this.contentType = contentType;
        this.open = open;
        this.repeatable = repeatable;
    }
}
