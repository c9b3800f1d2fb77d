import { type Static, Type } from 'typebox';
import { Enrollment } from '../enrollments/enrollments.schemas.js';
import { DataOf, Id, PathId, Timestamp } from '../../shared/schemas.js';

export const RecordProgressBody = Type.Object(
  {
    lesson_id: Type.String({ minLength: 1, maxLength: 64, description: 'Lesson (les_…) of a course the student is enrolled in.' }),
    status: Type.Union([Type.Literal('started'), Type.Literal('completed')], { description: 'A completed lesson stays completed.' }),
    time_spent_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400, description: 'Added to the time already spent (default 0).' })),
  },
  { additionalProperties: false },
);
export type RecordProgressBody = Static<typeof RecordProgressBody>;

export const LessonProgress = Type.Object(
  {
    student_id: Id('stu'),
    lesson_id: Id('les'),
    course_id: Id('crs'),
    status: Type.Union([Type.Literal('started'), Type.Literal('completed')]),
    time_spent_seconds: Type.Integer(),
    started_at: Timestamp(),
    completed_at: Type.Union([Timestamp(), Type.Null()]),
    last_activity_at: Timestamp(),
    enrollment: Enrollment,
  },
  { title: 'LessonProgress' },
);
export type LessonProgress = Static<typeof LessonProgress>;

const LessonState = Type.Object({
  lesson_id: Id('les'),
  module_id: Id('mod'),
  status: Type.Union([Type.Literal('not_started'), Type.Literal('started'), Type.Literal('completed')]),
  time_spent_seconds: Type.Integer(),
  completed_at: Type.Union([Timestamp(), Type.Null()]),
  last_activity_at: Type.Union([Timestamp(), Type.Null()]),
});

export const CourseProgress = Type.Object({
  course_id: Id('crs'),
  enrollment_id: Id('enr'),
  status: Type.Union([Type.Literal('active'), Type.Literal('completed'), Type.Literal('cancelled')]),
  progress_percent: Type.Integer(),
  lessons_completed: Type.Integer(),
  lessons_total: Type.Integer(),
  time_spent_seconds: Type.Integer(),
  last_activity_at: Type.Union([Timestamp(), Type.Null()]),
  lessons: Type.Array(LessonState, { description: 'In course order (module position, then lesson position).' }),
});
export type CourseProgress = Static<typeof CourseProgress>;

export const StudentProgress = Type.Object({ student_id: Id('stu'), courses: Type.Array(CourseProgress) }, { title: 'StudentProgress' });
export type StudentProgress = Static<typeof StudentProgress>;

export const ProgressQuery = Type.Object(
  { course_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only this course.' })) },
  { additionalProperties: false },
);

export const StudentIdParams = PathId('Student id (stu_…)');
export const LessonProgressResponse = DataOf(LessonProgress);
export const StudentProgressResponse = DataOf(StudentProgress);
