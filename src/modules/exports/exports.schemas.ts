import { type Static, Type } from 'typebox';
import { DataOf, Description, Id, Metadata, PathId, Timestamp, Title } from '../../shared/schemas.js';
import { Content, Duration, LessonType, QuizInput, VideoUrl } from '../lessons/lessons.schemas.js';

export const ExportFormat = Type.Union([Type.Literal('json'), Type.Literal('imscc')], {
  description: 'json: the course tree, which POST /courses/import reads back; imscc: an IMS Common Cartridge 1.1 package (Canvas, Moodle).',
});

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
  { title: 'Export' },
);
export type ExportJob = Static<typeof ExportJob>;

export const CreateExportBody = Type.Object({ format: ExportFormat }, { additionalProperties: false });
export type CreateExportBody = Static<typeof CreateExportBody>;

export const ExportParams = PathId('Export id (exp_…)');
export const ExportResponse = DataOf(ExportJob);

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
  { additionalProperties: false },
);
export type LessonDocument = Static<typeof LessonDocument>;

export const ModuleDocument = Type.Object(
  {
    ...Informative,
    title: Title,
    description: Type.Optional(Description),
    lessons: Type.Array(LessonDocument, { maxItems: 1000, description: 'In order.' }),
  },
  { additionalProperties: false },
);
export type ModuleDocument = Static<typeof ModuleDocument>;

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
  { additionalProperties: false, title: 'CourseDocument' },
);
export type CourseDocument = Static<typeof CourseDocument>;
