/**
 * Every item of a list, fetched lazily in cursor mode: the first page with `cursor=` empty (or the
 * cursor given to resume a walk), each next one with the previous answer's `next_cursor`, asked only
 * once the previous page's items are consumed, until `has_more` is false. Use it in `for await`;
 * each loop walks the list anew.
 */
export class PageIterator {
    fetchPage;
    startCursor;
    constructor(fetchPage, startCursor = '') {
        this.fetchPage = fetchPage;
        this.startCursor = startCursor;
    }
    async *[Symbol.asyncIterator]() {
        let cursor = this.startCursor;
        for (;;) {
            const page = await this.fetchPage(cursor);
            yield* page.data;
            const next = page.pagination.next_cursor;
            if (page.pagination.has_more !== true || next === null || next === undefined)
                return;
            cursor = next;
        }
    }
    /** Walks the whole list into an array (every page is one request against the rate limit). */
    async toArray() {
        const items = [];
        for await (const item of this)
            items.push(item);
        return items;
    }
}
