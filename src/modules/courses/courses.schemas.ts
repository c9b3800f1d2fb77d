import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Description, Id, ListOf, ListQueryFields, Metadata, PathId, Timestamp, Title } from '../../shared/schemas.js';

export const Course = Type.Object(
  {
    id: Id('crs'),
    title: Type.String(),
    description: Type.String(),
    published: Type.Boolean(),
    enrollment_count: Type.Integer({ description: 'Enrollments that are not cancelled. Read-only.' }),
    metadata: Metadata,
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'Course' },
);
export type Course = Static<typeof Course>;


export const CreateCourseBody = Type.Object(
  {
    title: Title,
    description: Type.Optional(Description),
    published: Type.Optional(Type.Boolean({ default: false })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type CreateCourseBody = Static<typeof CreateCourseBody>;

export const UpdateCourseBody = Type.Object(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    published: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
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
  },
  { additionalProperties: false },
);
export type ListCoursesQuery = Static<typeof ListCoursesQuery>;

export const DeleteCourseQuery = Type.Object(
  { force: Type.Optional(Type.Boolean({ description: 'Delete even when the course has enrollments.' })) },
  { additionalProperties: false },
);

export const CourseParams = PathId('Course id (crs_…)');
export const CourseResponse = DataOf(Course);
export const CourseListResponse = ListOf(Course);
export const CourseDeletedResponse = Deleted('crs');
