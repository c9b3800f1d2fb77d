import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredQuestion, StoredQuiz } from '../../src/modules/lessons/quiz.js';
import { packagedQuiz } from '../../src/modules/exports/render.js';
import { grade } from '../../src/modules/quiz-attempts/grading.js';

/**
 * A SCORM or cmi5 package grades its quizzes in the learner's browser: the player's grading must
 * answer what the API answers for the same quiz and answers (src/modules/quiz-attempts/grading.ts).
 * The player script defines LecternPlayer.grade when run without a document, as here.
 */
const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/modules/exports/assets/player.js'), 'utf8');
const sandbox: { LecternPlayer?: { grade: (quiz: unknown, answers: unknown[]) => { score: number; passed: boolean; correct: boolean[] } } } = {};
vm.runInNewContext(source, sandbox);
const playerGrade = sandbox.LecternPlayer!.grade;

const words = fc.constantFrom('Seine', 'la Seine', ' Paris ', 'RHÔNE', 'loire', 'x');
const question: fc.Arbitrary<{ question: StoredQuestion; answer: unknown }> = fc.oneof(
  fc.integer({ min: 2, max: 5 }).chain((n) =>
    fc.record({
      question: fc.record({ id: fc.constant(''), prompt: fc.constant('p'), kind: fc.constant('single_choice' as const), choices: fc.constant(Array.from({ length: n }, (_, i) => `c${i}`)), answer: fc.integer({ min: 0, max: n - 1 }) }),
      answer: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: undefined }),
    }),
  ),
  fc.integer({ min: 2, max: 5 }).chain((n) =>
    fc.record({
      question: fc.record({
        id: fc.constant(''),
        prompt: fc.constant('p'),
        kind: fc.constant('multiple_choice' as const),
        choices: fc.constant(Array.from({ length: n }, (_, i) => `c${i}`)),
        answer: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: n }).map((a) => [...a].sort((x, y) => x - y)),
      }),
      answer: fc.option(fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: n + 1 }), { nil: undefined }),
    }),
  ),
  fc.record({
    question: fc.record({ id: fc.constant(''), prompt: fc.constant('p'), kind: fc.constant('true_false' as const), answer: fc.boolean() }),
    answer: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record({
    question: fc.record({ id: fc.constant(''), prompt: fc.constant('p'), kind: fc.constant('short_answer' as const), answer: fc.array(words, { minLength: 1, maxLength: 3 }) }),
    answer: fc.option(
      fc.tuple(words, fc.constantFrom('', ' ', '\t'), fc.boolean()).map(([w, pad, upper]) => `${pad}${upper ? w.toUpperCase() : w}${pad}`),
      { nil: undefined },
    ),
  }),
);

describe('the player grades as the API grades', () => {
  it('answers the same score, pass and per-question result for any quiz and answers', () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 100 }), (items, passing) => {
        const quiz: StoredQuiz = { passing_score: passing, questions: items.map((item, i) => ({ ...item.question, id: `q${i}` })) };
        const submitted = items.flatMap((item, i) => (item.answer === undefined ? [] : [{ question_id: `q${i}`, answer: item.answer }]));
        const server = grade(quiz, submitted);
        const browser = playerGrade(packagedQuiz(quiz), items.map((item) => item.answer));
        expect(browser).toEqual({ score: server.score, passed: server.passed, correct: server.per_question.map((q) => q.correct) });
      }),
      { numRuns: 500 },
    );
  });
});
