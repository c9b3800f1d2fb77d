import { type Static, Type } from 'typebox';
import { Id, ListOf, PageQueryFields, PathId, Timestamp } from '../../shared/schemas.js';

const exampleGradeSend = {
  id: 'lgs_01jd4z3r4s5t6v7w8x9y0z1a2b',
  registration_id: 'ltr_01jd4z3k9q8x7v6b5n4m3c2x1z',
  launch_id: 'lla_01jd4z3m1n2p3q4r5s6t7v8w9x',
  student_id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a',
  course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  lineitem_url: 'https://school.instructure.com/api/lti/courses/12/line_items/34',
  user_id: 'a6d5c443-1f51-4783-ba1a-7686ffe3b54a',
  score_given: 83.5,
  score_maximum: 100,
  activity_progress: 'InProgress',
  grading_progress: 'FullyGraded',
  timestamp: '2026-11-28T14:20:00.000Z',
  status: 'pending',
  attempt_count: 1,
  next_attempt_at: '2026-11-28T14:21:00.000Z',
  last_status_code: 503,
  last_error: 'HTTP 503',
  created_at: '2026-11-28T14:20:00.000Z',
  updated_at: '2026-11-28T14:20:01.000Z',
};

export const GradeSendStatus = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('superseded')], {
  description:
    '`pending` until the platform accepts the score (`succeeded`), answers a 4xx other than 429 or the retry schedule runs out (`failed`); `superseded` when a newer score for the same line item and user came before this one was sent (the newer one is sent instead).',
});

export const LtiGradeSend = Type.Object(
  {
    id: Id('lgs'),
    registration_id: Id('ltr'),
    launch_id: Id('lla', 'The launch whose AGS claim named the line item.'),
    student_id: Id('stu'),
    course_id: Id('crs'),
    lineitem_url: Type.String({ description: 'The line item, as the launch gave it; the score goes to it with `/scores` added to its path.' }),
    user_id: Type.String({ description: 'The platform’s user id (`sub` of the launch): the score’s `userId`.' }),
    score_given: Type.Number({ minimum: 0, description: 'The course score (docs/lti.md, "Grades (AGS)").' }),
    score_maximum: Type.Number({ description: 'Always 100.' }),
    activity_progress: Type.Union([Type.Literal('InProgress'), Type.Literal('Completed')], { description: '`Completed` once the enrollment is completed.' }),
    grading_progress: Type.Literal('FullyGraded'),
    timestamp: Timestamp('When the score was worked out: the score’s `timestamp`.'),
    status: GradeSendStatus,
    attempt_count: Type.Integer({ minimum: 0 }),
    next_attempt_at: Type.Union([Timestamp(), Type.Null()], { description: 'When a `pending` send is attempted (again); null once it is over.' }),
    last_status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'The HTTP status of the last answer (the token endpoint’s when no token could be had); null when none came back.' }),
    last_error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed (no response body, no token); null after a success.' }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'LtiGradeSend', title: 'LtiGradeSend', description: 'A score sent (or to be sent) to a platform’s line item (LTI AGS).', examples: [exampleGradeSend] },
);
export type LtiGradeSend = Static<typeof LtiGradeSend>;

export const gradeSendSorts = {
  '-created_at': { column: 'created_at', direction: 'desc' },
  created_at: { column: 'created_at', direction: 'asc' },
} as const;

export const ListGradeSendsQuery = Type.Object(
  {
    ...PageQueryFields,
    sort: Type.Optional(Type.Enum(Object.keys(gradeSendSorts), { description: 'Newest first (-created_at, the default) or oldest first.' })),
    status: Type.Optional(GradeSendStatus),
    student_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only the sends of this student.' })),
  },
  { additionalProperties: false },
);
export type ListGradeSendsQuery = Static<typeof ListGradeSendsQuery>;

export const GradeSendsParams = PathId('LTI registration id (ltr_…)');
export const LtiGradeSendListResponse = ListOf(LtiGradeSend, {
  examples: [{ data: [exampleGradeSend], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null } }],
});

/** Shared (app.addSchema in plugins/openapi.ts). */
export const gradeSendSchemas = [LtiGradeSend];
