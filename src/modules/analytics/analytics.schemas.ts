import { type Static, Type } from 'typebox';
import { DataOf, Id, PathId, Ref, Timestamp } from '../../shared/schemas.js';

/** Definitions of every figure: docs/analytics.md. */

const Nullable = <T extends ReturnType<typeof Type.Number>>(schema: T) => Type.Union([schema, Type.Null()]);
const Rate = (description: string) => Nullable(Type.Number({ minimum: 0, maximum: 1, description: `${description} A fraction 0..1, 4 decimals; null without data.` }));
const Average = (description: string) => Nullable(Type.Number({ description: `${description} 2 decimals; null without data.` }));

export const WindowQueryFields = {
  from: Type.Optional(Timestamp('Start of the period (inclusive). Default: the beginning.')),
  to: Type.Optional(Timestamp('End of the period (exclusive). Default: now. Must be after `from`.')),
};

const Period = {
  from: Type.Union([Timestamp(), Type.Null()], { description: 'The period\'s start as applied (null: the beginning).' }),
  to: Timestamp('The period\'s end as applied (exclusive).'),
};

export const CourseAnalytics = Type.Object(
  {
    course_id: Id('crs'),
    ...Period,
    enrollments: Type.Object(
      {
        total: Type.Integer({ description: 'Enrollments whose enrolled_at is in the period, any status.' }),
        active: Type.Integer(),
        completed: Type.Integer(),
        cancelled: Type.Integer(),
      },
      { description: 'Enrollments enrolled in the period, by their status now.' },
    ),
    active_students: Type.Object(
      {
        last_7_days: Type.Integer({ description: 'Students with activity in the course in [to − 7 days, to).' }),
        last_30_days: Type.Integer({ description: 'Students with activity in the course in [to − 30 days, to).' }),
      },
      { description: 'Counted back from `to`; `from` does not apply.' },
    ),
    completion_rate: Rate('Completed ÷ (active + completed) among the enrollments of the period.'),
    average_progress_percent: Average('Mean progress_percent of the active and completed enrollments of the period.'),
    median_time_to_complete_seconds: Nullable(Type.Number({ description: 'Median of completed_at − enrolled_at over the completed enrollments of the period, in seconds (3 decimals).' })),
    lessons: Type.Array(
      Type.Object({
        lesson_id: Id('les'),
        module_id: Id('mod'),
        title: Type.String(),
        started: Type.Integer({ description: 'Students who started the lesson in the period (any activity on it).' }),
        completed: Type.Integer({ description: 'Students who completed the lesson in the period.' }),
      }),
      { description: 'The completion funnel: every lesson in course order.' },
    ),
    enrollments_per_day: Type.Array(Type.Object({ date: Type.String({ format: 'date', description: 'UTC day.' }), enrollments: Type.Integer() }), {
      description: 'Enrollments of the period by UTC day of enrolled_at; days without any are left out.',
    }),
  },
  { $id: 'CourseAnalytics', title: 'CourseAnalytics', description: 'A course\'s figures over a period (docs/analytics.md).' },
);
export type CourseAnalytics = Static<typeof CourseAnalytics>;

export const StudentAnalytics = Type.Object(
  {
    student_id: Id('stu'),
    ...Period,
    courses_enrolled: Type.Integer({ description: 'Enrollments not cancelled whose enrolled_at is in the period.' }),
    courses_completed: Type.Integer({ description: 'Of those, the completed ones.' }),
    average_progress_percent: Average('Mean progress_percent of those enrollments.'),
    time_spent_seconds: Type.Integer({ description: 'Time recorded on lessons whose last activity is in the period.' }),
    quiz_attempts: Type.Integer({ description: 'Quiz attempts made in the period.' }),
    quiz_average_score: Average('Mean score of those attempts.'),
    last_active_at: Type.Union([Timestamp(), Type.Null()], { description: 'Latest lesson activity in the period.' }),
  },
  { $id: 'StudentAnalytics', title: 'StudentAnalytics', description: 'A student\'s figures over a period (docs/analytics.md).' },
);
export type StudentAnalytics = Static<typeof StudentAnalytics>;

export const QuizResult = Type.Object(
  {
    lesson_id: Id('les'),
    course_id: Id('crs'),
    title: Type.String(),
    attempts: Type.Integer(),
    unique_students: Type.Integer(),
    average_score: Average('Mean score (0..100).'),
    median_score: Nullable(Type.Number({ description: 'Median score; the mean of the two middle scores for an even count; null without attempts.' })),
    pass_rate: Rate('Passed attempts ÷ attempts.'),
    questions: Type.Array(
      Type.Object({
        question_id: Type.String(),
        attempts: Type.Integer({ description: 'Attempts that graded this question.' }),
        correct_rate: Rate('Attempts that got it right ÷ attempts that graded it.'),
      }),
      { description: 'The quiz\'s current questions, in quiz order.' },
    ),
  },
  { $id: 'QuizResult', title: 'QuizResult', description: 'One quiz lesson\'s results over a period.' },
);
export type QuizResult = Static<typeof QuizResult>;

export const QuizResults = Type.Object(
  { ...Period, quizzes: Type.Array(Ref(QuizResult), { description: 'Every quiz that matches the filters, in course order.' }) },
  { $id: 'QuizResults', title: 'QuizResults', description: 'Quiz results over a period (docs/analytics.md).' },
);
export type QuizResults = Static<typeof QuizResults>;

export const WindowQuery = Type.Object(WindowQueryFields, { additionalProperties: false });
export type WindowQuery = Static<typeof WindowQuery>;

export const QuizResultsQuery = Type.Object(
  {
    ...WindowQueryFields,
    course_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only the quizzes of this course (404 if unknown).' })),
    lesson_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only this quiz lesson (404 if unknown, 400 if not a quiz).' })),
    student_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only this student\'s attempts (404 if unknown).' })),
  },
  { additionalProperties: false },
);
export type QuizResultsQuery = Static<typeof QuizResultsQuery>;

/** Shared (app.addSchema in plugins/openapi.ts). */
export const analyticsSchemas = [CourseAnalytics, StudentAnalytics, QuizResult, QuizResults];

export const CourseIdParams = PathId('Course id (crs_…)');
export const StudentIdParams = PathId('Student id (stu_…)');
const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
export const CourseAnalyticsResponse = DataOf(CourseAnalytics, {
  description: 'The course\'s figures over the period.',
  examples: [
    {
      data: {
        course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
        ...period,
        enrollments: { total: 42, active: 30, completed: 10, cancelled: 2 },
        active_students: { last_7_days: 18, last_30_days: 35 },
        completion_rate: 0.25,
        average_progress_percent: 61.5,
        median_time_to_complete_seconds: 604800,
        lessons: [
          { lesson_id: 'les_01jd4z3n5p6q7r8s9t0v1w2x3y', module_id: 'mod_01jd4z3m2b7c8d9e0f1g2h3j4k', title: 'What is an equation?', started: 38, completed: 33 },
        ],
        enrollments_per_day: [{ date: '2026-11-21', enrollments: 12 }],
      },
    },
  ],
});
export const StudentAnalyticsResponse = DataOf(StudentAnalytics, {
  description: 'The student\'s figures over the period.',
  examples: [
    {
      data: {
        student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
        ...period,
        courses_enrolled: 2,
        courses_completed: 1,
        average_progress_percent: 75,
        time_spent_seconds: 5400,
        quiz_attempts: 3,
        quiz_average_score: 83.33,
        last_active_at: '2026-11-22T10:05:00.000Z',
      },
    },
  ],
});
export const QuizResultsResponse = DataOf(QuizResults, {
  description: 'The quizzes\' results over the period.',
  examples: [
    {
      data: {
        ...period,
        quizzes: [
          {
            lesson_id: 'les_01jd4z3p8r9s0t1v2w3x4y5z6a',
            course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
            title: 'Check your understanding',
            attempts: 40,
            unique_students: 31,
            average_score: 78.5,
            median_score: 80,
            pass_rate: 0.825,
            questions: [{ question_id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6b', attempts: 40, correct_rate: 0.9 }],
          },
        ],
      },
    },
  ],
});
