import { type Static, Type } from 'typebox';
import { BulkRequest, BulkResults, DataOf, Deleted, Id, ListOf, ListQueryFields, Metadata, PathId, Timestamp, Title } from '../../shared/schemas.js';

export const exampleStudent = {
  id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  external_id: 'sis-1815',
  status: 'active',
  metadata: { cohort: '2026-autumn' },
  created_at: '2026-11-21T19:10:00.000Z',
  updated_at: '2026-11-21T19:10:00.000Z',
};

export const StudentStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')], {
  description:
    '`active` (the default), or `inactive`: taken off the roster (a full sync deactivates rather than deletes). An inactive student keeps ' +
    'their data, enrollments and progress; a new enrollment of them answers 409 `student_inactive`.',
});

export const Student = Type.Object(
  {
    id: Id('stu'),
    email: Type.String({ description: 'As given; unique in the workspace regardless of case.' }),
    name: Type.String(),
    external_id: Type.Union([Type.String(), Type.Null()], {
      description: 'Your own id for the student (unique in the workspace, exact text: `00123` is not `123`), or null.',
    }),
    status: StudentStatus,
    metadata: Metadata,
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Student', title: 'Student', description: 'A learner of the workspace.', examples: [exampleStudent] },
);
export type Student = Static<typeof Student>;

const Email = Type.String({ format: 'email', maxLength: 254, description: 'Unique in the workspace, compared case-insensitively.' });
const ExternalId = Type.String({
  minLength: 1,
  maxLength: 255,
  description: 'Your own id for the student (1..255 characters), unique in the workspace; kept and compared as exact text.',
});

export const CreateStudentBody = Type.Object(
  {
    email: Email,
    name: Title,
    external_id: Type.Optional(ExternalId),
    status: Type.Optional(StudentStatus),
    metadata: Type.Optional(Metadata),
  },
  {
    $id: 'CreateStudentRequest',
    additionalProperties: false,
    examples: [{ email: 'ada@example.com', name: 'Ada Lovelace', external_id: 'sis-1815', metadata: { cohort: '2026-autumn' } }],
  },
);
export type CreateStudentBody = Static<typeof CreateStudentBody>;

export const UpdateStudentBody = Type.Object(
  {
    email: Type.Optional(Email),
    name: Type.Optional(Title),
    external_id: Type.Optional(Type.Union([ExternalId, Type.Null()], { description: 'null removes it.' })),
    status: Type.Optional(StudentStatus),
    metadata: Type.Optional(Metadata),
  },
  { $id: 'UpdateStudentRequest', additionalProperties: false, description: 'The fields to change; the others stay.', examples: [{ name: 'Ada King', external_id: null }] },
);
export type UpdateStudentBody = Static<typeof UpdateStudentBody>;

export const studentSorts = {
  created_at: { column: 'created_at', direction: 'asc' },
  '-created_at': { column: 'created_at', direction: 'desc' },
  updated_at: { column: 'updated_at', direction: 'asc' },
  '-updated_at': { column: 'updated_at', direction: 'desc' },
  name: { column: 'name', direction: 'asc' },
  '-name': { column: 'name', direction: 'desc' },
  email: { column: 'email', direction: 'asc' },
  '-email': { column: 'email', direction: 'desc' },
} as const;

export const ListStudentsQuery = Type.Object(
  {
    ...ListQueryFields,
    sort: Type.Optional(
      Type.Enum(Object.keys(studentSorts), { description: 'Order: created_at (default), updated_at, name or email; a leading - reverses it.' }),
    ),
    email: Type.Optional(Type.String({ maxLength: 254, description: 'Only the student with this email (any case).' })),
    external_id: Type.Optional(Type.String({ maxLength: 255, description: 'Only the student with this external id (exact text).' })),
    status: Type.Optional(StudentStatus),
  },
  { additionalProperties: false },
);
export type ListStudentsQuery = Static<typeof ListStudentsQuery>;

export const StudentParams = PathId('Student id (stu_…)');

/**
 * The path of an upsert: the client's own id. One that fails (empty, over 255 characters, a control
 * character) answers 404 like any path id that names nothing (validation.ts).
 */
export const StudentExternalIdParams = Type.Object(
  {
    external_id: Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Student id of your own: the `external_id` (1..255 characters, exact text, URL-encoded in the path).',
    }),
  },
  { additionalProperties: false },
);
export const StudentResponse = DataOf(Student, { description: 'The student.', examples: [{ data: exampleStudent }] });
const page = { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null };
export const StudentListResponse = ListOf(Student, { examples: [{ data: [exampleStudent], pagination: page }] });
export const StudentDeletedResponse = Deleted('stu', { description: 'The student is gone, with their enrollments, progress and quiz attempts.' });

export const BulkCreateStudentsBody = BulkRequest(CreateStudentBody, [
  { records: [{ email: 'ada@example.com', name: 'Ada Lovelace', external_id: 'sis-1815' }, { email: 'ADA@example.com', name: 'Ada, again' }] },
]);
export const StudentBulk = BulkResults('Student', Student, ['validation_error', 'student_exists'], {
  created: { data: [{ index: 0, status: 'created', data: exampleStudent }] },
  mixed: {
    data: [
      { index: 0, status: 'created', data: exampleStudent },
      {
        index: 1,
        status: 'error',
        error: { code: 'student_exists', message: 'Student stu_01jd4z3q1r2s3t4v5w6x7y8z9a already has this email', details: { student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a', field: 'email' } },
      },
    ],
  },
});

/** Shared (app.addSchema in plugins/openapi.ts). */
export const studentSchemas = [Student, ...StudentBulk.schemas];
