import { type Static, Type } from 'typebox';
import { DataOf, Id, ListOf, ListQueryFields, PathId, Timestamp } from '../../shared/schemas.js';

export const EnrollmentStatus = Type.Union([Type.Literal('active'), Type.Literal('completed'), Type.Literal('cancelled')], {
  description: 'active → completed when the last lesson is completed; cancelled by DELETE (history kept).',
});

export const Enrollment = Type.Object(
  {
    id: Id('enr'),
    student_id: Id('stu'),
    course_id: Id('crs'),
    status: EnrollmentStatus,
    progress_percent: Type.Integer({ minimum: 0, maximum: 100, description: 'Completed lessons of the course, in percent.' }),
    enrolled_at: Timestamp('When the enrollment became active (again, after a reactivation).'),
    completed_at: Type.Union([Timestamp(), Type.Null()]),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'Enrollment' },
);
export type Enrollment = Static<typeof Enrollment>;

export const CreateEnrollmentBody = Type.Object(
  {
    student_id: Type.String({ minLength: 1, maxLength: 64, description: 'Student id (stu_…) of this workspace.' }),
    course_id: Type.String({ minLength: 1, maxLength: 64, description: 'Published course id (crs_…) of this workspace.' }),
  },
  { additionalProperties: false },
);
export type CreateEnrollmentBody = Static<typeof CreateEnrollmentBody>;

export const enrollmentSorts = {
  created_at: { column: 'created_at', direction: 'asc' },
  '-created_at': { column: 'created_at', direction: 'desc' },
  updated_at: { column: 'updated_at', direction: 'asc' },
  '-updated_at': { column: 'updated_at', direction: 'desc' },
} as const;

export const ListEnrollmentsQuery = Type.Object(
  {
    ...ListQueryFields,
    sort: Type.Optional(Type.Enum(Object.keys(enrollmentSorts), { description: 'created_at (default) or updated_at; a leading - reverses it.' })),
    student_id: Type.Optional(Type.String({ maxLength: 64 })),
    course_id: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(EnrollmentStatus),
  },
  { additionalProperties: false },
);
export type ListEnrollmentsQuery = Static<typeof ListEnrollmentsQuery>;

export const EnrollmentParams = PathId('Enrollment id (enr_…)');
export const EnrollmentResponse = DataOf(Enrollment);
export const EnrollmentListResponse = ListOf(Enrollment);
