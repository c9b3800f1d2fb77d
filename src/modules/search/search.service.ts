import { applyPendingSearch, type FullTextTable } from '../../db/full-text.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { DEFAULT_PER_PAGE, type PageResult, toPageOnlyResult } from '../../shared/pagination.js';
import type { Course } from '../courses/courses.schemas.js';
import { toCourse } from '../courses/courses.service.js';
import type { Lesson } from '../lessons/lessons.schemas.js';
import { toLesson } from '../lessons/lessons.service.js';
import type { Student } from '../students/students.schemas.js';
import { toStudent } from '../students/students.service.js';
import * as repo from './search.repository.js';
import type { SearchQuery } from './search.schemas.js';

/**
 * The words of a search query: runs of letters and digits (with their combining accents), in
 * NFC so that a decomposed "é" is one letter. Everything else separates words; quotes, `*`,
 * `-`, `OR` or `NEAR(` mean nothing more than any other text, since each word is passed to the
 * database as a quoted term.
 */
export function searchWords(q: string): string[] {
  const runs = q.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const words = runs.filter((run) => /[\p{L}\p{N}]/u.test(run));
  return [...new Set(words)];
}

/** The words and page of a search, or the 400 that refuses it. */
function parseSearch(query: SearchQuery): repo.SearchPage {
  if (query.cursor !== undefined) {
    throw new AppError('invalid_parameter', 'Search has page mode only (results are in relevance order): use page and per_page', {
      parameter: 'cursor',
    });
  }
  const words = searchWords(query.q);
  if (words.length === 0) {
    const message = 'must contain at least one letter or digit';
    throw new AppError('validation_error', `Invalid query: /query/q ${message}`, { errors: [{ path: '/query/q', message }] });
  }
  return { words, page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PER_PAGE };
}

async function search<R, T>(
  ctx: ServiceContext,
  table: FullTextTable,
  workspaceId: string,
  query: SearchQuery,
  fetch: (page: repo.SearchPage) => Promise<R[]>,
  toWire: (row: R) => T,
): Promise<PageResult<T>> {
  const page = parseSearch(query);
  await applyPendingSearch(ctx.db);
  const [rows, total] = await Promise.all([fetch(page), repo.countMatches(ctx.db, table, workspaceId, page.words)]);
  return toPageOnlyResult(page.page, page.perPage, rows.map(toWire), total);
}

export function searchCourses(ctx: ServiceContext, workspaceId: string, query: SearchQuery): Promise<PageResult<Course>> {
  return search(ctx, 'courses', workspaceId, query, (page) => repo.searchCourses(ctx.db, workspaceId, page), toCourse);
}

/** Quiz answers only when `withAnswers` (keys with courses:write), as GET /lessons shows them. */
export function searchLessons(ctx: ServiceContext, workspaceId: string, query: SearchQuery, withAnswers: boolean): Promise<PageResult<Lesson>> {
  return search(ctx, 'lessons', workspaceId, query, (page) => repo.searchLessons(ctx.db, workspaceId, page), (row) => toLesson(row, withAnswers));
}

export function searchStudents(ctx: ServiceContext, workspaceId: string, query: SearchQuery): Promise<PageResult<Student>> {
  return search(ctx, 'students', workspaceId, query, (page) => repo.searchStudents(ctx.db, workspaceId, page), toStudent);
}
