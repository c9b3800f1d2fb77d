import { type Static, Type } from 'typebox';
import { BulkRequest, BulkResults, DataOf, Id, ListOf, ListQueryFields, PathId, Timestamp } from '../../shared/schemas.js';

export const EnrollmentStatus = Type.Union([Type.Literal('active'), Type.Literal('completed'), Type.Literal('cancelled')], {
  description: 'active → completed when the last lesson is completed; cancelled by DELETE (history kept).',
});

export const exampleEnrollment = {
  id: 'enr_01jd4z3r4s5t6v7w8x9y0z1a2b',
  student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
  course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  status: 'active',
  progress_percent: 50,
  score: 75,
  enrolled_at: '2026-11-21T19:15:00.000Z',
  completed_at: null,
  created_at: '2026-11-21T19:15:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
};

export const Enrollment = Type.Object(
  {
    id: Id('enr'),
    student_id: Id('stu'),
    course_id: Id('crs'),
    status: EnrollmentStatus,
    progress_percent: Type.Integer({ minimum: 0, maximum: 100, description: 'Completed lessons of the course, in percent.' }),
    score: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
      description:
        'The course score, 0–100 (two decimals): the mean, over the course’s quiz lessons, of the student’s latest attempt score (a quiz not attempted counts 0); a course without quizzes scores its progress percent. Worked out after each quiz attempt and at completion (null before either); it is what an LMS gets as the grade (docs/lti.md, "Grades (AGS)").',
    }),
    enrolled_at: Timestamp('When the enrollment became active (again, after a reactivation).'),
    completed_at: Type.Union([Timestamp(), Type.Null()]),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Enrollment', title: 'Enrollment', description: 'A student in a course.', examples: [exampleEnrollment] },
);
export type Enrollment = Static<typeof Enrollment>;

export const CreateEnrollmentBody = Type.Object(
  {
    student_id: Type.String({ minLength: 1, maxLength: 64, description: 'Student id (stu_…) of this workspace.' }),
    course_id: Type.String({ minLength: 1, maxLength: 64, description: 'Published course id (crs_…) of this workspace.' }),
  },
  {
    $id: 'CreateEnrollmentRequest',
    additionalProperties: false,
    examples: [{ student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a', course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z' }],
  },
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
export const EnrollmentResponse = DataOf(Enrollment, { description: 'The enrollment.', examples: [{ data: exampleEnrollment }] });
export const EnrollmentListResponse = ListOf(Enrollment, {
  examples: [{ data: [exampleEnrollment], pagination: { per_page: 100, next_cursor: null, has_more: false } }],
});

export const BulkCreateEnrollmentsBody = BulkRequest(CreateEnrollmentBody, [
  {
    records: [
      { student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a', course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z' },
      { student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9c', course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z' },
    ],
  },
]);
export const EnrollmentBulk = BulkResults(
  'Enrollment',
  Enrollment,
  ['validation_error', 'resource_not_found', 'already_enrolled', 'course_not_published', 'student_inactive'],
  {
    created: { data: [{ index: 0, status: 'created', data: exampleEnrollment }] },
    mixed: {
      data: [
        { index: 0, status: 'created', data: exampleEnrollment },
        {
          index: 1,
          status: 'error',
          error: {
            code: 'resource_not_found',
            message: 'Student stu_01jd4z3q1r2s3t4v5w6x7y8z9c not found',
            details: { resource: 'student', id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9c' },
          },
        },
      ],
    },
  },
);

/** Shared (app.addSchema in plugins/openapi.ts). */
export const enrollmentSchemas = [Enrollment, ...EnrollmentBulk.schemas];
