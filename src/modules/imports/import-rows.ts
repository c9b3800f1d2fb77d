import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ImportObjectType, StudentStatus } from '../../db/types.js';
import { Title } from '../../shared/schemas.js';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterIssues, toValidationIssues } from '../../shared/validation-issues.js';
import type { InputRow } from './import-reader.js';

/**
 * The fields of an input row, checked as the API checks a body (the same limits as POST /students
 * and POST /enrollments): a row either reads into a StudentRow or an EnrollmentRow, or fails with
 * the column at fault. Pure: both passes of an import and both kinds of run use it.
 */

const ExternalId = Type.String({ minLength: 1, maxLength: 255 });
const Email = Type.String({ format: 'email', maxLength: 254 });

const studentFields = Compile(
  Type.Object(
    {
      external_id: ExternalId,
      email: Type.Optional(Email),
      name: Type.Optional(Title),
      status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
    },
    { additionalProperties: false },
  ),
);

const enrollmentFields = Compile(
  Type.Object(
    {
      student_external_id: Type.Optional(ExternalId),
      student_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      course_external_id: Type.Optional(ExternalId),
      course_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('cancelled')])),
    },
    { additionalProperties: false },
  ),
);

export interface StudentRow {
  externalId: string;
  email: string | undefined;
  name: string | undefined;
  /** Listing a student makes it active unless the row says otherwise. */
  status: StudentStatus;
}

/** A reference to a student or a course: by the school's id or by Lectern's. */
export type Ref = { by: 'external_id' | 'id'; value: string };

export interface EnrollmentRow {
  student: Ref;
  course: Ref;
  status: 'active' | 'cancelled';
}

export interface RowFailure {
  code: string;
  field: string | undefined;
  message: string;
}

export type Checked<T> = { ok: true; row: T } | { ok: false; failure: RowFailure };

export function checkStudent(input: InputRow): Checked<StudentRow> {
  if (input.unreadable) return { ok: false, failure: { code: input.unreadable.code, field: undefined, message: input.unreadable.message } };
  const problem = problemOf(input.values, studentFields);
  if (problem) return { ok: false, failure: problem };
  const v = input.values as { external_id: string; email?: string; name?: string; status?: StudentStatus };
  return { ok: true, row: { externalId: v.external_id, email: v.email?.trim(), name: v.name, status: v.status ?? 'active' } };
}

export function checkEnrollment(input: InputRow): Checked<EnrollmentRow> {
  if (input.unreadable) return { ok: false, failure: { code: input.unreadable.code, field: undefined, message: input.unreadable.message } };
  const problem = problemOf(input.values, enrollmentFields);
  if (problem) return { ok: false, failure: problem };
  const v = input.values as Record<string, string | undefined>;
  const student = refOf(v, 'student');
  if ('failure' in student) return { ok: false, failure: student.failure };
  const course = refOf(v, 'course');
  if ('failure' in course) return { ok: false, failure: course.failure };
  return { ok: true, row: { student, course, status: (v.status as 'active' | 'cancelled' | undefined) ?? 'active' } };
}

function refOf(values: Record<string, string | undefined>, what: 'student' | 'course'): Ref | { failure: RowFailure } {
  const external = values[`${what}_external_id`];
  const id = values[`${what}_id`];
  if (external !== undefined && id !== undefined) {
    return { failure: { code: 'validation_error', field: `${what}_id`, message: `Give ${what}_external_id or ${what}_id, not both` } };
  }
  if (external === undefined && id === undefined) {
    return { failure: { code: 'validation_error', field: `${what}_external_id`, message: `${what}_external_id or ${what}_id is required` } };
  }
  return external !== undefined ? { by: 'external_id', value: external } : { by: 'id', value: id! };
}

function problemOf(values: Record<string, unknown>, check: ReturnType<typeof Compile>): RowFailure | undefined {
  const controls = controlCharacterIssues(values);
  if (controls.length > 0) return { code: 'validation_error', field: fieldOf(controls[0]!.instancePath), message: `${fieldOf(controls[0]!.instancePath)} ${CONTROL_CHARACTER_MESSAGE}` };
  if (check.Check(values)) return undefined;
  const [issue] = toValidationIssues(check.Errors(values), 'body');
  if (!issue) return { code: 'validation_error', field: undefined, message: 'The row is invalid' };
  const field = fieldOf(issue.path);
  return { code: 'validation_error', field, message: field ? `${field} ${issue.message}` : issue.message };
}

/** `/email` → `email`; the row itself → undefined. */
function fieldOf(pointer: string): string | undefined {
  const name = pointer.replace(/^\//, '').split('/')[0];
  return name === '' || name === undefined ? undefined : name;
}

/** A row's key: what makes two rows of one import the same object (duplicate_in_import). */
export function keyOf(type: ImportObjectType, input: InputRow): string | undefined {
  const v = input.values;
  if (input.unreadable) return undefined;
  if (type === 'student') return typeof v.external_id === 'string' && v.external_id !== '' ? `s\u0000${v.external_id}` : undefined;
  const student = typeof v.student_external_id === 'string' ? `e:${v.student_external_id}` : typeof v.student_id === 'string' ? `i:${v.student_id}` : undefined;
  const course = typeof v.course_external_id === 'string' ? `e:${v.course_external_id}` : typeof v.course_id === 'string' ? `i:${v.course_id}` : undefined;
  return student && course ? `e\u0000${student}\u0000${course}` : undefined;
}

/** What a result line shows as the row's external id: a student's, or an enrollment's references `<student>/<course>`. */
export function shownId(input: InputRow): string | null {
  const v = input.values;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (input.type === 'student') return text(v.external_id) ?? null;
  const student = text(v.student_external_id) ?? text(v.student_id);
  const course = text(v.course_external_id) ?? text(v.course_id);
  return student === undefined && course === undefined ? null : `${student ?? ''}/${course ?? ''}`;
}
