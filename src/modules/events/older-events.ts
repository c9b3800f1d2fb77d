import type { EventType } from './event-types.js';

/*
 * An event is stored as its object was when it happened (the JSON its webhook deliveries carry),
 * and kept 30 days. A field the API has added to a resource since is missing from that resource's
 * older events, while the event log's schema requires it: fast-json-stringify refused such an
 * event, and GET /events answered 500 for its whole page. The event log therefore gives each
 * missing field the value it has for every object from before the field existed (a course from
 * before external ids has none; a student from before statuses was active). Whoever adds a
 * required field to a resource that events carry adds its value here, with the date it came.
 */

type Fields = Readonly<Record<string, unknown>>;

/** 2026-11-29 (b2ebee1): external ids of courses. */
const course: Fields = { external_id: null };
/** 2026-11-29 (b2ebee1): a student's status. */
const student: Fields = { status: 'active' };
/** 2026-11-29 (eaf3158): an enrollment's course score. */
const enrollment: Fields = { score: null };
/** 2026-11-28 (8588359): the secret hints of an endpoint (an event from before them does not know its secret's: empty). */
const webhookEndpoint: Fields = { secret_hint: '', previous_secret_hint: null, previous_secret_expires_at: null };

function fill(object: Record<string, unknown>, fields: Fields): void {
  for (const field in fields) if (!(field in object)) object[field] = fields[field];
}

/** Gives an event's stored object (in place) the fields added to its resource since it was stored. */
export function completeOlderObject(type: EventType, object: Record<string, unknown>): void {
  switch (type) {
    case 'course.created':
    case 'course.updated':
    case 'course.deleted':
    case 'course.published':
    case 'course.unpublished':
      return fill(object, course);
    case 'student.created':
    case 'student.updated':
    case 'student.deleted':
      return fill(object, student);
    case 'student.enrolled':
    case 'student.unenrolled':
    case 'student.completed_course':
      return fill(object, enrollment);
    case 'student.completed_lesson':
      // A progress record carries the enrollment it moved.
      if (object.enrollment !== null && typeof object.enrollment === 'object') fill(object.enrollment as Record<string, unknown>, enrollment);
      return;
    case 'webhook_endpoint.disabled':
    case 'webhook_endpoint.test':
      return fill(object, webhookEndpoint);
    default:
      return;
  }
}
