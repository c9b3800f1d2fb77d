import type { Generated } from 'kysely';

/**
 * Row types of every table, as both drivers return them: timestamps are ISO 8601 text,
 * booleans are 0/1 integers, JSON is text. Mapping to wire shapes happens in each service.
 */
export type Plan = 'starter' | 'professional' | 'enterprise' | 'custom';
export type Environment = 'production' | 'development' | 'staging';

export interface AccountsTable {
  id: string;
  name: string;
  email: string | null;
  plan: Plan;
  /** Custom-plan limits; null means the plan's default. */
  hourly_limit: number | null;
  burst_limit: number | null;
  export_hourly_limit: number | null;
  bulk_hourly_limit: number | null;
  search_hourly_limit: number | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspacesTable {
  id: string;
  account_id: string;
  environment: Environment;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  workspace_id: string;
  name: string;
  environment: Environment;
  /** JSON array of scope strings, e.g. ["*"] or ["courses:read"]. */
  scopes: string;
  /** First and last 4 characters of the current secret, for recognising a key in lists. */
  key_start: string;
  key_end: string;
  /** The same of the secret the last rotation replaced, with the end of its grace period; null before any rotation. */
  previous_key_start: string | null;
  previous_key_end: string | null;
  previous_key_expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

/** One row per live secret of a key: rotation adds one and gives the old one an expiry. */
export interface ApiKeySecretsTable {
  /** SHA-256 (hex) of the full key string; the secret itself is never stored. */
  hash: string;
  key_id: string;
  expires_at: string | null;
  created_at: string;
}

export interface CoursesTable {
  id: string;
  workspace_id: string;
  title: string;
  description: string;
  published: number;
  enrollment_count: number;
  /** JSON object of string pairs. */
  metadata: string;
  /** Incremented on every update; the ETag is derived from it. */
  version: number;
  created_at: string;
  updated_at: string;
  /** The client's own id for the course (exact text), unique per workspace; null when none. */
  external_id: string | null;
}

export type StudentStatus = 'active' | 'inactive';

export interface StudentsTable {
  id: string;
  workspace_id: string;
  /** As given by the client. */
  email: string;
  /** Lower-cased: unique per workspace, used for lookups. */
  email_normalized: string;
  name: string;
  external_id: string | null;
  /** JSON object of string pairs. */
  metadata: string;
  version: number;
  created_at: string;
  updated_at: string;
  /** `inactive`: taken off the roster (kept with their data, not enrolled again). Added later: optional on insert, `active` by default. */
  status?: StudentStatus;
}

export interface ModulesTable {
  id: string;
  workspace_id: string;
  course_id: string;
  title: string;
  description: string;
  /** 0-based, dense within the course. */
  position: number;
  version: number;
  created_at: string;
  updated_at: string;
}

export type LessonType = 'text' | 'video' | 'quiz' | 'assignment';

export interface LessonsTable {
  id: string;
  workspace_id: string;
  course_id: string;
  module_id: string;
  title: string;
  type: LessonType;
  content: string;
  video_url: string | null;
  duration_seconds: number | null;
  /** 0-based, dense within the module. */
  position: number;
  /** JSON {passing_score, questions} with answers, for quiz lessons. */
  quiz: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type EnrollmentStatus = 'active' | 'completed' | 'cancelled';

export interface EnrollmentsTable {
  id: string;
  workspace_id: string;
  student_id: string;
  course_id: string;
  status: EnrollmentStatus;
  /** When the enrollment (last) became active: set again when a cancelled one is reactivated. */
  enrolled_at: string;
  completed_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** The student's last activity in the course (analytics: active students); kept by progress writes. */
  last_activity_at?: string | null;
  /** completed_at - enrolled_at while completed (analytics: median time to complete); bigint, a string on PostgreSQL. */
  time_to_complete_ms?: number | string | null;
  /** The course score (0–100), worked out after each quiz attempt and at completion; null before either. */
  score?: number | null;
}

export type ProgressStatus = 'started' | 'completed';

/** One row per (student, lesson) the student worked on. */
export interface LessonProgressTable {
  workspace_id: string;
  student_id: string;
  lesson_id: string;
  course_id: string;
  status: ProgressStatus;
  time_spent_seconds: number;
  started_at: string;
  completed_at: string | null;
  last_activity_at: string;
}

export interface QuizAttemptsTable {
  id: string;
  workspace_id: string;
  student_id: string;
  lesson_id: string;
  course_id: string;
  score: number;
  passed: number;
  /** JSON: the answers as sent. */
  answers: string;
  /** JSON: [{question_id, correct}]. */
  results: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  workspace_id: string;
  key: string;
  /** SHA-256 of method, path and body: the same key with another request is refused. */
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  /** A running record older than this may be taken over (its process died). */
  locked_until: string;
  created_at: string;
}

/** One row per change a workspace's data went through (`course.created`, …), kept 30 days. */
export interface EventsTable {
  id: string;
  workspace_id: string;
  type: string;
  /** JSON: the object the event carries, as the API returns it. */
  data: string;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  workspace_id: string;
  url: string;
  description: string;
  /** JSON array of event types, or ["*"]. */
  events: string;
  enabled: number;
  /** Why the service disabled the endpoint (`failing`); null when enabled or disabled by the caller. */
  disabled_reason: string | null;
  /** `whsec_…`; only ever read by the signer and shown once when created or rotated. */
  secret: string;
  /** The secret before the last rotation, still signing until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** Start of the current run of failed attempts; null after a success. */
  failing_since: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event for one endpoint. */
export interface WebhookDeliveriesTable {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  event_id: string;
  /** The event's type, kept here so the deliveries log lists without a join. */
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  /** 1-based. */
  attempt: number;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string;
  error: string | null;
  attempted_at: string;
}

export type ExportFormat = 'json' | 'imscc' | 'scorm12' | 'cmi5';
export type ExportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A course export (docs/api.md "Exports"): the record of a `course_export` job and its file. */
export interface ExportsTable {
  id: string;
  workspace_id: string;
  course_id: string;
  format: ExportFormat;
  status: ExportStatus;
  /** 1 when the file holds quiz answers. */
  contains_answers: number;
  size_bytes: number | null;
  failures: number;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  expires_at: string | null;
  file_removed_at: string | null;
}

export type JobKind = 'webhook_delivery' | 'course_export' | 'lti_grade_send' | 'roster_import';

/** The shared job queue: due at run_at; a claim moves run_at to the lease's end and sets lease_until. */
export interface JobsTable {
  id: string;
  kind: JobKind;
  /** The row the job works on (a delivery, an export); one job per subject at a time. */
  subject_id: string;
  run_at: string;
  lease_until: string | null;
  created_at: string;
}

/** The lock of a course's analytics rollups (docs/analytics.md); `ready` 0 = to be rebuilt from raw rows. */
export interface CourseRollupsTable {
  course_id: string;
  workspace_id: string;
  ready: number;
  /** Bumped by every change to the course's rollups (a cached whole-history answer is exact while it stays). */
  version: Generated<number>;
}

/** Enrollments not cancelled, by lessons completed. */
export interface CourseProgressBucketsTable {
  course_id: string;
  lessons_completed: number;
  enrollments: number;
}

/** Enrollments by the UTC day (YYYY-MM-DD) of enrolled_at and current status. */
export interface CourseEnrollmentDaysTable {
  course_id: string;
  day: string;
  active: number;
  completed: number;
  cancelled: number;
}

/** Enrollments not cancelled, by the UTC day of enrolled_at and lessons completed. */
export interface CourseProgressDaysTable {
  course_id: string;
  day: string;
  lessons_completed: number;
  enrollments: number;
}

/** Completed enrollments by bucket of time to complete (analytics-days.ts). */
export interface CourseCompletionBucketsTable {
  course_id: string;
  bucket: number;
  enrollments: number;
}

/** Completed enrollments by the UTC day of enrolled_at and bucket of time to complete (analytics-days.ts). */
export interface CourseCompletionDaysTable {
  course_id: string;
  day: string;
  bucket: number;
  enrollments: number;
}

export interface LessonRollupsTable {
  lesson_id: string;
  course_id: string;
  started: number;
  completed: number;
  attempts: number;
  attempt_students: number;
  passed: number;
  /** bigint: a string on PostgreSQL. */
  score_sum: number | string;
}

/** Enrollments by the UTC day of last_activity_at. */
export interface CourseActivityDaysTable {
  course_id: string;
  day: string;
  enrollments: number;
}

/** Per lesson per UTC day: started (day of started_at), completed (of completed_at), quiz attempts (of created_at). */
export interface LessonDaysTable {
  lesson_id: string;
  course_id: string;
  day: string;
  started: number;
  completed: number;
  attempts: number;
  passed: number;
  /** bigint: a string on PostgreSQL. */
  score_sum: number | string;
}

export interface QuizScoreCountsTable {
  lesson_id: string;
  course_id: string;
  score: number;
  attempts: number;
}

export interface QuizQuestionRollupsTable {
  lesson_id: string;
  course_id: string;
  question_id: string;
  attempts: number;
  correct: number;
}

export interface QuizScoreDaysTable {
  lesson_id: string;
  course_id: string;
  day: string;
  score: number;
  attempts: number;
}

export interface QuizQuestionDaysTable {
  lesson_id: string;
  course_id: string;
  day: string;
  question_id: string;
  attempts: number;
  correct: number;
}

/** Rows of a counted table per workspace, kept by triggers (migration row-counts). */
export interface RowCountsTable {
  workspace_id: string;
  resource: 'courses' | 'students' | 'enrollments';
  count: number | string;
}

/** API requests of one key in one clock hour (`hour`: its start, ISO), by status class; 4xx excludes 429. */
export interface ApiUsageHoursTable {
  workspace_id: string;
  key_id: string;
  hour: string;
  requests: number;
  status_2xx: number;
  status_4xx: number;
  status_429: number;
  status_5xx: number;
}

/** One failed API request (4xx or 5xx) of a workspace; `id` is its request id. Kept 7 days. */
export interface RequestLogsTable {
  id: string;
  workspace_id: string;
  key_id: string;
  method: string;
  /** The route pattern (`/api/v1/courses/:id`), never the path with its ids or query. */
  route: string;
  status: number;
  error_code: string | null;
  latency_ms: number;
  created_at: string;
}

/** A usage alert already recorded: one per key, clock hour and threshold. */
export interface UsageAlertsTable {
  key_id: string;
  hour: string;
  threshold_percent: number;
  created_at: string;
}

export type UserRole = 'owner' | 'developer' | 'viewer';

/** A console user of an account. */
export interface UsersTable {
  id: string;
  account_id: string;
  /** Lower-cased; unique across accounts (one sign-in form for everyone). */
  email: string;
  role: UserRole;
  /** `scrypt$N$r$p$salt$hash` (base64url); null until the user sets a password. */
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  /** The last sign-in, by link or password; null before the first. */
  last_sign_in_at: string | null;
}

/** A console session; the cookie holds the id, the database only its SHA-256. */
export interface UserSessionsTable {
  hash: string;
  user_id: string;
  /** Sent back by the console in X-CSRF-Token on every state-changing request. */
  csrf_token: string;
  created_at: string;
  expires_at: string;
  /** How the session was opened: a one-time link lets its user set a password without the current one. */
  method: SessionMethod;
}

export type SessionMethod = 'link' | 'password';

/** A failed password sign-in (or wrong current password): the per-account throttle, kept 24 hours. */
export interface SignInFailuresTable {
  /** Lower-cased, whether or not a user has it. */
  email: string;
  /** The client address. */
  address: string;
  at: string;
}

/** A one-time sign-in link (its token hashed), printed by the CLI. */
export interface SignInLinksTable {
  hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type PlayerMode = 'learner' | 'preview';

/** A session of the live learner player: one course, for one student (none in a preview), until it expires. */
export interface PlayerSessionsTable {
  /** SHA-256 (base64url) of the session's bearer token; the token itself is never stored. */
  token_hash: string;
  workspace_id: string;
  course_id: string;
  /** The student whose progress and attempts the session writes; null in a preview. */
  student_id: string | null;
  mode: PlayerMode;
  /** The LTI launch that opened the session, if one did. */
  launch_id: string | null;
  expires_at: string;
  created_at: string;
}

/** A platform (LMS) that a workspace trusts for LTI 1.3 launches; found by (issuer, client_id). */
export interface LtiRegistrationsTable {
  id: string;
  workspace_id: string;
  /** The platform's `iss`. */
  issuer: string;
  /** The tool's client id at the platform (the `aud` of its id_tokens). */
  client_id: string;
  /** The platform's OIDC authorization endpoint, where the login redirects. */
  auth_login_url: string;
  /** The platform's OAuth 2 token endpoint (AGS, NRPS). */
  auth_token_url: string;
  /** The platform's public keys. */
  jwks_url: string;
  /** What a launch with a deployment id not yet known does: `accept` records it, `reject` refuses the launch. */
  unknown_deployments: LtiUnknownDeployments;
  /** A claim whose value is the student's external id, in place of `lti:<iss>:<sub>`; null for that default. */
  student_id_claim: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type LtiUnknownDeployments = 'accept' | 'reject';

/** A deployment id known for a registration. */
export interface LtiDeploymentsTable {
  registration_id: string;
  deployment_id: string;
  created_at: string;
}

/** A one-time Dynamic Registration link (its token hashed), bound to a workspace. */
export interface LtiRegistrationLinksTable {
  /** SHA-256 (base64url) of the link's token. */
  hash: string;
  workspace_id: string;
  expires_at: string;
  used_at: string | null;
  /** The registration the link made, once used. */
  registration_id: string | null;
  created_at: string;
}

export type LtiToolKeyState = 'current' | 'previous' | 'retired';

/** The tool's own RSA signing keys: one current, at most one previous (both published), the rest retired. */
export interface LtiToolKeysTable {
  kid: string;
  /** The private JWK as JSON: never leaves the tool-keys module except as a signing key. */
  private_jwk: string;
  /** The public JWK as JSON (with kid, alg, use), as the JWKS publishes it. */
  public_jwk: string;
  state: LtiToolKeyState;
  created_at: string;
  retired_at: string | null;
}

/** One OIDC login of an LTI launch (lti-login.routes.ts), until its id_token comes back or it expires. */
export interface LtiLoginStatesTable {
  /** SHA-256 (base64url) of the `state`; the state itself is never stored. */
  state_hash: string;
  workspace_id: string;
  registration_id: string;
  /** The nonce the id_token must carry. */
  nonce: string;
  /** The login's `target_link_uri`; the id_token's must be the same. */
  target_link_uri: string;
  /** JSON of the login's parameters (iss, login_hint, lti_message_hint, client_id, lti_deployment_id): a new window starts the login again with them. */
  login_params: string;
  /** The login's `lti_storage_target` (LTI platform storage), or null when the state went in a cookie only. */
  storage_target: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A nonce that a valid id_token spent: the same nonce again is a replay. */
export interface LtiUsedNoncesTable {
  registration_id: string;
  nonce: string;
  /** After this, the token that carried it has expired anyway and the row may go. */
  expires_at: string;
}

/** A launch that opened a course (or a preview of one) from a platform. */
export interface LtiLaunchesTable {
  id: string;
  workspace_id: string;
  registration_id: string;
  deployment_id: string;
  /** The platform's user id (`sub`). */
  sub: string | null;
  /** The student the launch made or found; null for a preview. */
  student_id: string | null;
  course_id: string | null;
  context_id: string | null;
  resource_link_id: string | null;
  /** JSON array of the launch's role URIs. */
  roles: string;
  message_type: string;
  /** AGS: the line item the score goes to (used as given, query string included). */
  ags_lineitem: string | null;
  /** AGS: the context's line items URL. */
  ags_lineitems: string | null;
  /** AGS: JSON array of the scopes the platform granted. */
  ags_scopes: string | null;
  /** NRPS: the context's memberships URL. */
  nrps_url: string | null;
  created_at: string;
}

/** pending → succeeded, or failed for good; superseded when a newer score for the same line item came before it was sent. */
export type LtiGradeSendStatus = 'pending' | 'succeeded' | 'failed' | 'superseded';

/** A score for a platform's line item (AGS), and how sending it went. */
export interface LtiGradeSendsTable {
  id: string;
  workspace_id: string;
  registration_id: string;
  /** The launch whose AGS claim named the line item. */
  launch_id: string;
  student_id: string;
  course_id: string;
  /** The line item, as the launch gave it (query string included). */
  lineitem_url: string;
  /** The platform's user id (`sub`). */
  user_id: string;
  score_given: number;
  score_maximum: number;
  activity_progress: 'InProgress' | 'Completed';
  grading_progress: 'FullyGraded';
  /** When the score was worked out: the AGS `timestamp`. */
  timestamp: string;
  status: LtiGradeSendStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A token of an instructor page inside the LMS (the Deep Linking picker, the members page); only its hash is stored. */
export interface LtiPageTokensTable {
  token_hash: string;
  kind: LtiPageTokenKind;
  workspace_id: string;
  registration_id: string;
  deployment_id: string;
  /** `members`: the instructor's launch (its course and roster URL). */
  launch_id: string | null;
  /** `deep_linking`: the platform's deep_link_return_url. */
  return_url: string | null;
  /** `deep_linking`: JSON of the request's settings Lectern answers by (`data`, `accept_multiple`). */
  settings: string | null;
  expires_at: string;
  /** When the token was spent (a picker answers once); null while it may be used. */
  used_at: string | null;
  created_at: string;
}

export type LtiPageTokenKind = 'deep_linking' | 'members';

export interface DB {
  accounts: AccountsTable;
  workspaces: WorkspacesTable;
  api_keys: ApiKeysTable;
  api_key_secrets: ApiKeySecretsTable;
  courses: CoursesTable;
  students: StudentsTable;
  enrollments: EnrollmentsTable;
  modules: ModulesTable;
  lessons: LessonsTable;
  lesson_progress: LessonProgressTable;
  quiz_attempts: QuizAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  jobs: JobsTable;
  exports: ExportsTable;
  course_rollups: CourseRollupsTable;
  course_progress_buckets: CourseProgressBucketsTable;
  course_enrollment_days: CourseEnrollmentDaysTable;
  lesson_rollups: LessonRollupsTable;
  quiz_score_counts: QuizScoreCountsTable;
  quiz_question_rollups: QuizQuestionRollupsTable;
  course_progress_days: CourseProgressDaysTable;
  course_completion_buckets: CourseCompletionBucketsTable;
  course_completion_days: CourseCompletionDaysTable;
  course_activity_days: CourseActivityDaysTable;
  lesson_days: LessonDaysTable;
  quiz_score_days: QuizScoreDaysTable;
  quiz_question_days: QuizQuestionDaysTable;
  row_counts: RowCountsTable;
  api_usage_hours: ApiUsageHoursTable;
  request_logs: RequestLogsTable;
  usage_alerts: UsageAlertsTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  sign_in_links: SignInLinksTable;
  sign_in_failures: SignInFailuresTable;
  lti_registrations: LtiRegistrationsTable;
  lti_deployments: LtiDeploymentsTable;
  lti_registration_links: LtiRegistrationLinksTable;
  lti_tool_keys: LtiToolKeysTable;
  player_sessions: PlayerSessionsTable;
  lti_login_states: LtiLoginStatesTable;
  lti_used_nonces: LtiUsedNoncesTable;
  lti_launches: LtiLaunchesTable;
  lti_page_tokens: LtiPageTokensTable;
  lti_grade_sends: LtiGradeSendsTable;
  oauth_clients: OAuthClientsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  imports: ImportsTable;
  import_results: ImportResultsTable;
  import_created_objects: ImportCreatedObjectsTable;
}

/** A client registered by RFC 7591 Dynamic Client Registration: public, with PKCE. */
export interface OAuthClientsTable {
  id: string;
  name: string;
  /** JSON array of the exact redirect URIs the client may use. */
  redirect_uris: string;
  created_at: string;
}

/** One consent: a user let a client act in one workspace with these scopes, until revoked or expired. */
export interface OAuthGrantsTable {
  id: string;
  client_id: string;
  account_id: string;
  workspace_id: string;
  user_id: string;
  /** JSON array of scope strings. */
  scopes: string;
  /** The resource (RFC 8707) the tokens are for: the /mcp URL. */
  resource: string;
  created_at: string;
  last_used_at: string | null;
  /** When its last refresh token expires. */
  expires_at: string;
  revoked_at: string | null;
}

/** A one-time authorization code (SHA-256 of it), valid 60 s. */
export interface OAuthCodesTable {
  hash: string;
  client_id: string;
  user_id: string;
  workspace_id: string;
  scopes: string;
  resource: string;
  code_challenge: string;
  redirect_uri: string;
  expires_at: string;
  used_at: string | null;
  /** The grant its exchange created: a second use revokes it. */
  grant_id: string | null;
}

/** An access or refresh token of a grant (SHA-256 of it); a refresh token is used once (rotation). */
export interface OAuthTokensTable {
  hash: string;
  grant_id: string;
  kind: 'access' | 'refresh';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type ImportStatus = 'queued' | 'running' | 'awaiting_confirmation' | 'succeeded' | 'succeeded_with_errors' | 'failed' | 'canceled';
export type ImportFormat = 'csv' | 'ndjson' | 'zip';
export type ImportMode = 'upsert' | 'create_only' | 'update_only';
export type ImportAction = 'created' | 'updated' | 'unchanged' | 'deactivated' | 'failed' | 'skipped';
export type ImportObjectType = 'student' | 'enrollment';

/** A roster import (docs/imports.md): its options, its resume point and its counts, written with each chunk. */
export interface ImportsTable {
  id: string;
  workspace_id: string;
  key_id: string | null;
  status: ImportStatus;
  format: ImportFormat;
  /** A CSV's rows; null for NDJSON and zip. */
  csv_type: 'students' | 'enrollments' | null;
  mode: ImportMode;
  sync: 'delta' | 'full';
  source: string | null;
  dry_run: number;
  max_delete_percent: number;
  /** 1 when the key had enrollments:write: enrollment rows of a key without it fail. */
  can_enroll: number;
  /** bigint: a string on PostgreSQL. */
  file_bytes: number | string;
  file_sha256: string;
  total_rows: number | null;
  /** Rows of each type applied so far, in file order: the resume point. */
  students_applied: number;
  enrollments_applied: number;
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  failed: number;
  skipped: number;
  pending_students: number | null;
  pending_enrollments: number | null;
  pending_of: number | null;
  confirmed: number;
  failures: number;
  error_code: string | null;
  error_message: string | null;
  error_file: string | null;
  error_line: number | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** One line of an import's results: an input row's outcome, or a deactivated object. */
export interface ImportResultsTable {
  import_id: string;
  seq: number;
  file: string;
  line: number | null;
  type: ImportObjectType;
  external_id: string | null;
  action: ImportAction;
  object_id: string | null;
  code: string | null;
  field: string | null;
  message: string | null;
}

/** Which import source made a student or an enrollment: a full sync of that source may deactivate it. */
export interface ImportCreatedObjectsTable {
  workspace_id: string;
  object_type: ImportObjectType;
  object_id: string;
  source: string;
  import_id: string;
  created_at: string;
}
