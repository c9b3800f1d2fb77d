/** One page of a list in cursor mode, as the API answers it. */
export interface CursorPage<T> {
    data: readonly T[];
    pagination: {
        next_cursor?: string | null;
        has_more?: boolean;
    };
}
/**
 * Every item of a list, fetched lazily in cursor mode: the first page with `cursor=` empty (or the
 * cursor given to resume a walk), each next one with the previous answer's `next_cursor`, asked only
 * once the previous page's items are consumed, until `has_more` is false. Use it in `for await`;
 * each loop walks the list anew.
 */
export declare class PageIterator<T> implements AsyncIterable<T> {
    private readonly fetchPage;
    private readonly startCursor;
    constructor(fetchPage: (cursor: string) => Promise<CursorPage<T>>, startCursor?: string);
    [Symbol.asyncIterator](): AsyncIterator<T>;
    /** Walks the whole list into an array (every page is one request against the rate limit). */
    toArray(): Promise<T[]>;
}
