import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Description, Id, ListOf, ListQueryFields, Metadata, PathId, Timestamp, Title } from '../../shared/schemas.js';

export const exampleCourse = {
  id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  title: 'Introduction to Algebra',
  description: 'Equations, functions and graphs, from the ground up.',
  published: true,
  enrollment_count: 42,
  external_id: 'sis-alg-101',
  metadata: { level: 'beginner' },
  created_at: '2026-11-21T19:05:00.000Z',
  updated_at: '2026-11-22T08:30:00.000Z',
};

export const Course = Type.Object(
  {
    id: Id('crs'),
    title: Type.String(),
    description: Type.String(),
    published: Type.Boolean(),
    enrollment_count: Type.Integer({ description: 'Enrollments that are not cancelled. Read-only.' }),
    external_id: Type.Union([Type.String(), Type.Null()], {
      description: 'Your own id for the course (unique in the workspace, exact text: `00123` is not `123`), or null.',
    }),
    metadata: Metadata,
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Course', title: 'Course', description: 'A course: ordered modules of lessons that students enroll in.', examples: [exampleCourse] },
);
export type Course = Static<typeof Course>;

const ExternalId = Type.String({
  minLength: 1,
  maxLength: 255,
  description: 'Your own id for the course (1..255 characters), unique in the workspace; kept and compared as exact text.',
});

export const CreateCourseBody = Type.Object(
  {
    title: Title,
    description: Type.Optional(Description),
    published: Type.Optional(Type.Boolean({ description: 'Defaults to false: the course is created unpublished unless `true` is sent.' })),
    external_id: Type.Optional(ExternalId),
    metadata: Type.Optional(Metadata),
  },
  {
    $id: 'CreateCourseRequest',
    additionalProperties: false,
    examples: [{ title: 'Introduction to Algebra', description: 'Equations, functions and graphs, from the ground up.', metadata: { level: 'beginner' } }],
  },
);
export type CreateCourseBody = Static<typeof CreateCourseBody>;

export const UpdateCourseBody = Type.Object(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    published: Type.Optional(Type.Boolean()),
    external_id: Type.Optional(Type.Union([ExternalId, Type.Null()], { description: 'null removes it.' })),
    metadata: Type.Optional(Metadata),
  },
  { $id: 'UpdateCourseRequest', additionalProperties: false, description: 'The fields to change; the others stay.', examples: [{ title: 'Algebra I', published: true }] },
);
export type UpdateCourseBody = Static<typeof UpdateCourseBody>;

export const courseSorts = {
  created_at: { column: 'created_at', direction: 'asc' },
  '-created_at': { column: 'created_at', direction: 'desc' },
  updated_at: { column: 'updated_at', direction: 'asc' },
  '-updated_at': { column: 'updated_at', direction: 'desc' },
  title: { column: 'title', direction: 'asc' },
  '-title': { column: 'title', direction: 'desc' },
} as const;

export const ListCoursesQuery = Type.Object(
  {
    ...ListQueryFields,
    sort: Type.Optional(
      Type.Enum(Object.keys(courseSorts), { description: 'Order: created_at (default), updated_at or title; a leading - reverses it.' }),
    ),
    published: Type.Optional(Type.Boolean({ description: 'Only published (true) or unpublished (false) courses.' })),
    external_id: Type.Optional(Type.String({ maxLength: 255, description: 'Only the course with this external id (exact text).' })),
  },
  { additionalProperties: false },
);
export type ListCoursesQuery = Static<typeof ListCoursesQuery>;

export const DeleteCourseQuery = Type.Object(
  { force: Type.Optional(Type.Boolean({ description: 'Delete even when the course has enrollments.' })) },
  { additionalProperties: false },
);

export const CourseParams = PathId('Course id (crs_…)');

/**
 * The path of an upsert: the client's own id. One that fails (empty, over 255 characters, a control
 * character) answers 404 like any path id that names nothing (validation.ts).
 */
export const CourseExternalIdParams = Type.Object(
  {
    external_id: Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Course id of your own: the `external_id` (1..255 characters, exact text, URL-encoded in the path).',
    }),
  },
  { additionalProperties: false },
);
/** Shared (app.addSchema in plugins/openapi.ts). */
export const courseSchemas = [Course];

export const CourseResponse = DataOf(Course, { description: 'The course.', examples: [{ data: exampleCourse }] });
export const CourseListResponse = ListOf(Course, {
  examples: [{ data: [exampleCourse], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null } }],
});
export const CourseDeletedResponse = Deleted('crs', { description: 'The course is gone.' });
