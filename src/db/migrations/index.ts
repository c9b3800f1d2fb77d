import type { Migration } from 'kysely';
import * as analytics from './2026-11-22T09-00-00_analytics.js';
import * as exportsMigration from './2026-11-22T11-00-00_exports.js';
import * as analyticsDays from './2026-11-22T12-00-00_analytics-days.js';
import * as foundation from './2026-11-21T20-00-00_foundation.js';
import * as curriculum from './2026-11-21T22-00-00_curriculum.js';
import * as eventsWebhooksJobs from './2026-11-21T23-00-00_events-webhooks-jobs.js';
import * as enrollments from './2026-11-21T21-40-00_enrollments.js';
import * as progress from './2026-11-21T22-20-00_progress.js';
import * as search from './2026-11-22T10-00-00_search.js';
import * as rollupVersions from './2026-11-22T13-00-00_rollup-versions.js';
import * as progressLessonIndexes from './2026-11-22T14-00-00_progress-lesson-indexes.js';
import * as searchPending from './2026-11-22T15-00-00_search-pending.js';
import * as students from './2026-11-21T21-20-00_students.js';
import * as rowCounts from './2026-11-26T12-00-00_row-counts.js';
import * as rowCountsAtCommit from './2026-11-26T13-00-00_row-counts-at-commit.js';
import * as usageRequestLogs from './2026-11-27T10-00-00_usage-request-logs.js';
import * as consoleUsers from './2026-11-27T10-10-00_console-users.js';
import * as keyChangeNotify from './2026-11-27T12-00-00_key-change-notify.js';
import * as consoleAccounts from './2026-11-28T10-00-00_console-accounts.js';
import * as keyRotationHints from './2026-11-28T11-00-00_key-rotation-hints.js';
import * as ltiRegistrations from './2026-11-28T13-00-00_lti-registrations.js';
import * as ltiLaunches from './2026-11-28T13-10-00_lti-launches.js';
import * as playerSessions from './2026-11-28T13-20-00_player-sessions.js';
import * as ltiDeepLinking from './2026-11-28T14-00-00_lti-deep-linking.js';
import * as ltiGradeSends from './2026-11-28T14-10-00_lti-grade-sends.js';
import * as oauth from './2026-11-28T15-00-00_oauth.js';
import * as courseExternalIdsStudentStatus from './2026-11-29T01-00-00_course-external-ids-student-status.js';
import * as imports from './2026-11-29T01-10-00_imports.js';
import * as statementRowCounts from './2026-11-29T01-20-00_statement-row-counts.js';
import * as searchPendingUpserts from './2026-11-29T01-30-00_search-pending-upserts.js';
import * as keyChangeCounter from './2026-11-29T04-40-00_key-change-counter.js';

/** Every migration, in order. Listed explicitly so the built and the source tree run the same set. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T20-00-00_foundation': foundation,
  '2026-11-21T21-20-00_students': students,
  '2026-11-21T21-40-00_enrollments': enrollments,
  '2026-11-21T22-00-00_curriculum': curriculum,
  '2026-11-21T22-20-00_progress': progress,
  '2026-11-21T23-00-00_events-webhooks-jobs': eventsWebhooksJobs,
  '2026-11-22T09-00-00_analytics': analytics,
  '2026-11-22T10-00-00_search': search,
  '2026-11-22T11-00-00_exports': exportsMigration,
  '2026-11-22T12-00-00_analytics-days': analyticsDays,
  '2026-11-22T13-00-00_rollup-versions': rollupVersions,
  '2026-11-22T14-00-00_progress-lesson-indexes': progressLessonIndexes,
  '2026-11-22T15-00-00_search-pending': searchPending,
  '2026-11-26T12-00-00_row-counts': rowCounts,
  '2026-11-26T13-00-00_row-counts-at-commit': rowCountsAtCommit,
  '2026-11-27T10-00-00_usage-request-logs': usageRequestLogs,
  '2026-11-27T10-10-00_console-users': consoleUsers,
  '2026-11-27T12-00-00_key-change-notify': keyChangeNotify,
  '2026-11-28T10-00-00_console-accounts': consoleAccounts,
  '2026-11-28T11-00-00_key-rotation-hints': keyRotationHints,
  '2026-11-28T13-00-00_lti-registrations': ltiRegistrations,
  '2026-11-28T13-10-00_lti-launches': ltiLaunches,
  '2026-11-28T13-20-00_player-sessions': playerSessions,
  '2026-11-28T14-00-00_lti-deep-linking': ltiDeepLinking,
  '2026-11-28T14-10-00_lti-grade-sends': ltiGradeSends,
  '2026-11-28T15-00-00_oauth': oauth,
  '2026-11-29T01-00-00_course-external-ids-student-status': courseExternalIdsStudentStatus,
  '2026-11-29T01-10-00_imports': imports,
  '2026-11-29T01-20-00_statement-row-counts': statementRowCounts,
  '2026-11-29T01-30-00_search-pending-upserts': searchPendingUpserts,
  '2026-11-29T04-40-00_key-change-counter': keyChangeCounter,
};
