import { type Static, Type } from 'typebox';
import { DataOf, Id, ListOf, PageQueryFields, PathId, Timestamp } from '../../shared/schemas.js';
import { eventTypes } from './event-types.js';

export const Event = Type.Object(
  {
    id: Id('evt'),
    type: Type.Enum([...eventTypes], { description: 'What happened; see docs/webhooks.md for every type and its object.' }),
    created_at: Timestamp('When the change was committed.'),
    data: Type.Object(
      {
        object: Type.Record(Type.String(), Type.Unknown(), {
          description:
            'The resource as the API returns it after the change (before it, for `*.deleted`): a course, module, lesson, student, enrollment (`student.enrolled`, `student.unenrolled`, `student.completed_course`), progress record (`student.completed_lesson`), quiz attempt (`quiz.*`), export or webhook endpoint.',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { title: 'Event', description: 'The payload of a webhook delivery, and an entry of the event log.' },
);
export type Event = Static<typeof Event>;

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
export const EventResponse = DataOf(Event);
export const EventListResponse = ListOf(Event);
