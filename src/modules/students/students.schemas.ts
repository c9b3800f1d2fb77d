import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Id, ListOf, ListQueryFields, Metadata, PathId, Timestamp, Title } from '../../shared/schemas.js';

export const Student = Type.Object(
  {
    id: Id('stu'),
    email: Type.String({ description: 'As given; unique in the workspace regardless of case.' }),
    name: Type.String(),
    external_id: Type.Union([Type.String(), Type.Null()], { description: 'Your own id for the student (unique in the workspace), or null.' }),
    metadata: Metadata,
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'Student' },
);
export type Student = Static<typeof Student>;

const Email = Type.String({ format: 'email', maxLength: 254, description: 'Unique in the workspace, compared case-insensitively.' });
const ExternalId = Type.String({ minLength: 1, maxLength: 255, description: 'Your own id for the student, unique in the workspace.' });

export const CreateStudentBody = Type.Object(
  {
    email: Email,
    name: Title,
    external_id: Type.Optional(ExternalId),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type CreateStudentBody = Static<typeof CreateStudentBody>;

export const UpdateStudentBody = Type.Object(
  {
    email: Type.Optional(Email),
    name: Type.Optional(Title),
    external_id: Type.Optional(Type.Union([ExternalId, Type.Null()], { description: 'null removes it.' })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
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
    external_id: Type.Optional(Type.String({ maxLength: 255, description: 'Only the student with this external id.' })),
  },
  { additionalProperties: false },
);
export type ListStudentsQuery = Static<typeof ListStudentsQuery>;

export const StudentParams = PathId('Student id (stu_…)');
export const StudentResponse = DataOf(Student);
export const StudentListResponse = ListOf(Student);
export const StudentDeletedResponse = Deleted('stu');
