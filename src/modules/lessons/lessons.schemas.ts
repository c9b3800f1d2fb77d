import { type TSchema, type Static, Type } from 'typebox';
import { DataOf, Deleted, Id, ListOf, ListQueryFields, PathId, Ref, TaggedUnion, Timestamp, Title } from '../../shared/schemas.js';

export const LessonType = Type.Union([Type.Literal('text'), Type.Literal('video'), Type.Literal('quiz'), Type.Literal('assignment')]);

export const QuestionKind = Type.Union([
  Type.Literal('single_choice'),
  Type.Literal('multiple_choice'),
  Type.Literal('true_false'),
  Type.Literal('short_answer'),
]);

const questionInputFields = {
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Kept when given (to keep attempts comparable); assigned (qst_…) otherwise.' })),
  prompt: Type.String({ minLength: 1, maxLength: 2000 }),
};
const ChoicesInput = Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 2, maxItems: 20 });
const ChoiceIndex = Type.Integer({ minimum: 0 });
const ChoiceIndexes = Type.Array(ChoiceIndex, { maxItems: 20 });
const AcceptedAnswers = Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 });
/** The right answer, in the form of its kind (see docs/api.md); checked per kind by the service. */
const Answer = Type.Union([ChoiceIndex, Type.Boolean(), ChoiceIndexes, AcceptedAnswers], {
  description:
    'single_choice: index of the right choice; multiple_choice: list of right indexes; true_false: boolean; short_answer: accepted strings (trimmed, any case).',
});

/**
 * A question as the server validates it: one object for every kind, so that a problem is reported
 * at its pointer (`/quiz/questions/0/answer`) rather than as "matches no kind"; quiz.ts checks that
 * `answer` and `choices` fit `kind`. The document shows the same fields as a union by `kind`
 * (QuizQuestionInput below): what a client may send, typed.
 */
const QuestionInput = Type.Object(
  {
    ...questionInputFields,
    kind: QuestionKind,
    choices: Type.Optional({ ...ChoicesInput, description: 'Required for single_choice and multiple_choice; not used by the other kinds.' }),
    answer: Answer,
  },
  { additionalProperties: false },
);

const questionInput = <K extends string, F extends Record<string, TSchema>>(kind: K, fields: F, options: { $id: string; description: string; examples: unknown[] }) =>
  Type.Object({ ...questionInputFields, kind: Type.Literal(kind), ...fields }, { additionalProperties: false, title: options.$id, ...options });

export const SingleChoiceQuestionInput = questionInput(
  'single_choice',
  { choices: ChoicesInput, answer: { ...ChoiceIndex, description: 'Index of the right choice (0-based).' } },
  { $id: 'SingleChoiceQuestionInput', description: 'One right choice.', examples: [{ prompt: 'Solve 2x + 3 = 7. x = ?', kind: 'single_choice', choices: ['1', '2', '5'], answer: 1 }] },
);
export const MultipleChoiceQuestionInput = questionInput(
  'multiple_choice',
  { choices: ChoicesInput, answer: { ...ChoiceIndexes, minItems: 1, description: 'The distinct indexes of the right choices (0-based), in any order.' } },
  { $id: 'MultipleChoiceQuestionInput', description: 'Several right choices.', examples: [{ prompt: 'Which are even?', kind: 'multiple_choice', choices: ['2', '3', '4'], answer: [0, 2] }] },
);
export const TrueFalseQuestionInput = questionInput(
  'true_false',
  { answer: Type.Boolean({ description: 'Whether the statement is true.' }) },
  { $id: 'TrueFalseQuestionInput', description: 'A statement, true or false; takes no choices.', examples: [{ prompt: 'x = 2 solves x + x = 4.', kind: 'true_false', answer: true }] },
);
export const ShortAnswerQuestionInput = questionInput(
  'short_answer',
  { answer: { ...AcceptedAnswers, minItems: 1, description: 'The accepted answers (non-empty), compared trimmed and in any case.' } },
  { $id: 'ShortAnswerQuestionInput', description: 'Free text; takes no choices.', examples: [{ prompt: 'The capital of France?', kind: 'short_answer', answer: ['Paris'] }] },
);

/** A question as written, by `kind`: `answer` in the form of its kind. */
export const QuizQuestionInput = TaggedUnion('QuizQuestionInput', 'kind', [SingleChoiceQuestionInput, MultipleChoiceQuestionInput, TrueFalseQuestionInput, ShortAnswerQuestionInput], {
  description: 'A question as written, by `kind`. The server also checks what a schema cannot (an index within the choices, distinct indexes, unique ids) and reports each problem with its pointer.',
});

const quizInputFields = { passing_score: Type.Integer({ minimum: 0, maximum: 100, description: 'Minimum score (0..100) to pass.' }) };
const exampleQuizInput = { passing_score: 60, questions: [{ prompt: 'Solve 2x + 3 = 7. x = ?', kind: 'single_choice', choices: ['1', '2', '5'], answer: 1 }] };

/** The quiz as the server validates it (QuestionInput above); the document shows DocumentedQuizInput. */
export const QuizInput = Type.Object({ ...quizInputFields, questions: Type.Array(QuestionInput, { minItems: 1, maxItems: 200 }) }, { additionalProperties: false });

/** The same quiz as the document shows it: its questions typed by kind. */
export const DocumentedQuizInput = Type.Object(
  { ...quizInputFields, questions: Type.Array(Ref(QuizQuestionInput), { minItems: 1, maxItems: 200 }) },
  { $id: 'QuizInput', title: 'QuizInput', additionalProperties: false, description: 'The quiz of a quiz lesson, with its answers.', examples: [exampleQuizInput] },
);
export type QuizInput = Static<typeof QuizInput>;

const questionId = Type.String({ description: 'qst_…, or the id given when the quiz was written.' });
const prompt = Type.String();
const Choices = Type.Array(Type.String(), { description: 'The choices, in order; answers name them by 0-based index.' });
const onlyForWriters = 'Only shown to keys with courses:write.';

export const SingleChoiceQuestion = Type.Object(
  {
    id: questionId,
    prompt,
    kind: Type.Literal('single_choice'),
    choices: Choices,
    answer: Type.Optional(Type.Integer({ minimum: 0, description: `Index of the right choice. ${onlyForWriters}` })),
  },
  { $id: 'SingleChoiceQuestion', title: 'SingleChoiceQuestion', description: 'One right choice; attempts answer its index.' },
);

export const MultipleChoiceQuestion = Type.Object(
  {
    id: questionId,
    prompt,
    kind: Type.Literal('multiple_choice'),
    choices: Choices,
    answer: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { description: `Indexes of the right choices, sorted. ${onlyForWriters}` })),
  },
  { $id: 'MultipleChoiceQuestion', title: 'MultipleChoiceQuestion', description: 'Several right choices; attempts answer the list of their indexes (any order).' },
);

export const TrueFalseQuestion = Type.Object(
  {
    id: questionId,
    prompt,
    kind: Type.Literal('true_false'),
    answer: Type.Optional(Type.Boolean({ description: `Whether the statement is true. ${onlyForWriters}` })),
  },
  { $id: 'TrueFalseQuestion', title: 'TrueFalseQuestion', description: 'A statement; attempts answer true or false.' },
);

export const ShortAnswerQuestion = Type.Object(
  {
    id: questionId,
    prompt,
    kind: Type.Literal('short_answer'),
    answer: Type.Optional(Type.Array(Type.String(), { description: `The accepted answers, compared trimmed and in any case. ${onlyForWriters}` })),
  },
  { $id: 'ShortAnswerQuestion', title: 'ShortAnswerQuestion', description: 'Free text; attempts answer the text.' },
);

/** A quiz question as the API shows it, by `kind`. */
export const QuizQuestion = TaggedUnion('QuizQuestion', 'kind', [SingleChoiceQuestion, MultipleChoiceQuestion, TrueFalseQuestion, ShortAnswerQuestion], {
  description: 'A question of a quiz, by `kind`; `answer` only for keys with courses:write.',
});

export const Quiz = Type.Object(
  {
    passing_score: Type.Integer({ minimum: 0, maximum: 100, description: 'Minimum score (0..100) to pass.' }),
    questions: Type.Array(Ref(QuizQuestion), { description: 'In order.' }),
  },
  { $id: 'Quiz', title: 'Quiz' },
);

/** The quiz as quiz.ts builds it: the same fields, with the kind not yet narrowed. */
export type Quiz = {
  passing_score: number;
  questions: { id: string; prompt: string; kind: Static<typeof QuestionKind>; choices?: string[]; answer?: Static<typeof Answer> }[];
};

const lessonFields = <K extends string, Q extends TSchema>(type: K, quiz: Q) => ({
  id: Id('les'),
  module_id: Id('mod'),
  course_id: Id('crs'),
  title: Type.String(),
  type: Type.Literal(type),
  content: Type.String({ description: 'Markdown.' }),
  video_url: Type.Union([Type.String(), Type.Null()], { description: 'The video to play (video lessons), or null.' }),
  duration_seconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Expected length, or null.' }),
  position: Type.Integer({ minimum: 0, description: '0-based, dense within the module.' }),
  quiz,
  created_at: Timestamp(),
  updated_at: Timestamp(),
});

const NoQuiz = Type.Null({ description: 'Only quiz lessons have a quiz.' });

export const exampleLesson = {
  id: 'les_01jd4z3n5p6q7r8s9t0v1w2x3y',
  module_id: 'mod_01jd4z3m2b7c8d9e0f1g2h3j4k',
  course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  title: 'What is an equation?',
  type: 'text',
  content: '# Equations\nAn equation says that two expressions are equal.',
  video_url: null,
  duration_seconds: 300,
  position: 0,
  quiz: null,
  created_at: '2026-11-21T19:07:00.000Z',
  updated_at: '2026-11-21T19:07:00.000Z',
};

const exampleQuizLesson = {
  ...exampleLesson,
  id: 'les_01jd4z3p8r9s0t1v2w3x4y5z6a',
  title: 'Check your understanding',
  type: 'quiz',
  content: '',
  duration_seconds: null,
  position: 1,
  quiz: {
    passing_score: 60,
    questions: [
      { id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6b', prompt: 'Solve 2x + 3 = 7. x = ?', kind: 'single_choice', choices: ['1', '2', '5'], answer: 1 },
      { id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6c', prompt: 'x = 2 solves x + x = 4.', kind: 'true_false', answer: true },
    ],
  },
};

export const TextLesson = Type.Object(lessonFields('text', NoQuiz), { $id: 'TextLesson', title: 'TextLesson', description: 'A lesson to read (markdown `content`).', examples: [exampleLesson] });
export const VideoLesson = Type.Object(lessonFields('video', NoQuiz), { $id: 'VideoLesson', title: 'VideoLesson', description: 'A lesson to watch (`video_url`), with optional notes in `content`.' });
export const QuizLesson = Type.Object(lessonFields('quiz', Ref(Quiz)), {
  $id: 'QuizLesson',
  title: 'QuizLesson',
  description: 'A quiz, graded on the server by POST /lessons/{id}/quiz-attempts; its answers only for keys with courses:write.',
  examples: [exampleQuizLesson],
});
export const AssignmentLesson = Type.Object(lessonFields('assignment', NoQuiz), { $id: 'AssignmentLesson', title: 'AssignmentLesson', description: 'Work to hand in, described in `content`.' });

/** A lesson as the API shows it, by `type`: only a quiz lesson has a quiz. */
export const Lesson = TaggedUnion('Lesson', 'type', [TextLesson, VideoLesson, QuizLesson, AssignmentLesson], {
  description: 'A lesson of a module, by `type`: only a quiz lesson has a `quiz` (null for the others).',
});

/** A lesson as lessons.service.ts builds it: the same fields, with the type not yet narrowed. */
export type Lesson = Omit<Static<typeof TextLesson>, 'type' | 'quiz'> & { type: Static<typeof LessonType>; quiz: Quiz | null };

export const Content = Type.String({ maxLength: 200_000, description: 'Markdown, up to 200,000 characters.' });
export const VideoUrl = Type.String({ format: 'uri', maxLength: 2048 });
export const Duration = Type.Integer({ minimum: 0, maximum: 10_000_000 });
const Position = Type.Integer({ minimum: 0, description: '0-based; the others shift to make room. Default: at the end.' });

const createFields = {
  title: Title,
  content: Type.Optional(Content),
  video_url: Type.Optional(VideoUrl),
  duration_seconds: Type.Optional(Duration),
  position: Type.Optional(Position),
};

/**
 * A new lesson as the server validates it: one object for every type, so that `/quiz` on a text
 * lesson is reported at its pointer; the service checks that `quiz` fits `type`. The document
 * shows the same fields as a union by `type` (CreateLessonRequest below).
 */
export const CreateLessonBody = Type.Object({ ...createFields, type: LessonType, quiz: Type.Optional(QuizInput) }, { additionalProperties: false });
export type CreateLessonBody = Static<typeof CreateLessonBody>;

const exampleCreateText = { title: 'What is an equation?', type: 'text', content: '# Equations\nAn equation says that two expressions are equal.', duration_seconds: 300 };
const exampleCreateQuiz = { title: 'Check your understanding', type: 'quiz', quiz: exampleQuizInput };

const createLessonOf = <K extends string, F extends Record<string, TSchema>>(type: K, fields: F, options: { $id: string; description: string; examples: unknown[] }) =>
  Type.Object({ ...createFields, type: Type.Literal(type), ...fields }, { additionalProperties: false, title: options.$id, ...options });

export const CreateTextLessonRequest = createLessonOf('text', {}, {
  $id: 'CreateTextLessonRequest',
  description: 'A lesson to read: markdown `content`.',
  examples: [exampleCreateText],
});
export const CreateVideoLessonRequest = createLessonOf('video', {}, {
  $id: 'CreateVideoLessonRequest',
  description: 'A lesson to watch: `video_url`, with optional notes in `content`.',
  examples: [{ title: 'Equations in two minutes', type: 'video', video_url: 'https://videos.example.com/equations.mp4', duration_seconds: 120 }],
});
export const CreateQuizLessonRequest = createLessonOf('quiz', { quiz: Ref(DocumentedQuizInput) }, {
  $id: 'CreateQuizLessonRequest',
  description: 'A quiz: `quiz` is required.',
  examples: [exampleCreateQuiz],
});
export const CreateAssignmentLessonRequest = createLessonOf('assignment', {}, {
  $id: 'CreateAssignmentLessonRequest',
  description: 'Work to hand in, described in `content`.',
  examples: [{ title: 'Write three equations', type: 'assignment', content: 'Write three equations that x = 2 solves.' }],
});

/** The body of POST /modules/{id}/lessons as documented: by `type`, only a quiz lesson takes (and needs) `quiz`. */
export const CreateLessonRequest = TaggedUnion(
  'CreateLessonRequest',
  'type',
  [CreateTextLessonRequest, CreateVideoLessonRequest, CreateQuizLessonRequest, CreateAssignmentLessonRequest],
  {
    description: 'A new lesson, by `type`: `quiz` is required for, and only taken by, lessons of type quiz (400 `validation_error` on `/quiz` otherwise).',
    examples: [exampleCreateText, exampleCreateQuiz],
  },
);

const updateFields = {
  title: Type.Optional(Title),
  type: Type.Optional(LessonType),
  content: Type.Optional(Content),
  video_url: Type.Optional(Type.Union([VideoUrl, Type.Null()])),
  duration_seconds: Type.Optional(Type.Union([Duration, Type.Null()])),
  position: Type.Optional(Position),
};
const updateDescription =
  'The fields to change; the others stay. A new `quiz` replaces the whole quiz; changing `type` away from quiz drops it, changing it to quiz needs one.';

/** The changes as the server validates them (QuestionInput above); the document shows UpdateLessonRequest. */
export const UpdateLessonBody = Type.Object({ ...updateFields, quiz: Type.Optional(QuizInput) }, { additionalProperties: false });
export type UpdateLessonBody = Static<typeof UpdateLessonBody>;

/** The body of PATCH /lessons/{id} as documented: the same fields, its quiz typed by kind. */
export const UpdateLessonRequest = Type.Object(
  { ...updateFields, quiz: Type.Optional(Ref(DocumentedQuizInput)) },
  { $id: 'UpdateLessonRequest', additionalProperties: false, description: updateDescription, examples: [{ title: 'Equations, defined', position: 2 }] },
);

export const lessonSorts = { position: { column: 'position', direction: 'asc' } } as const;

export const ListLessonsQuery = Type.Object(
  { ...ListQueryFields, sort: Type.Optional(Type.Enum(Object.keys(lessonSorts), { description: 'position (the only order).' })) },
  { additionalProperties: false },
);
export type ListLessonsQuery = Static<typeof ListLessonsQuery>;

export const ModuleIdParams = PathId('Module id (mod_…)');
export const LessonParams = PathId('Lesson id (les_…)');
/** Shared (app.addSchema in plugins/openapi.ts). */
export const lessonSchemas = [
  SingleChoiceQuestionInput,
  MultipleChoiceQuestionInput,
  TrueFalseQuestionInput,
  ShortAnswerQuestionInput,
  QuizQuestionInput,
  DocumentedQuizInput,
  CreateTextLessonRequest,
  CreateVideoLessonRequest,
  CreateQuizLessonRequest,
  CreateAssignmentLessonRequest,
  SingleChoiceQuestion,
  MultipleChoiceQuestion,
  TrueFalseQuestion,
  ShortAnswerQuestion,
  QuizQuestion,
  Quiz,
  TextLesson,
  VideoLesson,
  QuizLesson,
  AssignmentLesson,
  Lesson,
];

export const LessonResponse = DataOf(Lesson, { description: 'The lesson.', examples: [{ data: exampleLesson }, { data: exampleQuizLesson }] });
export const LessonListResponse = ListOf(Lesson, {
  examples: [{ data: [exampleLesson, exampleQuizLesson], pagination: { page: 1, per_page: 20, total: 2, total_pages: 1, next_cursor: null } }],
});
export const LessonDeletedResponse = Deleted('les', { description: 'The lesson is gone; the lessons after it moved up one.' });
