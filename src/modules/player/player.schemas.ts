import { type Static, Type } from 'typebox';
import { RecordProgressBody } from '../progress/progress.schemas.js';
import { SubmitAttemptBody } from '../quiz-attempts/quiz-attempts.schemas.js';

/**
 * The live player's JSON (`/play/api/…`): not part of the public API nor its document, but
 * validated and serialised by these schemas all the same (no field leaves that they do not name).
 * Quizzes travel without their answers: the player grades on the server.
 */

const Mode = Type.Union([Type.Literal('learner'), Type.Literal('preview')], { description: 'learner: writes for the session\'s student; preview: writes nothing.' });
const LessonStatus = Type.Union([Type.Literal('not_started'), Type.Literal('started'), Type.Literal('completed')], { description: 'The student\'s; always not_started in a preview.' });
const LessonType = Type.Union([Type.Literal('text'), Type.Literal('video'), Type.Literal('quiz'), Type.Literal('assignment')]);

/** A quiz as the player shows it: prompts and choices, never the answers. */
const PlayerQuiz = Type.Object({
  passing_score: Type.Integer({ minimum: 0, maximum: 100 }),
  questions: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.Union([Type.Literal('single_choice'), Type.Literal('multiple_choice'), Type.Literal('true_false'), Type.Literal('short_answer')]),
      prompt: Type.String(),
      choices: Type.Optional(Type.Array(Type.String())),
    }),
  ),
});

const PlayerLessonSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: LessonType,
  status: LessonStatus,
  quiz: Type.Union([PlayerQuiz, Type.Null()]),
});

export const PlayerCourseResponse = Type.Object({
  data: Type.Object({
    mode: Mode,
    expires_at: Type.String({ format: 'date-time' }),
    course: Type.Object({
      id: Type.String(),
      title: Type.String(),
      /** The description's Markdown rendered as the packages render it. */
      description_html: Type.String(),
      modules: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), lessons: Type.Array(PlayerLessonSummary) })),
    }),
    /** The student's enrollment progress (0–100); null in a preview. */
    progress_percent: Type.Union([Type.Integer(), Type.Null()]),
  }),
});
export type PlayerCourse = Static<typeof PlayerCourseResponse>['data'];

export const PlayerLessonParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'Lesson id (les_…)' }) }, { additionalProperties: false });

export const PlayerLessonResponse = Type.Object({
  data: Type.Object({
    id: Type.String(),
    module_id: Type.String(),
    title: Type.String(),
    type: LessonType,
    /** The lesson's markup, as a package's page shows it (player-page.ts, lessonBody). */
    html: Type.String(),
    /** What the form needs to send answers: each question's id and kind, in order. */
    quiz: Type.Union([Type.Object({ passing_score: Type.Integer(), questions: Type.Array(Type.Object({ id: Type.String(), kind: Type.String() })) }), Type.Null()]),
  }),
});
export type PlayerLesson = Static<typeof PlayerLessonResponse>['data'];

export const PlayerProgressBody = Type.Object(
  {
    lesson_id: RecordProgressBody.properties.lesson_id,
    status: RecordProgressBody.properties.status,
    time_spent_seconds: RecordProgressBody.properties.time_spent_seconds,
  },
  { additionalProperties: false },
);
export type PlayerProgressBody = Static<typeof PlayerProgressBody>;

export const PlayerProgressResponse = Type.Object({
  data: Type.Object({
    lesson_id: Type.String(),
    status: Type.Union([Type.Literal('started'), Type.Literal('completed')]),
    /** False in a preview: nothing was written. */
    recorded: Type.Boolean(),
    progress_percent: Type.Union([Type.Integer(), Type.Null()]),
  }),
});
export type PlayerProgress = Static<typeof PlayerProgressResponse>['data'];

export const PlayerAttemptBody = Type.Object(
  { lesson_id: Type.String({ minLength: 1, maxLength: 64 }), answers: SubmitAttemptBody.properties.answers },
  { additionalProperties: false },
);
export type PlayerAttemptBody = Static<typeof PlayerAttemptBody>;

export const PlayerAttemptResponse = Type.Object({
  data: Type.Object({
    lesson_id: Type.String(),
    /** The stored attempt (att_…); null in a preview. */
    attempt_id: Type.Union([Type.String(), Type.Null()]),
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    passed: Type.Boolean(),
    per_question: Type.Array(Type.Object({ question_id: Type.String(), correct: Type.Boolean() })),
    /** False in a preview: graded, nothing written. */
    recorded: Type.Boolean(),
    /** The student's enrollment progress after the attempt (0–100); null in a preview. */
    progress_percent: Type.Union([Type.Integer(), Type.Null()]),
  }),
});
export type PlayerAttempt = Static<typeof PlayerAttemptResponse>['data'];
