import { AppError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Quiz, QuizInput } from './lessons.schemas.js';

/** A question as stored: its answer in the canonical form of its kind. */
export interface StoredQuestion {
  id: string;
  prompt: string;
  kind: 'single_choice' | 'multiple_choice' | 'true_false' | 'short_answer';
  choices?: string[];
  answer: number | number[] | boolean | string[];
}

export interface StoredQuiz {
  passing_score: number;
  questions: StoredQuestion[];
}

/**
 * Checks what the schema cannot: each answer fits its question's kind and choices, ids are
 * unique. Every problem is reported with its JSON pointer; new questions get `qst_` ids.
 */
export function normalizeQuiz(input: QuizInput, now: number): StoredQuiz {
  const errors: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  const questions = input.questions.map((q, i): StoredQuestion => {
    const at = `/quiz/questions/${i}`;
    const id = q.id ?? newId('qst', now);
    if (seen.has(id)) errors.push({ path: `${at}/id`, message: 'is used by another question of this quiz' });
    seen.add(id);
    const hasChoices = q.choices !== undefined;
    const choiceCount = q.choices?.length ?? 0;
    const inRange = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < choiceCount;
    let answer = q.answer;
    switch (q.kind) {
      case 'single_choice':
        if (!hasChoices) errors.push({ path: `${at}/choices`, message: 'is required for single_choice' });
        else if (!inRange(answer)) errors.push({ path: `${at}/answer`, message: `must be the index of a choice (0..${choiceCount - 1})` });
        break;
      case 'multiple_choice':
        if (!hasChoices) errors.push({ path: `${at}/choices`, message: 'is required for multiple_choice' });
        else if (!Array.isArray(answer) || answer.length === 0 || !answer.every(inRange) || new Set(answer as unknown[]).size !== answer.length) {
          errors.push({ path: `${at}/answer`, message: `must list the distinct indexes of the right choices (0..${choiceCount - 1})` });
        } else answer = [...(answer as number[])].sort((a, b) => a - b);
        break;
      case 'true_false':
        if (hasChoices) errors.push({ path: `${at}/choices`, message: 'is not used by true_false' });
        if (typeof answer !== 'boolean') errors.push({ path: `${at}/answer`, message: 'must be true or false' });
        break;
      case 'short_answer':
        if (hasChoices) errors.push({ path: `${at}/choices`, message: 'is not used by short_answer' });
        if (!Array.isArray(answer) || answer.length === 0 || !answer.every((a) => typeof a === 'string' && a.trim() !== '')) {
          errors.push({ path: `${at}/answer`, message: 'must list the accepted answers (non-empty strings)' });
        }
        break;
    }
    return { id, prompt: q.prompt, kind: q.kind, ...(hasChoices && { choices: q.choices }), answer: answer };
  });
  if (errors.length > 0) {
    throw new AppError('validation_error', `Invalid quiz: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors });
  }
  return { passing_score: input.passing_score, questions };
}

/** The quiz as a key sees it: answers only with courses:write. */
export function presentQuiz(stored: StoredQuiz, withAnswers: boolean): Quiz {
  return {
    passing_score: stored.passing_score,
    questions: stored.questions.map((q) => ({
      id: q.id,
      prompt: q.prompt,
      kind: q.kind,
      ...(q.choices && { choices: q.choices }),
      ...(withAnswers && { answer: q.answer }),
    })),
  };
}
