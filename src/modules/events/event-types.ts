/** Every event type (docs/webhooks.md), plus the service's own notices about endpoints. */
export const eventTypes = [
  'course.created',
  'course.updated',
  'course.deleted',
  'course.published',
  'course.unpublished',
  'module.created',
  'module.updated',
  'module.deleted',
  'lesson.created',
  'lesson.updated',
  'lesson.deleted',
  'student.created',
  'student.updated',
  'student.deleted',
  'student.enrolled',
  'student.unenrolled',
  'student.completed_lesson',
  'student.completed_course',
  'quiz.submitted',
  'quiz.passed',
  'quiz.failed',
  'export.completed',
  'export.failed',
  'import.completed',
  'import.failed',
  'import.awaiting_confirmation',
  'usage.threshold_reached',
  'webhook_endpoint.disabled',
  'webhook_endpoint.test',
] as const;

export type EventType = (typeof eventTypes)[number];

/** Types an endpoint may subscribe to: all but the test ping, which goes only where it is asked for. */
export const subscribableEventTypes = eventTypes.filter((t) => t !== 'webhook_endpoint.test');

/** A change to record: its type and the object as the API returns it. */
export interface NewEvent {
  type: EventType;
  object: unknown;
}
