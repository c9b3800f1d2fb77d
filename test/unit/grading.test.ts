import { describe, expect, it } from 'vitest';
import type { StoredQuiz } from '../../src/modules/lessons/quiz.js';
import { grade, submissionProblems } from '../../src/modules/quiz-attempts/grading.js';

const quiz: StoredQuiz = {
  passing_score: 75,
  questions: [
    { id: 'q1', prompt: '', kind: 'single_choice', choices: ['a', 'b', 'c'], answer: 1 },
    { id: 'q2', prompt: '', kind: 'multiple_choice', choices: ['a', 'b', 'c', 'd'], answer: [0, 2] },
    { id: 'q3', prompt: '', kind: 'true_false', answer: false },
    { id: 'q4', prompt: '', kind: 'short_answer', answer: ['Paris', 'paris, france'] },
  ],
};

describe('grading', () => {
  it('scores every kind: order of multiple choices does not matter, short answers ignore case and spaces', () => {
    const all = grade(quiz, [
      { question_id: 'q1', answer: 1 },
      { question_id: 'q2', answer: [2, 0] },
      { question_id: 'q3', answer: false },
      { question_id: 'q4', answer: '  PARIS ' },
    ]);
    expect(all).toEqual({ score: 100, passed: true, per_question: quiz.questions.map((q) => ({ question_id: q.id, correct: true })) });
  });

  it('counts partial multiple choice, wrong booleans and unanswered questions as wrong; rounds the score', () => {
    const result = grade(quiz, [
      { question_id: 'q1', answer: 1 },
      { question_id: 'q2', answer: [0] },
      { question_id: 'q3', answer: true },
    ]);
    expect(result.per_question.map((r) => r.correct)).toEqual([true, false, false, false]);
    expect(result.score).toBe(25);
    expect(result.passed).toBe(false);
    const three = grade({ passing_score: 67, questions: quiz.questions.slice(0, 3) }, [
      { question_id: 'q1', answer: 1 },
      { question_id: 'q2', answer: [0, 2] },
    ]);
    expect(three.score).toBe(67);
    expect(three.passed).toBe(true);
  });

  it('reports unknown questions, duplicates and answers of the wrong form', () => {
    expect(
      submissionProblems(quiz, [
        { question_id: 'nope', answer: 1 },
        { question_id: 'q1', answer: 'b' },
        { question_id: 'q3', answer: false },
        { question_id: 'q3', answer: false },
      ]).map((p) => p.path),
    ).toEqual(['/answers/0/question_id', '/answers/1/answer', '/answers/3/question_id']);
  });
});
