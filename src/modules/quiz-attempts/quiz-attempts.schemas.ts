import { type Static, Type } from 'typebox';
import { DataOf, Id, PathId, Timestamp } from '../../shared/schemas.js';

/**
 * An attempt's answer, in the form of its question's kind; the server checks that it fits the
 * question it answers (400 `validation_error` with its pointer otherwise).
 */
const AttemptAnswer = Type.Union(
  [
    Type.Integer({ description: 'single_choice: the index of the chosen choice.' }),
    Type.Array(Type.Integer(), { description: 'multiple_choice: the indexes of the chosen choices, in any order.' }),
    Type.Boolean({ description: 'true_false.' }),
    Type.String({ description: 'short_answer: the text.' }),
    Type.Array(Type.String(), { minItems: 1, maxItems: 1, description: 'short_answer: the text, as a list of one.' }),
  ],
  { description: 'single_choice: an index; multiple_choice: a list of indexes; true_false: a boolean; short_answer: the text.' },
);

export const SubmitAttemptBody = Type.Object(
  {
    student_id: Type.String({ minLength: 1, maxLength: 64, description: 'Student (stu_…) enrolled in the lesson\'s course.' }),
    answers: Type.Array(
      Type.Object(
        {
          question_id: Type.String({ minLength: 1, maxLength: 64, description: 'A question of the quiz, each answered at most once; a question left out counts as wrong.' }),
          answer: AttemptAnswer,
        },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
  },
  {
    $id: 'SubmitQuizAttemptRequest',
    additionalProperties: false,
    examples: [
      {
        student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
        answers: [
          { question_id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6b', answer: 1 },
          { question_id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6c', answer: true },
        ],
      },
    ],
  },
);
export type SubmitAttemptBody = Static<typeof SubmitAttemptBody>;

export const exampleAttempt = {
  id: 'att_01jd4z3s7t8v9w0x1y2z3a4b5c',
  lesson_id: 'les_01jd4z3p8r9s0t1v2w3x4y5z6a',
  student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
  course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  score: 100,
  passed: true,
  per_question: [
    { question_id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6b', correct: true },
    { question_id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6c', correct: true },
  ],
  created_at: '2026-11-22T10:05:00.000Z',
};

export const QuizAttempt = Type.Object(
  {
    id: Id('att'),
    lesson_id: Id('les'),
    student_id: Id('stu'),
    course_id: Id('crs'),
    score: Type.Integer({ minimum: 0, maximum: 100, description: 'Percentage of questions answered right, rounded.' }),
    passed: Type.Boolean({ description: 'score ≥ the quiz passing_score. A passed attempt completes the lesson.' }),
    per_question: Type.Array(Type.Object({ question_id: Type.String(), correct: Type.Boolean() }), { description: 'Every question of the quiz, in quiz order.' }),
    created_at: Timestamp(),
  },
  { $id: 'QuizAttempt', title: 'QuizAttempt', description: 'A graded quiz attempt. Right answers are never returned.', examples: [exampleAttempt] },
);
export type QuizAttempt = Static<typeof QuizAttempt>;

/** Shared (app.addSchema in plugins/openapi.ts). */
export const quizAttemptSchemas = [QuizAttempt];

export const LessonIdParams = PathId('Lesson id (les_…) of a quiz lesson');
export const QuizAttemptResponse = DataOf(QuizAttempt, { description: 'The graded attempt.', examples: [{ data: exampleAttempt }] });
