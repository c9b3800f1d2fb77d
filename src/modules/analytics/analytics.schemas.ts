import { type Static, Type } from 'typebox';
import { DataOf, Id, PathId, Timestamp } from '../../shared/schemas.js';

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
  { title: 'CourseAnalytics' },
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
  { title: 'StudentAnalytics' },
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
  { title: 'QuizResult' },
);
export type QuizResult = Static<typeof QuizResult>;

export const QuizResults = Type.Object({ ...Period, quizzes: Type.Array(QuizResult) }, { title: 'QuizResults' });
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

export const CourseIdParams = PathId('Course id (crs_…)');
export const StudentIdParams = PathId('Student id (stu_…)');
export const CourseAnalyticsResponse = DataOf(CourseAnalytics);
export const StudentAnalyticsResponse = DataOf(StudentAnalytics);
export const QuizResultsResponse = DataOf(QuizResults);
