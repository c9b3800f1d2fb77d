// Writes sdks/operations.json: every keyed operation of docs/openapi.json with the resource and
// method name it has in all three official libraries, so they name things alike. An operation
// without a name here fails the script: a new endpoint needs a decision, not a guess.
// Run: node sdks/operations.mjs (CI regenerates it and fails if it differs from the committed file);
// `--openapi FILE --out FILE` read and write elsewhere (a document not committed yet).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : path.resolve(process.argv[index + 1]);
}
const document = JSON.parse(readFileSync(option('--openapi', path.join(root, 'docs/openapi.json')), 'utf8'));

/** operationId → [resource, method] (camelCase; Python uses the snake_case of both). */
const names = {
  listCourses: ['courses', 'list'], createCourse: ['courses', 'create'], getCourse: ['courses', 'get'], updateCourse: ['courses', 'update'],
  patchCourse: ['courses', 'patch'], deleteCourse: ['courses', 'delete'], publishCourse: ['courses', 'publish'], unpublishCourse: ['courses', 'unpublish'],
  listModules: ['modules', 'list'], createModule: ['modules', 'create'], getModule: ['modules', 'get'], updateModule: ['modules', 'update'],
  patchModule: ['modules', 'patch'], deleteModule: ['modules', 'delete'],
  listLessons: ['lessons', 'list'], createLesson: ['lessons', 'create'], getLesson: ['lessons', 'get'], updateLesson: ['lessons', 'update'],
  patchLesson: ['lessons', 'patch'], deleteLesson: ['lessons', 'delete'],
  listStudents: ['students', 'list'], createStudent: ['students', 'create'], bulkCreateStudents: ['students', 'bulkCreate'], getStudent: ['students', 'get'],
  updateStudent: ['students', 'update'], patchStudent: ['students', 'patch'], deleteStudent: ['students', 'delete'],
  listEnrollments: ['enrollments', 'list'], createEnrollment: ['enrollments', 'create'], bulkCreateEnrollments: ['enrollments', 'bulkCreate'],
  getEnrollment: ['enrollments', 'get'], cancelEnrollment: ['enrollments', 'cancel'],
  recordProgress: ['progress', 'record'], getStudentProgress: ['progress', 'get'], submitQuizAttempt: ['progress', 'submitQuizAttempt'],
  searchCourses: ['search', 'courses'], searchLessons: ['search', 'lessons'], searchStudents: ['search', 'students'],
  getCourseAnalytics: ['analytics', 'course'], getStudentAnalytics: ['analytics', 'student'], getQuizResults: ['analytics', 'quizResults'],
  listEvents: ['events', 'list'], getEvent: ['events', 'get'],
  createExport: ['exports', 'create'], getExport: ['exports', 'get'], downloadExport: ['exports', 'download'], importCourse: ['exports', 'importCourse'],
  listWebhookEndpoints: ['webhooks', 'listEndpoints'], createWebhookEndpoint: ['webhooks', 'createEndpoint'], getWebhookEndpoint: ['webhooks', 'getEndpoint'],
  updateWebhookEndpoint: ['webhooks', 'updateEndpoint'], patchWebhookEndpoint: ['webhooks', 'patchEndpoint'], deleteWebhookEndpoint: ['webhooks', 'deleteEndpoint'],
  rotateWebhookSecret: ['webhooks', 'rotateSecret'], testWebhookEndpoint: ['webhooks', 'testEndpoint'], listWebhookDeliveries: ['webhooks', 'listDeliveries'],
  getWebhookDelivery: ['webhooks', 'getDelivery'], retryWebhookDelivery: ['webhooks', 'retryDelivery'],
  listApiKeys: ['apiKeys', 'list'], createApiKey: ['apiKeys', 'create'], getApiKey: ['apiKeys', 'get'], rotateApiKey: ['apiKeys', 'rotate'], revokeApiKey: ['apiKeys', 'revoke'],
  getRateLimits: ['rateLimits', 'get'],
  upsertCourse: ['courses', 'upsert'], upsertStudent: ['students', 'upsert'],
  createImport: ['imports', 'create'], listImports: ['imports', 'list'], getImport: ['imports', 'get'], getImportResults: ['imports', 'results'],
  confirmImport: ['imports', 'confirm'], cancelImport: ['imports', 'cancel'],
  getUsage: ['usage', 'get'], listRequestLogs: ['requestLogs', 'list'],
  listLtiRegistrations: ['lti', 'listRegistrations'], createLtiRegistration: ['lti', 'createRegistration'], getLtiRegistration: ['lti', 'getRegistration'],
  updateLtiRegistration: ['lti', 'updateRegistration'], patchLtiRegistration: ['lti', 'patchRegistration'], deleteLtiRegistration: ['lti', 'deleteRegistration'],
  createLtiRegistrationLink: ['lti', 'createRegistrationLink'], listLtiGradeSends: ['lti', 'listGradeSends'],
};

/**
 * Operations each library writes by hand, under the name above, because what goes over the wire is
 * not JSON: an import's upload (a file, streamed, its content type from its name) and its results
 * (NDJSON lines). The generators leave them out of the generated resource classes.
 */
const handWritten = new Set(['createImport', 'getImportResults']);

const prefix = '/api/v1';
const operations = [];
const unnamed = [];
for (const [fullPath, item] of Object.entries(document.paths)) {
  if (!fullPath.startsWith(`${prefix}/`)) continue; // health, readiness, metrics: not API operations
  for (const [httpMethod, operation] of Object.entries(item)) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(httpMethod)) continue;
    if (Array.isArray(operation.security) && operation.security.length === 0) continue; // public (the document itself)
    const name = names[operation.operationId];
    if (!name) {
      unnamed.push(operation.operationId);
      continue;
    }
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => (p.$ref ? resolve(p.$ref) : p));
    const query = parameters.filter((p) => p.in === 'query').map((p) => p.name);
    operations.push({
      operation_id: operation.operationId,
      resource: name[0],
      method: name[1],
      http_method: httpMethod.toUpperCase(),
      path: fullPath.slice(prefix.length),
      path_params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      query_params: query,
      has_body: operation.requestBody !== undefined,
      // Lists that take a cursor are walked page after page by the libraries' auto-pagination.
      cursor_list: query.includes('cursor') && !fullPath.startsWith(`${prefix}/search/`),
      hand_written: handWritten.has(operation.operationId),
    });
  }
}
if (unnamed.length > 0) {
  process.stderr.write(`sdks/operations.mjs: no library name for ${unnamed.join(', ')}: add them to \`names\`\n`);
  process.exit(1);
}
const stale = Object.keys(names).filter((id) => !operations.some((o) => o.operation_id === id));
if (stale.length > 0) {
  process.stderr.write(`sdks/operations.mjs: named operations the document no longer has: ${stale.join(', ')}\n`);
  process.exit(1);
}

function resolve(ref) {
  return ref.replace(/^#\//, '').split('/').reduce((node, key) => node[key], document);
}

writeFileSync(
  option('--out', path.join(import.meta.dirname, 'operations.json')),
  `${JSON.stringify({ description: 'Generated by sdks/operations.mjs from docs/openapi.json: each operation and its name in the libraries.', api_version: document.info.version, operations }, null, 2)}\n`,
);
