import { type TSchema, Type } from 'typebox';
import { type IdPrefix, idPattern } from './ids.js';

/** Building blocks reused by every resource's schemas. */

export const Id = (prefix: IdPrefix, description?: string) =>
  Type.String({ pattern: idPattern(prefix), examples: [`${prefix}_01jd4z3k9q8x7v6b5n4m3c2x1z`], ...(description ? { description } : {}) });

/**
 * A path id, checked loosely (1..64 characters, no control character): one that fails answers 404
 * like a missing one, never 400 (validation.ts). The description starts with the resource's name
 * ("Course id (crs_…)"), which that 404's message names.
 */
export const PathId = (description: string) => Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description }) }, { additionalProperties: false });

/** The resource a path-id schema names: "Course id (crs_…)" → "Course"; "Resource" when it names none. */
export function pathResource(schema: TSchema): string {
  const properties = (schema as { properties?: Record<string, { description?: string }> }).properties ?? {};
  for (const property of Object.values(properties)) {
    const name = /^(.+?) id\b/.exec(property.description ?? '')?.[1];
    if (name) return name;
  }
  return 'Resource';
}

export const Timestamp = (description?: string) =>
  Type.String({ format: 'date-time', examples: ['2026-11-21T19:05:00.000Z'], ...(description ? { description } : {}) });

export const Metadata = Type.Record(Type.String(), Type.String({ maxLength: 500 }), {
  maxProperties: 50,
  propertyNames: { minLength: 1, maxLength: 40 },
  description: 'Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given.',
});

/** A name people read: 1..200 characters, not blank (courses, modules, lessons, students). */
export const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: '1..200 characters, not blank.' });

/** Longer markdown text of a course or module. */
export const Description = Type.String({ maxLength: 20_000, description: 'Up to 20,000 characters (markdown).' });

/** The error envelope of every failure (docs/api.md, "Errors"). `$ref: 'Error'` in responses. */
export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Machine-readable code from the closed list in docs/api.md.' }),
      message: Type.String({ description: 'Human-readable explanation.' }),
      details: Type.Record(Type.String(), Type.Unknown(), { description: 'Structured context; may be empty.' }),
      request_id: Type.String({ description: 'The X-Request-Id of this response.' }),
      retry_after: Type.Optional(Type.Integer({ description: 'Seconds to wait (429 only).' })),
    }),
  },
  { $id: 'Error', title: 'Error' },
);

const errorRef = { $ref: 'Error#' } as unknown as TSchema;

/** Error statuses every authenticated API route can answer. */
const commonErrors = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  429: errorRef,
  500: errorRef,
} as const;

/** Route responses: the given success schemas plus the shared error envelope for each listed status. */
export function responses<T extends Record<number, TSchema>>(success: T, ...extraErrors: number[]) {
  const errors: Record<number, TSchema> = { ...commonErrors };
  for (const status of extraErrors) errors[status] = errorRef;
  return { ...errors, ...success } as T & typeof commonErrors;
}

/** Paging parameters of every list (docs/api.md, "Pagination"). */
export const PageQueryFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, description: 'Page number, 1-based (page mode).' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Records per page, 1..100 (default 20).' })),
  cursor: Type.Optional(
    Type.String({ maxLength: 512, description: 'Cursor mode: `next_cursor` of the previous page; empty to start from the beginning.' }),
  ),
};

/** Query parameters every list of records that change takes: paging and incremental sync. */
export const ListQueryFields = {
  ...PageQueryFields,
  updated_since: Type.Optional(Timestamp('Only records updated at or after this time.')),
};

export const Pagination = Type.Object(
  {
    page: Type.Optional(Type.Integer({ description: 'Page mode: this page, 1-based.' })),
    per_page: Type.Integer(),
    total: Type.Optional(Type.Integer({ description: 'Page mode: number of matching records.' })),
    total_pages: Type.Optional(Type.Integer({ description: 'Page mode: number of pages.' })),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page, or null at the end.' }),
    has_more: Type.Optional(Type.Boolean({ description: 'Cursor mode: whether another page follows.' })),
  },
  { description: 'Page mode: page, per_page, total, total_pages, next_cursor. Cursor mode: per_page, next_cursor, has_more.' },
);

export const ListOf = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), pagination: Pagination });

export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: item });

export const Deleted = (prefix: IdPrefix) => Type.Object({ data: Type.Object({ id: Id(prefix), deleted: Type.Literal(true) }) });

export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({ description: 'ETag of the version you read; the update fails with 412 if it changed.' })),
});

/** Stored metadata (JSON text) as the wire object; most rows have none. */
export function parseMetadata(text: string): Record<string, string> {
  return text === '{}' ? {} : (JSON.parse(text) as Record<string, string>);
}
