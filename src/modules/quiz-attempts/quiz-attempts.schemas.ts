import { type Static, Type } from 'typebox';
import { DataOf, Id, PathId, Timestamp } from '../../shared/schemas.js';

export const SubmitAttemptBody = Type.Object(
  {
    student_id: Type.String({ minLength: 1, maxLength: 64, description: 'Student (stu_…) enrolled in the lesson\'s course.' }),
    answers: Type.Array(
      Type.Object(
        {
          question_id: Type.String({ minLength: 1, maxLength: 64 }),
          answer: Type.Unknown({ description: 'In the form of the question kind, as for the quiz answers (short_answer: the text).' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
export type SubmitAttemptBody = Static<typeof SubmitAttemptBody>;

export const QuizAttempt = Type.Object(
  {
    id: Id('att'),
    lesson_id: Id('les'),
    student_id: Id('stu'),
    course_id: Id('crs'),
    score: Type.Integer({ minimum: 0, maximum: 100, description: 'Percentage of questions answered right, rounded.' }),
    passed: Type.Boolean({ description: 'score ≥ the quiz passing_score. A passed attempt completes the lesson.' }),
    per_question: Type.Array(Type.Object({ question_id: Type.String(), correct: Type.Boolean() })),
    created_at: Timestamp(),
  },
  { title: 'QuizAttempt' },
);
export type QuizAttempt = Static<typeof QuizAttempt>;

export const LessonIdParams = PathId('Lesson id (les_…) of a quiz lesson');
export const QuizAttemptResponse = DataOf(QuizAttempt);
