import { createHash } from 'node:crypto';
import { AppError } from './errors.js';

/** One sort order a list offers: `created_at`, `-created_at`, … on (column, id). */
export interface SortOrder<C extends string = string> {
  column: C;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  page?: number | undefined;
  per_page?: number | undefined;
  cursor?: string | undefined;
  sort?: string | undefined;
  updated_since?: string | undefined;
}

/** Position after which a cursor page starts: the last row's sort value and id. */
export interface KeysetPosition {
  value: string | number;
  id: string;
}

export type PageRequest<C extends string = string> =
  | { mode: 'page'; page: number; perPage: number; sortName: string; sort: SortOrder<C> }
  | { mode: 'cursor'; perPage: number; sortName: string; sort: SortOrder<C>; after: KeysetPosition | undefined };

export const DEFAULT_PER_PAGE = 20;

/**
 * Turns list query parameters into a page request. `list` and `workspaceId` are bound into
 * cursors so that a cursor of another list or workspace is refused instead of silently misread.
 */
export function parseListQuery<C extends string>(
  list: string,
  workspaceId: string,
  query: ListQuery,
  sorts: Record<string, SortOrder<C>>,
  defaultSort: string,
): PageRequest<C> {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  if (query.cursor !== undefined) {
    if (query.page !== undefined) {
      throw new AppError('invalid_parameter', 'Use either page or cursor, not both', { parameter: 'cursor' });
    }
    const decoded = query.cursor === '' ? undefined : decodeCursor(query.cursor, list, workspaceId);
    const sortName = decoded?.sort ?? query.sort ?? defaultSort;
    if (decoded && query.sort !== undefined && query.sort !== decoded.sort) {
      throw new AppError('invalid_parameter', `This cursor walks sort=${decoded.sort}; drop sort or start a new walk`, { parameter: 'sort' });
    }
    const sort = lookupSort(sorts, sortName);
    return { mode: 'cursor', perPage, sortName, sort, after: decoded?.after };
  }
  const sortName = query.sort ?? defaultSort;
  return { mode: 'page', page: query.page ?? 1, perPage, sortName, sort: lookupSort(sorts, sortName) };
}

function lookupSort<C extends string>(sorts: Record<string, SortOrder<C>>, name: string): SortOrder<C> {
  const sort = sorts[name];
  if (!sort) {
    throw new AppError('invalid_parameter', `sort must be one of ${Object.keys(sorts).join(', ')}`, { parameter: 'sort' });
  }
  return sort;
}

interface CursorPayload {
  l: string; // list
  w: string; // workspace fingerprint
  s: string; // sort name
  v: string | number; // sort value of the last row
  i: string; // id of the last row
}

export function encodeCursor(list: string, workspaceId: string, sortName: string, after: KeysetPosition): string {
  const payload: CursorPayload = { l: list, w: fingerprint(workspaceId), s: sortName, v: after.value, i: after.id };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

function decodeCursor(cursor: string, list: string, workspaceId: string): { sort: string; after: KeysetPosition } {
  let payload: Partial<CursorPayload>;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorPayload>;
  } catch {
    throw invalidCursor();
  }
  const valid =
    typeof payload === 'object' &&
    payload !== null &&
    payload.l === list &&
    payload.w === fingerprint(workspaceId) &&
    typeof payload.s === 'string' &&
    (typeof payload.v === 'string' || typeof payload.v === 'number') &&
    typeof payload.i === 'string';
  if (!valid) throw invalidCursor();
  return { sort: payload.s!, after: { value: payload.v!, id: payload.i! } };
}

function invalidCursor(): AppError {
  return new AppError('invalid_parameter', 'cursor is malformed or belongs to another list; use next_cursor as returned', { parameter: 'cursor' });
}

function fingerprint(workspaceId: string): string {
  return createHash('sha256').update(workspaceId).digest('base64url').slice(0, 10);
}

/** Wire pagination object plus the Link relations to emit (GitHub style). */
export interface PageResult<T> {
  data: T[];
  pagination: {
    page?: number;
    per_page: number;
    total?: number;
    total_pages?: number;
    next_cursor: string | null;
    has_more?: boolean;
  };
  links: Partial<Record<'next' | 'prev' | 'first' | 'last', Record<string, string>>>;
}

/**
 * Builds the response of one page from rows fetched with one extra row (perPage + 1) that only
 * tells whether more follow. `total` is known in page mode only.
 */
export function toPageResult<R extends { id: string }, T>(
  list: string,
  workspaceId: string,
  request: PageRequest,
  rows: R[],
  total: number | undefined,
  sortValue: (row: R) => string | number,
  toWire: (row: R) => T,
): PageResult<T> {
  const hasMore = rows.length > request.perPage;
  const pageRows = hasMore ? rows.slice(0, request.perPage) : rows;
  const last = pageRows[pageRows.length - 1];
  const nextCursor = hasMore && last ? encodeCursor(list, workspaceId, request.sortName, { value: sortValue(last), id: last.id }) : null;
  const data = pageRows.map(toWire);
  if (request.mode === 'cursor') {
    return {
      data,
      pagination: { per_page: request.perPage, next_cursor: nextCursor, has_more: hasMore },
      links: nextCursor ? { next: { cursor: nextCursor, per_page: String(request.perPage) } } : {},
    };
  }
  const totalPages = Math.ceil((total ?? 0) / request.perPage);
  return {
    data,
    pagination: { page: request.page, per_page: request.perPage, total: total ?? 0, total_pages: totalPages, next_cursor: nextCursor },
    links: pageLinks(request.page, request.perPage, totalPages),
  };
}

/**
 * A page of a list that has page mode only (search, in relevance order): `data` is the page
 * itself, `next_cursor` always null.
 */
export function toPageOnlyResult<T>(page: number, perPage: number, data: T[], total: number): PageResult<T> {
  const totalPages = Math.ceil(total / perPage);
  return {
    data,
    pagination: { page, per_page: perPage, total, total_pages: totalPages, next_cursor: null },
    links: pageLinks(page, perPage, totalPages),
  };
}

function pageLinks(page: number, perPageNumber: number, totalPages: number): PageResult<unknown>['links'] {
  const perPage = String(perPageNumber);
  const links: PageResult<unknown>['links'] = {};
  if (page < totalPages) links.next = { page: String(page + 1), per_page: perPage };
  if (page > 1) links.prev = { page: String(Math.min(page - 1, Math.max(totalPages, 1))), per_page: perPage };
  if (totalPages > 0) {
    links.first = { page: '1', per_page: perPage };
    links.last = { page: String(totalPages), per_page: perPage };
  }
  return links;
}

/** `Link` header value: each relation is the request URL with its paging parameters replaced. */
export function linkHeader(baseUrl: string, query: Record<string, unknown>, links: PageResult<unknown>['links']): string | undefined {
  const parts: string[] = [];
  for (const [rel, params] of Object.entries(links)) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined || name === 'page' || name === 'cursor' || name === 'per_page') continue;
      // Query values are strings, numbers and booleans (the routes' schemas): as sent.
      search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const [name, value] of Object.entries(params)) search.set(name, value);
    parts.push(`<${baseUrl}?${search.toString()}>; rel="${rel}"`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}
