import { type Static, Type } from 'typebox';
import { Enrollment, exampleEnrollment } from '../enrollments/enrollments.schemas.js';
import { DataOf, Id, PathId, Ref, Timestamp } from '../../shared/schemas.js';

export const RecordProgressBody = Type.Object(
  {
    lesson_id: Type.String({ minLength: 1, maxLength: 64, description: 'Lesson (les_…) of a course the student is enrolled in.' }),
    status: Type.Union([Type.Literal('started'), Type.Literal('completed')], { description: 'A completed lesson stays completed.' }),
    time_spent_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400, description: 'Added to the time already spent (default 0).' })),
  },
  { $id: 'RecordProgressRequest', additionalProperties: false, examples: [{ lesson_id: 'les_01jd4z3n5p6q7r8s9t0v1w2x3y', status: 'completed', time_spent_seconds: 420 }] },
);
export type RecordProgressBody = Static<typeof RecordProgressBody>;

export const exampleProgress = {
  student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
  lesson_id: 'les_01jd4z3n5p6q7r8s9t0v1w2x3y',
  course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  status: 'completed',
  time_spent_seconds: 420,
  started_at: '2026-11-22T09:53:00.000Z',
  completed_at: '2026-11-22T10:00:00.000Z',
  last_activity_at: '2026-11-22T10:00:00.000Z',
  enrollment: exampleEnrollment,
};

export const LessonProgress = Type.Object(
  {
    student_id: Id('stu'),
    lesson_id: Id('les'),
    course_id: Id('crs'),
    status: Type.Union([Type.Literal('started'), Type.Literal('completed')], { description: 'A completed lesson stays completed.' }),
    time_spent_seconds: Type.Integer({ minimum: 0, description: 'All the time recorded on the lesson.' }),
    started_at: Timestamp('The first activity.'),
    completed_at: Type.Union([Timestamp(), Type.Null()]),
    last_activity_at: Timestamp(),
    enrollment: Ref(Enrollment),
  },
  {
    $id: 'Progress',
    title: 'Progress',
    description: 'A student\'s progress on one lesson, with the enrollment it moved (its progress_percent and status).',
    examples: [exampleProgress],
  },
);
export type LessonProgress = Static<typeof LessonProgress>;

const LessonState = Type.Object(
  {
    lesson_id: Id('les'),
    module_id: Id('mod'),
    status: Type.Union([Type.Literal('not_started'), Type.Literal('started'), Type.Literal('completed')]),
    time_spent_seconds: Type.Integer(),
    completed_at: Type.Union([Timestamp(), Type.Null()]),
    last_activity_at: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'LessonProgressState', title: 'LessonProgressState', description: 'One lesson of the course, for this student.' },
);

export const CourseProgress = Type.Object(
  {
    course_id: Id('crs'),
    enrollment_id: Id('enr'),
    status: Type.Union([Type.Literal('active'), Type.Literal('completed'), Type.Literal('cancelled')]),
    progress_percent: Type.Integer(),
    lessons_completed: Type.Integer(),
    lessons_total: Type.Integer(),
    time_spent_seconds: Type.Integer(),
    last_activity_at: Type.Union([Timestamp(), Type.Null()]),
    lessons: Type.Array(Ref(LessonState), { description: 'In course order (module position, then lesson position).' }),
  },
  { $id: 'CourseProgress', title: 'CourseProgress', description: 'A student\'s progress in one course they are enrolled in.' },
);
export type CourseProgress = Static<typeof CourseProgress>;

export const StudentProgress = Type.Object(
  { student_id: Id('stu'), courses: Type.Array(Ref(CourseProgress), { description: 'One entry per enrollment (or the one course asked for).' }) },
  { $id: 'StudentProgress', title: 'StudentProgress', description: 'A student\'s progress, per course.' },
);
export type StudentProgress = Static<typeof StudentProgress>;

export const ProgressQuery = Type.Object(
  { course_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only this course.' })) },
  { additionalProperties: false },
);

/** Shared (app.addSchema in plugins/openapi.ts). */
export const progressSchemas = [LessonProgress, LessonState, CourseProgress, StudentProgress];

export const StudentIdParams = PathId('Student id (stu_…)');
export const LessonProgressResponse = DataOf(LessonProgress, { description: 'The progress on the lesson.', examples: [{ data: exampleProgress }] });
export const StudentProgressResponse = DataOf(StudentProgress, {
  description: 'The student\'s progress per course.',
  examples: [
    {
      data: {
        student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
        courses: [
          {
            course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
            enrollment_id: 'enr_01jd4z3r4s5t6v7w8x9y0z1a2b',
            status: 'active',
            progress_percent: 50,
            lessons_completed: 1,
            lessons_total: 2,
            time_spent_seconds: 420,
            last_activity_at: '2026-11-22T10:00:00.000Z',
            lessons: [
              {
                lesson_id: 'les_01jd4z3n5p6q7r8s9t0v1w2x3y',
                module_id: 'mod_01jd4z3m2b7c8d9e0f1g2h3j4k',
                status: 'completed',
                time_spent_seconds: 420,
                completed_at: '2026-11-22T10:00:00.000Z',
                last_activity_at: '2026-11-22T10:00:00.000Z',
              },
              {
                lesson_id: 'les_01jd4z3p8r9s0t1v2w3x4y5z6a',
                module_id: 'mod_01jd4z3m2b7c8d9e0f1g2h3j4k',
                status: 'not_started',
                time_spent_seconds: 0,
                completed_at: null,
                last_activity_at: null,
              },
            ],
          },
        ],
      },
    },
  ],
});
