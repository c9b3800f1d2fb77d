import { type Static, type TSchema, Type } from 'typebox';
import { DataOf, Id, ListOf, PageQueryFields, PathId, Ref, TaggedUnion, Timestamp } from '../../shared/schemas.js';
import { Course, exampleCourse } from '../courses/courses.schemas.js';
import { Enrollment, exampleEnrollment } from '../enrollments/enrollments.schemas.js';
import { ExportJob, exampleExport } from '../exports/exports.schemas.js';
import { exampleImport, Import } from '../imports/imports.schemas.js';
import { exampleLesson, Lesson } from '../lessons/lessons.schemas.js';
import { exampleModule, Module } from '../modules/modules.schemas.js';
import { exampleProgress, LessonProgress } from '../progress/progress.schemas.js';
import { exampleAttempt, QuizAttempt } from '../quiz-attempts/quiz-attempts.schemas.js';
import { exampleStudent, Student } from '../students/students.schemas.js';
import { exampleUsageAlert, UsageAlert } from '../usage/usage.schemas.js';
import { exampleEndpoint, WebhookEndpoint } from '../webhooks/webhooks.schemas.js';
import { type EventType, eventTypes } from './event-types.js';

/** What each event type carries as `data.object`, and when it fires (docs/webhooks.md, "Event types"). */
const eventObjects: Record<EventType, { object: TSchema; example: unknown; when: string }> = {
  'course.created': { object: Course, example: exampleCourse, when: 'A course is created. One created with `published: true` sends only this.' },
  'course.updated': { object: Course, example: exampleCourse, when: 'An update sets any field other than `published`, even to its current value. Changes of `enrollment_count` send nothing.' },
  'course.deleted': { object: Course, example: exampleCourse, when: 'A course is deleted (the object as it was). Its modules, lessons and enrollments go without events of their own.' },
  'course.published': { object: Course, example: exampleCourse, when: '`published` flips from false to true (POST /courses/{id}/publish, or an update).' },
  'course.unpublished': { object: Course, example: exampleCourse, when: '`published` flips from true to false.' },
  'module.created': { object: Module, example: exampleModule, when: 'A module is created.' },
  'module.updated': { object: Module, example: exampleModule, when: 'A module update with a non-empty body, also a move. Modules shifted as a consequence send nothing.' },
  'module.deleted': { object: Module, example: exampleModule, when: 'A module is deleted (the object as it was). Its lessons go without events.' },
  'lesson.created': { object: Lesson, example: exampleLesson, when: 'A lesson is created. The quiz comes without answers.' },
  'lesson.updated': { object: Lesson, example: exampleLesson, when: 'A lesson update with a non-empty body, also a move. The quiz comes without answers.' },
  'lesson.deleted': { object: Lesson, example: exampleLesson, when: 'A lesson is deleted (the object as it was, quiz without answers).' },
  'student.created': { object: Student, example: exampleStudent, when: 'A student is created, by POST /students or, one event per created record, by POST /students/bulk.' },
  'student.updated': { object: Student, example: exampleStudent, when: 'A student update with a non-empty body.' },
  'student.deleted': { object: Student, example: exampleStudent, when: 'A student is erased (the object as it was). Their enrollments, progress and attempts go without events.' },
  'student.enrolled': { object: Enrollment, example: exampleEnrollment, when: 'An enrollment is created or a cancelled one reactivated (POST /enrollments, and one per enrolled record of POST /enrollments/bulk); status `active`.' },
  'student.unenrolled': { object: Enrollment, example: { ...exampleEnrollment, status: 'cancelled' }, when: 'An active or completed enrollment is cancelled (DELETE /enrollments/{id}); status `cancelled`.' },
  'student.completed_lesson': { object: LessonProgress, example: exampleProgress, when: 'A lesson becomes completed for a student for the first time: progress recorded as completed, or a passed quiz attempt.' },
  'student.completed_course': {
    object: Enrollment,
    example: { ...exampleEnrollment, status: 'completed', progress_percent: 100, completed_at: '2026-11-22T10:00:00.000Z' },
    when: 'An enrollment turns from active to completed (status `completed`), sent with the student.completed_lesson that caused it.',
  },
  'quiz.submitted': { object: QuizAttempt, example: exampleAttempt, when: 'Every quiz attempt.' },
  'quiz.passed': { object: QuizAttempt, example: exampleAttempt, when: 'With quiz.submitted, for an attempt with `passed: true`.' },
  'quiz.failed': { object: QuizAttempt, example: { ...exampleAttempt, score: 50, passed: false }, when: 'With quiz.submitted, for an attempt with `passed: false`.' },
  'export.completed': { object: ExportJob, example: exampleExport, when: 'A course export has succeeded: its file can be downloaded from `download_url`.' },
  'export.failed': {
    object: ExportJob,
    example: { ...exampleExport, status: 'failed', download_url: null, expires_at: null, size_bytes: null, error: { code: 'internal_error', message: 'The export could not be built' } },
    when: 'A course export has failed; `error` says why.',
  },
  'import.completed': {
    object: Import,
    example: exampleImport,
    when: 'A roster import has finished: `succeeded`, or `succeeded_with_errors` when some rows failed (GET its `results_url` for them). Also for a dry run.',
  },
  'import.failed': {
    object: Import,
    example: { ...exampleImport, status: 'failed', progress: { done: 0, total: null }, counts: { created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0, skipped: 0 }, pending_deactivation: null, error: { code: 'invalid_encoding', message: 'The file is not valid UTF-8 (line 7); save it as UTF-8 and import it again', file: 'students.csv', line: 7 } },
    when: 'A roster import has failed (`error` says why); nothing of it was written, unless `error.message` says how far it got.',
  },
  'import.awaiting_confirmation': {
    object: Import,
    example: { ...exampleImport, status: 'awaiting_confirmation', progress: { done: 0, total: 20000 }, counts: { created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0, skipped: 0 }, pending_deactivation: { students: 2500, enrollments: 0, total: 2500, of: 10000, percent: 25 }, completed_at: null },
    when: 'A full sync would deactivate more than its `max_delete_percent`: it waits, with nothing changed, for POST /imports/{id}/confirm or /cancel.',
  },
  'usage.threshold_reached': {
    object: UsageAlert,
    example: exampleUsageAlert,
    when: 'A key reached 80% of its hourly quota within a clock hour: once per key and hour (docs/api.md, "Usage").',
  },
  'webhook_endpoint.disabled': {
    object: WebhookEndpoint,
    example: { ...exampleEndpoint, enabled: false, disabled_reason: 'failing' },
    when: 'Lectern disabled an endpoint that kept failing; delivered to the workspace\'s other endpoints that subscribe to it.',
  },
  'webhook_endpoint.test': {
    object: WebhookEndpoint,
    example: exampleEndpoint,
    when: 'POST /webhook-endpoints/{id}/test: goes only to that endpoint (also when disabled); cannot be subscribed to.',
  },
};

/** `course.created` → `CourseCreatedEvent`: the component name of one event type. */
export const eventSchemaName = (type: EventType) =>
  `${type.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Event`;


/** One event type's payload, exactly: its `type` and the object it carries. */
export const eventTypeSchemas = Object.fromEntries(
  eventTypes.map((type) => {
    const { example, when } = eventObjects[type];
    const object = Ref(eventObjects[type].object);
    const schema = Type.Object(
      {
        id: Id('evt'),
        type: Type.Literal(type),
        created_at: Timestamp('When the change was committed.'),
        data: Type.Object(
          { object },
          { additionalProperties: false, description: '`object`: the resource as the API returns it after the change (before it, for `*.deleted`).' },
        ),
      },
      {
        $id: eventSchemaName(type),
        title: eventSchemaName(type),
        description: when,
        examples: [{ id: 'evt_01jd4z3y2z3a4b5c6d7e8f9g0h', type, created_at: '2026-11-22T10:00:00.000Z', data: { object: example } }],
      },
    );
    return [type, schema];
  }),
) as unknown as Record<EventType, TSchema>;

/** An event, by `type`: the payload of a webhook delivery and an entry of the event log. */
export const Event = TaggedUnion('Event', 'type', Object.values(eventTypeSchemas), {
  description: 'The payload of a webhook delivery, and an entry of the event log; `type` tells what `data.object` is (docs/webhooks.md).',
});

/** An event as events.service.ts builds it from a row: the same fields, with the type not yet narrowed. */
export interface Event {
  id: string;
  type: EventType;
  created_at: string;
  data: { object: Record<string, unknown> };
}

/** `course.*`, `student.*`, …: every family of types. */
const eventFamilies = [...new Set(eventTypes.map((type) => `${type.split('.')[0]}.*`))];

export const eventSorts = {
  '-created_at': { column: 'created_at', direction: 'desc' },
  created_at: { column: 'created_at', direction: 'asc' },
} as const;

export const ListEventsQuery = Type.Object(
  {
    ...PageQueryFields,
    sort: Type.Optional(Type.Enum(Object.keys(eventSorts), { description: 'Newest first (`-created_at`, the default) or oldest first.' })),
    type: Type.Optional(
      Type.Enum([...eventTypes, ...eventFamilies], { description: 'Only events of this type (`student.enrolled`), or of a family (`student.*`).' }),
    ),
    from: Type.Optional(Timestamp('Only events created at or after this time.')),
    to: Type.Optional(Timestamp('Only events created before this time.')),
  },
  { additionalProperties: false },
);
export type ListEventsQuery = Static<typeof ListEventsQuery>;

export const EventParams = PathId('Event id (evt_…)');
/** Shared (app.addSchema in plugins/openapi.ts). */
export const eventSchemas = [...Object.values(eventTypeSchemas), Event];

const exampleEvent = { id: 'evt_01jd4z3y2z3a4b5c6d7e8f9g0h', type: 'student.enrolled', created_at: '2026-11-21T19:15:00.000Z', data: { object: exampleEnrollment } };
export const EventResponse = DataOf(Event, { description: 'The event.', examples: [{ data: exampleEvent }] });
export const EventListResponse = ListOf(Event, {
  examples: [{ data: [exampleEvent], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null } }],
});
