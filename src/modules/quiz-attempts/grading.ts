import type { StoredQuestion, StoredQuiz } from '../lessons/quiz.js';

export interface SubmittedAnswer {
  question_id: string;
  answer: unknown;
}

export interface Grade {
  score: number;
  passed: boolean;
  per_question: { question_id: string; correct: boolean }[];
}

/** Problems with a submission that make it a bad request rather than wrong answers. */
export function submissionProblems(quiz: StoredQuiz, answers: SubmittedAnswer[]): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const byId = new Map(quiz.questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  answers.forEach((a, i) => {
    const question = byId.get(a.question_id);
    if (!question) return problems.push({ path: `/answers/${i}/question_id`, message: 'is not a question of this quiz' });
    if (seen.has(a.question_id)) return problems.push({ path: `/answers/${i}/question_id`, message: 'is answered twice' });
    seen.add(a.question_id);
    if (!hasAnswerForm(question, a.answer)) problems.push({ path: `/answers/${i}/answer`, message: `is not a ${question.kind} answer` });
    return undefined;
  });
  return problems;
}

function hasAnswerForm(question: StoredQuestion, answer: unknown): boolean {
  switch (question.kind) {
    case 'single_choice':
      return Number.isInteger(answer);
    case 'multiple_choice':
      return Array.isArray(answer) && answer.every((a) => Number.isInteger(a));
    case 'true_false':
      return typeof answer === 'boolean';
    case 'short_answer':
      return typeof answer === 'string' || (Array.isArray(answer) && answer.length === 1 && typeof answer[0] === 'string');
  }
}

/**
 * Grades on the server: each question is right or wrong (unanswered is wrong); the score is the
 * percentage of questions right, rounded to the nearest integer; passing needs passing_score.
 */
export function grade(quiz: StoredQuiz, answers: SubmittedAnswer[]): Grade {
  const given = new Map(answers.map((a) => [a.question_id, a.answer]));
  const per_question = quiz.questions.map((q) => ({ question_id: q.id, correct: given.has(q.id) && isCorrect(q, given.get(q.id)) }));
  const right = per_question.filter((r) => r.correct).length;
  const score = quiz.questions.length === 0 ? 0 : Math.round((100 * right) / quiz.questions.length);
  return { score, passed: score >= quiz.passing_score, per_question };
}

function isCorrect(question: StoredQuestion, answer: unknown): boolean {
  switch (question.kind) {
    case 'single_choice':
    case 'true_false':
      return answer === question.answer;
    case 'multiple_choice': {
      const chosen = [...new Set(answer as number[])].sort((a, b) => a - b);
      const right = question.answer as number[];
      return chosen.length === right.length && chosen.every((c, i) => c === right[i]);
    }
    case 'short_answer': {
      const text = (Array.isArray(answer) ? answer[0] : answer) as string;
      const normalized = text.trim().toLowerCase();
      return (question.answer as string[]).some((accepted) => accepted.trim().toLowerCase() === normalized);
    }
  }
}
