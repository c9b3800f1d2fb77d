import { type Static, Type } from 'typebox';
import { DataOf, Description, Id, Metadata, PathId, Timestamp, Title } from '../../shared/schemas.js';
import { Content, Duration, LessonType, QuizInput, VideoUrl } from '../lessons/lessons.schemas.js';

export const ExportFormat = Type.Union([Type.Literal('json'), Type.Literal('imscc'), Type.Literal('scorm12'), Type.Literal('cmi5')], {
  description:
    'json: the course tree, which POST /courses/import reads back; imscc: an IMS Common Cartridge 1.1 package (Canvas, Moodle); scorm12: a SCORM 1.2 package (a .zip any LMS runs: one SCO per lesson, reporting completion and quiz scores); cmi5: a cmi5 package (a .zip, one AU per lesson, reporting through xAPI). See docs/exports.md.',
});

export const exampleExport = {
  id: 'exp_01jd4z3x9y0z1a2b3c4d5e6f7g',
  course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  format: 'imscc',
  status: 'succeeded',
  created_at: '2026-11-22T11:00:00.000Z',
  completed_at: '2026-11-22T11:00:02.000Z',
  download_url: '/api/v1/exports/exp_01jd4z3x9y0z1a2b3c4d5e6f7g/download',
  expires_at: '2026-11-29T11:00:02.000Z',
  size_bytes: 48213,
  error: null,
};

export const ExportJob = Type.Object(
  {
    id: Id('exp'),
    course_id: Id('crs'),
    format: ExportFormat,
    status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
    created_at: Timestamp(),
    completed_at: Type.Union([Timestamp(), Type.Null()], { description: 'When the export succeeded or failed.' }),
    download_url: Type.Union([Type.String(), Type.Null()], {
      description: 'Path of the file under this API (GET it with your key) while the export has succeeded and not expired; null otherwise.',
    }),
    expires_at: Type.Union([Timestamp(), Type.Null()], { description: 'When the file is removed: 7 days after completion.' }),
    size_bytes: Type.Union([Type.Integer(), Type.Null()], { description: 'Size of the file once built.' }),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()], { description: 'Why a failed export failed.' }),
  },
  { $id: 'Export', title: 'Export', description: 'A course export, built in the background.', examples: [exampleExport] },
);
export type ExportJob = Static<typeof ExportJob>;

export const CreateExportBody = Type.Object({ format: ExportFormat }, { $id: 'CreateExportRequest', additionalProperties: false, examples: [{ format: 'imscc' }] });
export type CreateExportBody = Static<typeof CreateExportBody>;

export const ExportParams = PathId('Export id (exp_…)');
/** Shared (app.addSchema in plugins/openapi.ts). */
export const exportSchemas = [ExportJob];

export const ExportResponse = DataOf(ExportJob, { description: 'The export job.', examples: [{ data: exampleExport }] });
export const ExportCreatedResponse = DataOf(ExportJob, {
  description: 'The export job, queued; `Location` is its URL.',
  examples: [{ data: { ...exampleExport, status: 'queued', completed_at: null, download_url: null, expires_at: null, size_bytes: null } }],
});

/** Fields a document carries for the reader's sake (ids, timestamps): accepted by import and not used. */
const Informative = {
  id: Type.Optional(Type.String({ maxLength: 64, description: 'The id in the exported workspace; import assigns new ids.' })),
  created_at: Type.Optional(Timestamp('Kept for reference; import stamps its own times.')),
  updated_at: Type.Optional(Timestamp('Kept for reference; import stamps its own times.')),
};

export const LessonDocument = Type.Object(
  {
    ...Informative,
    title: Title,
    type: LessonType,
    content: Type.Optional(Content),
    video_url: Type.Optional(Type.Union([VideoUrl, Type.Null()])),
    duration_seconds: Type.Optional(Type.Union([Duration, Type.Null()])),
    quiz: Type.Optional(Type.Union([QuizInput, Type.Null()], { description: 'For quiz lessons, with the answers.' })),
  },
  { $id: 'LessonDocument', title: 'LessonDocument', additionalProperties: false, description: 'A lesson of a CourseDocument.' },
);
export type LessonDocument = Static<typeof LessonDocument>;

export const ModuleDocument = Type.Object(
  {
    ...Informative,
    title: Title,
    description: Type.Optional(Description),
    lessons: Type.Array(LessonDocument, { maxItems: 1000, description: 'In order.' }),
  },
  { $id: 'ModuleDocument', title: 'ModuleDocument', additionalProperties: false, description: 'A module of a CourseDocument, with its lessons.' },
);
export type ModuleDocument = Static<typeof ModuleDocument>;

export const exampleCourseDocument = {
  object: 'course_export',
  version: 1,
  exported_at: '2026-11-22T11:00:02.000Z',
  course: {
    id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
    title: 'Introduction to Algebra',
    description: 'Equations, functions and graphs, from the ground up.',
    published: true,
    metadata: { level: 'beginner' },
    modules: [
      {
        title: 'Linear equations',
        description: 'Solving for x.',
        lessons: [
          { title: 'What is an equation?', type: 'text', content: '# Equations', duration_seconds: 300 },
          {
            title: 'Check your understanding',
            type: 'quiz',
            quiz: { passing_score: 60, questions: [{ id: 'qst_01jd4z3p8r9s0t1v2w3x4y5z6b', prompt: 'Solve 2x + 3 = 7. x = ?', kind: 'single_choice', choices: ['1', '2', '5'], answer: 1 }] },
          },
        ],
      },
    ],
  },
};

/**
 * The json export, and the body of POST /courses/import: the whole course tree, modules and
 * lessons in order (their array order is their position), quizzes with their answers.
 */
export const CourseDocument = Type.Object(
  {
    object: Type.Literal('course_export'),
    version: Type.Literal(1, { description: 'Version of this document format.' }),
    exported_at: Type.Optional(Timestamp()),
    course: Type.Object(
      {
        ...Informative,
        title: Title,
        description: Type.Optional(Description),
        published: Type.Optional(Type.Boolean()),
        metadata: Type.Optional(Metadata),
        modules: Type.Array(ModuleDocument, { maxItems: 1000, description: 'In order.' }),
      },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'CourseDocument',
    additionalProperties: false,
    title: 'CourseDocument',
    description: 'A whole course: the json export, and the body of POST /courses/import.',
    examples: [exampleCourseDocument],
  },
);
export type CourseDocument = Static<typeof CourseDocument>;
