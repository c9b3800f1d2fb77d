import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Id, ListOf, ListQueryFields, PathId, Timestamp, Title } from '../../shared/schemas.js';

export const LessonType = Type.Union([Type.Literal('text'), Type.Literal('video'), Type.Literal('quiz'), Type.Literal('assignment')]);

export const QuestionKind = Type.Union([
  Type.Literal('single_choice'),
  Type.Literal('multiple_choice'),
  Type.Literal('true_false'),
  Type.Literal('short_answer'),
]);

/** The right answer, in the form of its kind (see docs/api.md); checked per kind by the service. */
const Answer = Type.Union([Type.Integer({ minimum: 0 }), Type.Boolean(), Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 20 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })], {
  description:
    'single_choice: index of the right choice; multiple_choice: list of right indexes; true_false: boolean; short_answer: accepted strings (trimmed, any case).',
});

const QuestionInput = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Kept when given (to keep attempts comparable); assigned (qst_…) otherwise.' })),
    prompt: Type.String({ minLength: 1, maxLength: 2000 }),
    kind: QuestionKind,
    choices: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 2, maxItems: 20 })),
    answer: Answer,
  },
  { additionalProperties: false },
);

export const QuizInput = Type.Object(
  {
    passing_score: Type.Integer({ minimum: 0, maximum: 100, description: 'Minimum score (0..100) to pass.' }),
    questions: Type.Array(QuestionInput, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type QuizInput = Static<typeof QuizInput>;

export const Question = Type.Object({
  id: Type.String(),
  prompt: Type.String(),
  kind: QuestionKind,
  choices: Type.Optional(Type.Array(Type.String())),
  answer: Type.Optional(Type.Unknown({ description: 'Only shown to keys with courses:write.' })),
});

export const Quiz = Type.Object({ passing_score: Type.Integer(), questions: Type.Array(Question) });
export type Quiz = Static<typeof Quiz>;

export const Lesson = Type.Object(
  {
    id: Id('les'),
    module_id: Id('mod'),
    course_id: Id('crs'),
    title: Type.String(),
    type: LessonType,
    content: Type.String({ description: 'Markdown.' }),
    video_url: Type.Union([Type.String(), Type.Null()]),
    duration_seconds: Type.Union([Type.Integer(), Type.Null()]),
    position: Type.Integer({ minimum: 0, description: '0-based, dense within the module.' }),
    quiz: Type.Union([Quiz, Type.Null()], { description: 'For quiz lessons; answers only for keys with courses:write.' }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'Lesson' },
);
export type Lesson = Static<typeof Lesson>;

export const Content = Type.String({ maxLength: 200_000, description: 'Markdown, up to 200,000 characters.' });
export const VideoUrl = Type.String({ format: 'uri', maxLength: 2048 });
export const Duration = Type.Integer({ minimum: 0, maximum: 10_000_000 });
const Position = Type.Integer({ minimum: 0, description: '0-based; the others shift to make room. Default: at the end.' });

export const CreateLessonBody = Type.Object(
  {
    title: Title,
    type: LessonType,
    content: Type.Optional(Content),
    video_url: Type.Optional(VideoUrl),
    duration_seconds: Type.Optional(Duration),
    position: Type.Optional(Position),
    quiz: Type.Optional(QuizInput),
  },
  { additionalProperties: false },
);
export type CreateLessonBody = Static<typeof CreateLessonBody>;

export const UpdateLessonBody = Type.Object(
  {
    title: Type.Optional(Title),
    type: Type.Optional(LessonType),
    content: Type.Optional(Content),
    video_url: Type.Optional(Type.Union([VideoUrl, Type.Null()])),
    duration_seconds: Type.Optional(Type.Union([Duration, Type.Null()])),
    position: Type.Optional(Position),
    quiz: Type.Optional(QuizInput),
  },
  { additionalProperties: false },
);
export type UpdateLessonBody = Static<typeof UpdateLessonBody>;

export const lessonSorts = { position: { column: 'position', direction: 'asc' } } as const;

export const ListLessonsQuery = Type.Object(
  { ...ListQueryFields, sort: Type.Optional(Type.Enum(Object.keys(lessonSorts), { description: 'position (the only order).' })) },
  { additionalProperties: false },
);
export type ListLessonsQuery = Static<typeof ListLessonsQuery>;

export const ModuleIdParams = PathId('Module id (mod_…)');
export const LessonParams = PathId('Lesson id (les_…)');
export const LessonResponse = DataOf(Lesson);
export const LessonListResponse = ListOf(Lesson);
export const LessonDeletedResponse = Deleted('les');
