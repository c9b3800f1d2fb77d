import type { Body, Item, ListQuery, PathParam, Query, Requester, RequestOptions, Result } from '../types.js';
import type { PageIterator } from '../pagination.js';
/** The version of this library: the API version of the document it was generated from. */
export declare const VERSION = "1.0.0";
/** Every operation of sdks/operations.json, by operationId. */
export declare const OPERATIONS: {
    readonly listApiKeys: {
        readonly operationId: "listApiKeys";
        readonly resource: "apiKeys";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api-keys";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createApiKey: {
        readonly operationId: "createApiKey";
        readonly resource: "apiKeys";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api-keys";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getApiKey: {
        readonly operationId: "getApiKey";
        readonly resource: "apiKeys";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api-keys/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly rotateApiKey: {
        readonly operationId: "rotateApiKey";
        readonly resource: "apiKeys";
        readonly method: "rotate";
        readonly httpMethod: "POST";
        readonly path: "/api-keys/{id}/rotate";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly revokeApiKey: {
        readonly operationId: "revokeApiKey";
        readonly resource: "apiKeys";
        readonly method: "revoke";
        readonly httpMethod: "POST";
        readonly path: "/api-keys/{id}/revoke";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getRateLimits: {
        readonly operationId: "getRateLimits";
        readonly resource: "rateLimits";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/rate-limits";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listCourses: {
        readonly operationId: "listCourses";
        readonly resource: "courses";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/courses";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since", "sort", "published", "external_id"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createCourse: {
        readonly operationId: "createCourse";
        readonly resource: "courses";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/courses";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getCourse: {
        readonly operationId: "getCourse";
        readonly resource: "courses";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/courses/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly updateCourse: {
        readonly operationId: "updateCourse";
        readonly resource: "courses";
        readonly method: "update";
        readonly httpMethod: "PUT";
        readonly path: "/courses/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly patchCourse: {
        readonly operationId: "patchCourse";
        readonly resource: "courses";
        readonly method: "patch";
        readonly httpMethod: "PATCH";
        readonly path: "/courses/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly deleteCourse: {
        readonly operationId: "deleteCourse";
        readonly resource: "courses";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/courses/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["force"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly upsertCourse: {
        readonly operationId: "upsertCourse";
        readonly resource: "courses";
        readonly method: "upsert";
        readonly httpMethod: "PUT";
        readonly path: "/courses/by-external-id/{external_id}";
        readonly pathParams: readonly ["external_id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly publishCourse: {
        readonly operationId: "publishCourse";
        readonly resource: "courses";
        readonly method: "publish";
        readonly httpMethod: "POST";
        readonly path: "/courses/{id}/publish";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly unpublishCourse: {
        readonly operationId: "unpublishCourse";
        readonly resource: "courses";
        readonly method: "unpublish";
        readonly httpMethod: "POST";
        readonly path: "/courses/{id}/unpublish";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listModules: {
        readonly operationId: "listModules";
        readonly resource: "modules";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/courses/{id}/modules";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since", "sort"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createModule: {
        readonly operationId: "createModule";
        readonly resource: "modules";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/courses/{id}/modules";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getModule: {
        readonly operationId: "getModule";
        readonly resource: "modules";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/modules/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly updateModule: {
        readonly operationId: "updateModule";
        readonly resource: "modules";
        readonly method: "update";
        readonly httpMethod: "PUT";
        readonly path: "/modules/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly patchModule: {
        readonly operationId: "patchModule";
        readonly resource: "modules";
        readonly method: "patch";
        readonly httpMethod: "PATCH";
        readonly path: "/modules/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly deleteModule: {
        readonly operationId: "deleteModule";
        readonly resource: "modules";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/modules/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listLessons: {
        readonly operationId: "listLessons";
        readonly resource: "lessons";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/modules/{id}/lessons";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since", "sort"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createLesson: {
        readonly operationId: "createLesson";
        readonly resource: "lessons";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/modules/{id}/lessons";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getLesson: {
        readonly operationId: "getLesson";
        readonly resource: "lessons";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/lessons/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly updateLesson: {
        readonly operationId: "updateLesson";
        readonly resource: "lessons";
        readonly method: "update";
        readonly httpMethod: "PUT";
        readonly path: "/lessons/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly patchLesson: {
        readonly operationId: "patchLesson";
        readonly resource: "lessons";
        readonly method: "patch";
        readonly httpMethod: "PATCH";
        readonly path: "/lessons/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly deleteLesson: {
        readonly operationId: "deleteLesson";
        readonly resource: "lessons";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/lessons/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listStudents: {
        readonly operationId: "listStudents";
        readonly resource: "students";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/students";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since", "sort", "email", "external_id", "status"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createStudent: {
        readonly operationId: "createStudent";
        readonly resource: "students";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/students";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly bulkCreateStudents: {
        readonly operationId: "bulkCreateStudents";
        readonly resource: "students";
        readonly method: "bulkCreate";
        readonly httpMethod: "POST";
        readonly path: "/students/bulk";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getStudent: {
        readonly operationId: "getStudent";
        readonly resource: "students";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/students/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly updateStudent: {
        readonly operationId: "updateStudent";
        readonly resource: "students";
        readonly method: "update";
        readonly httpMethod: "PUT";
        readonly path: "/students/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly patchStudent: {
        readonly operationId: "patchStudent";
        readonly resource: "students";
        readonly method: "patch";
        readonly httpMethod: "PATCH";
        readonly path: "/students/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly deleteStudent: {
        readonly operationId: "deleteStudent";
        readonly resource: "students";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/students/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly upsertStudent: {
        readonly operationId: "upsertStudent";
        readonly resource: "students";
        readonly method: "upsert";
        readonly httpMethod: "PUT";
        readonly path: "/students/by-external-id/{external_id}";
        readonly pathParams: readonly ["external_id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listEnrollments: {
        readonly operationId: "listEnrollments";
        readonly resource: "enrollments";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/enrollments";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since", "sort", "student_id", "course_id", "status"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createEnrollment: {
        readonly operationId: "createEnrollment";
        readonly resource: "enrollments";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/enrollments";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly bulkCreateEnrollments: {
        readonly operationId: "bulkCreateEnrollments";
        readonly resource: "enrollments";
        readonly method: "bulkCreate";
        readonly httpMethod: "POST";
        readonly path: "/enrollments/bulk";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getEnrollment: {
        readonly operationId: "getEnrollment";
        readonly resource: "enrollments";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/enrollments/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly cancelEnrollment: {
        readonly operationId: "cancelEnrollment";
        readonly resource: "enrollments";
        readonly method: "cancel";
        readonly httpMethod: "DELETE";
        readonly path: "/enrollments/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly recordProgress: {
        readonly operationId: "recordProgress";
        readonly resource: "progress";
        readonly method: "record";
        readonly httpMethod: "POST";
        readonly path: "/students/{id}/progress";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getStudentProgress: {
        readonly operationId: "getStudentProgress";
        readonly resource: "progress";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/students/{id}/progress";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["course_id"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly submitQuizAttempt: {
        readonly operationId: "submitQuizAttempt";
        readonly resource: "progress";
        readonly method: "submitQuizAttempt";
        readonly httpMethod: "POST";
        readonly path: "/lessons/{id}/quiz-attempts";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly searchCourses: {
        readonly operationId: "searchCourses";
        readonly resource: "search";
        readonly method: "courses";
        readonly httpMethod: "GET";
        readonly path: "/search/courses";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["q", "page", "per_page", "cursor"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly searchLessons: {
        readonly operationId: "searchLessons";
        readonly resource: "search";
        readonly method: "lessons";
        readonly httpMethod: "GET";
        readonly path: "/search/lessons";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["q", "page", "per_page", "cursor"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly searchStudents: {
        readonly operationId: "searchStudents";
        readonly resource: "search";
        readonly method: "students";
        readonly httpMethod: "GET";
        readonly path: "/search/students";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["q", "page", "per_page", "cursor"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getCourseAnalytics: {
        readonly operationId: "getCourseAnalytics";
        readonly resource: "analytics";
        readonly method: "course";
        readonly httpMethod: "GET";
        readonly path: "/courses/{id}/analytics";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["from", "to"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getStudentAnalytics: {
        readonly operationId: "getStudentAnalytics";
        readonly resource: "analytics";
        readonly method: "student";
        readonly httpMethod: "GET";
        readonly path: "/students/{id}/analytics";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["from", "to"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getQuizResults: {
        readonly operationId: "getQuizResults";
        readonly resource: "analytics";
        readonly method: "quizResults";
        readonly httpMethod: "GET";
        readonly path: "/analytics/quiz-results";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["from", "to", "course_id", "lesson_id", "student_id"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listEvents: {
        readonly operationId: "listEvents";
        readonly resource: "events";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/events";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "sort", "type", "from", "to"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly getEvent: {
        readonly operationId: "getEvent";
        readonly resource: "events";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/events/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getUsage: {
        readonly operationId: "getUsage";
        readonly resource: "usage";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/usage";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["granularity", "from", "to", "key_id"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listRequestLogs: {
        readonly operationId: "listRequestLogs";
        readonly resource: "requestLogs";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/request-logs";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "status", "request_id", "key_id"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createExport: {
        readonly operationId: "createExport";
        readonly resource: "exports";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/courses/{id}/export";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getExport: {
        readonly operationId: "getExport";
        readonly resource: "exports";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/exports/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly downloadExport: {
        readonly operationId: "downloadExport";
        readonly resource: "exports";
        readonly method: "download";
        readonly httpMethod: "GET";
        readonly path: "/exports/{id}/download";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: true;
    };
    readonly importCourse: {
        readonly operationId: "importCourse";
        readonly resource: "exports";
        readonly method: "importCourse";
        readonly httpMethod: "POST";
        readonly path: "/courses/import";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly createImport: {
        readonly operationId: "createImport";
        readonly resource: "imports";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/imports";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["type", "mode", "sync", "dry_run", "max_delete_percent", "source"];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listImports: {
        readonly operationId: "listImports";
        readonly resource: "imports";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/imports";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since", "sort", "status"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly getImport: {
        readonly operationId: "getImport";
        readonly resource: "imports";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/imports/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getImportResults: {
        readonly operationId: "getImportResults";
        readonly resource: "imports";
        readonly method: "results";
        readonly httpMethod: "GET";
        readonly path: "/imports/{id}/results";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["status"];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: true;
    };
    readonly confirmImport: {
        readonly operationId: "confirmImport";
        readonly resource: "imports";
        readonly method: "confirm";
        readonly httpMethod: "POST";
        readonly path: "/imports/{id}/confirm";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly cancelImport: {
        readonly operationId: "cancelImport";
        readonly resource: "imports";
        readonly method: "cancel";
        readonly httpMethod: "POST";
        readonly path: "/imports/{id}/cancel";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listWebhookEndpoints: {
        readonly operationId: "listWebhookEndpoints";
        readonly resource: "webhooks";
        readonly method: "listEndpoints";
        readonly httpMethod: "GET";
        readonly path: "/webhook-endpoints";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "sort"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createWebhookEndpoint: {
        readonly operationId: "createWebhookEndpoint";
        readonly resource: "webhooks";
        readonly method: "createEndpoint";
        readonly httpMethod: "POST";
        readonly path: "/webhook-endpoints";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getWebhookEndpoint: {
        readonly operationId: "getWebhookEndpoint";
        readonly resource: "webhooks";
        readonly method: "getEndpoint";
        readonly httpMethod: "GET";
        readonly path: "/webhook-endpoints/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly updateWebhookEndpoint: {
        readonly operationId: "updateWebhookEndpoint";
        readonly resource: "webhooks";
        readonly method: "updateEndpoint";
        readonly httpMethod: "PUT";
        readonly path: "/webhook-endpoints/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly patchWebhookEndpoint: {
        readonly operationId: "patchWebhookEndpoint";
        readonly resource: "webhooks";
        readonly method: "patchEndpoint";
        readonly httpMethod: "PATCH";
        readonly path: "/webhook-endpoints/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly deleteWebhookEndpoint: {
        readonly operationId: "deleteWebhookEndpoint";
        readonly resource: "webhooks";
        readonly method: "deleteEndpoint";
        readonly httpMethod: "DELETE";
        readonly path: "/webhook-endpoints/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly rotateWebhookSecret: {
        readonly operationId: "rotateWebhookSecret";
        readonly resource: "webhooks";
        readonly method: "rotateSecret";
        readonly httpMethod: "POST";
        readonly path: "/webhook-endpoints/{id}/rotate-secret";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly testWebhookEndpoint: {
        readonly operationId: "testWebhookEndpoint";
        readonly resource: "webhooks";
        readonly method: "testEndpoint";
        readonly httpMethod: "POST";
        readonly path: "/webhook-endpoints/{id}/test";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listWebhookDeliveries: {
        readonly operationId: "listWebhookDeliveries";
        readonly resource: "webhooks";
        readonly method: "listDeliveries";
        readonly httpMethod: "GET";
        readonly path: "/webhook-endpoints/{id}/deliveries";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["page", "per_page", "cursor", "sort", "status", "event_id"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly getWebhookDelivery: {
        readonly operationId: "getWebhookDelivery";
        readonly resource: "webhooks";
        readonly method: "getDelivery";
        readonly httpMethod: "GET";
        readonly path: "/webhook-deliveries/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly retryWebhookDelivery: {
        readonly operationId: "retryWebhookDelivery";
        readonly resource: "webhooks";
        readonly method: "retryDelivery";
        readonly httpMethod: "POST";
        readonly path: "/webhook-deliveries/{id}/retry";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listLtiRegistrations: {
        readonly operationId: "listLtiRegistrations";
        readonly resource: "lti";
        readonly method: "listRegistrations";
        readonly httpMethod: "GET";
        readonly path: "/lti/registrations";
        readonly pathParams: readonly [];
        readonly queryParams: readonly ["page", "per_page", "cursor", "updated_since", "sort"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
    readonly createLtiRegistration: {
        readonly operationId: "createLtiRegistration";
        readonly resource: "lti";
        readonly method: "createRegistration";
        readonly httpMethod: "POST";
        readonly path: "/lti/registrations";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly getLtiRegistration: {
        readonly operationId: "getLtiRegistration";
        readonly resource: "lti";
        readonly method: "getRegistration";
        readonly httpMethod: "GET";
        readonly path: "/lti/registrations/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly updateLtiRegistration: {
        readonly operationId: "updateLtiRegistration";
        readonly resource: "lti";
        readonly method: "updateRegistration";
        readonly httpMethod: "PUT";
        readonly path: "/lti/registrations/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly patchLtiRegistration: {
        readonly operationId: "patchLtiRegistration";
        readonly resource: "lti";
        readonly method: "patchRegistration";
        readonly httpMethod: "PATCH";
        readonly path: "/lti/registrations/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly deleteLtiRegistration: {
        readonly operationId: "deleteLtiRegistration";
        readonly resource: "lti";
        readonly method: "deleteRegistration";
        readonly httpMethod: "DELETE";
        readonly path: "/lti/registrations/{id}";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly [];
        readonly hasBody: false;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly createLtiRegistrationLink: {
        readonly operationId: "createLtiRegistrationLink";
        readonly resource: "lti";
        readonly method: "createRegistrationLink";
        readonly httpMethod: "POST";
        readonly path: "/lti/registration-links";
        readonly pathParams: readonly [];
        readonly queryParams: readonly [];
        readonly hasBody: true;
        readonly cursorList: false;
        readonly raw: false;
    };
    readonly listLtiGradeSends: {
        readonly operationId: "listLtiGradeSends";
        readonly resource: "lti";
        readonly method: "listGradeSends";
        readonly httpMethod: "GET";
        readonly path: "/lti/registrations/{id}/grade-sends";
        readonly pathParams: readonly ["id"];
        readonly queryParams: readonly ["page", "per_page", "cursor", "sort", "status", "student_id"];
        readonly hasBody: false;
        readonly cursorList: true;
        readonly raw: false;
    };
};
/** `client.apiKeys` */
export declare class ApiKeysResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List the API keys of this key's environment. `GET /api-keys` (listApiKeys). Iterates over every item lazily, page by page in cursor mode. */
    list(query?: ListQuery<"listApiKeys">, options?: RequestOptions): PageIterator<Item<"listApiKeys">>;
    /** List the API keys of this key's environment. `GET /api-keys` (listApiKeys). Answers one page envelope as asked (page or cursor mode). */
    listPage(query?: Query<"listApiKeys">, options?: RequestOptions): Promise<Result<"listApiKeys">>;
    /** Create an API key. `POST /api-keys` (createApiKey). */
    create(body: Body<"createApiKey">, options?: RequestOptions): Promise<Result<"createApiKey">>;
    /** Get an API key (never its secret). `GET /api-keys/{id}` (getApiKey). */
    get(id: PathParam<"getApiKey", "id">, options?: RequestOptions): Promise<Result<"getApiKey">>;
    /** Rotate an API key. `POST /api-keys/{id}/rotate` (rotateApiKey). */
    rotate(id: PathParam<"rotateApiKey", "id">, body?: Body<"rotateApiKey">, options?: RequestOptions): Promise<Result<"rotateApiKey">>;
    /** Revoke an API key. `POST /api-keys/{id}/revoke` (revokeApiKey). */
    revoke(id: PathParam<"revokeApiKey", "id">, options?: RequestOptions): Promise<Result<"revokeApiKey">>;
}
/** `client.rateLimits` */
export declare class RateLimitsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** The calling key's rate-limit budgets. `GET /rate-limits` (getRateLimits). */
    get(options?: RequestOptions): Promise<Result<"getRateLimits">>;
}
/** `client.courses` */
export declare class CoursesResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List courses. `GET /courses` (listCourses). Iterates over every item lazily, page by page in cursor mode. */
    list(query?: ListQuery<"listCourses">, options?: RequestOptions): PageIterator<Item<"listCourses">>;
    /** List courses. `GET /courses` (listCourses). Answers one page envelope as asked (page or cursor mode). */
    listPage(query?: Query<"listCourses">, options?: RequestOptions): Promise<Result<"listCourses">>;
    /** Create a course. `POST /courses` (createCourse). */
    create(body: Body<"createCourse">, options?: RequestOptions): Promise<Result<"createCourse">>;
    /** Get a course. `GET /courses/{id}` (getCourse). */
    get(id: PathParam<"getCourse", "id">, options?: RequestOptions): Promise<Result<"getCourse">>;
    /** Update a course. `PUT /courses/{id}` (updateCourse). */
    update(id: PathParam<"updateCourse", "id">, body: Body<"updateCourse">, options?: RequestOptions): Promise<Result<"updateCourse">>;
    /** Update a course (alias of PUT). `PATCH /courses/{id}` (patchCourse). */
    patch(id: PathParam<"patchCourse", "id">, body: Body<"patchCourse">, options?: RequestOptions): Promise<Result<"patchCourse">>;
    /** Delete a course. `DELETE /courses/{id}` (deleteCourse). */
    delete(id: PathParam<"deleteCourse", "id">, query?: Query<"deleteCourse">, options?: RequestOptions): Promise<Result<"deleteCourse">>;
    /** Create or update a course by external id. `PUT /courses/by-external-id/{external_id}` (upsertCourse). */
    upsert(externalId: PathParam<"upsertCourse", "external_id">, body: Body<"upsertCourse">, options?: RequestOptions): Promise<Result<"upsertCourse">>;
    /** Publish a course. `POST /courses/{id}/publish` (publishCourse). */
    publish(id: PathParam<"publishCourse", "id">, options?: RequestOptions): Promise<Result<"publishCourse">>;
    /** Unpublish a course. `POST /courses/{id}/unpublish` (unpublishCourse). */
    unpublish(id: PathParam<"unpublishCourse", "id">, options?: RequestOptions): Promise<Result<"unpublishCourse">>;
}
/** `client.modules` */
export declare class ModulesResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List the modules of a course, in position order. `GET /courses/{id}/modules` (listModules). Iterates over every item lazily, page by page in cursor mode. */
    list(id: PathParam<"listModules", "id">, query?: ListQuery<"listModules">, options?: RequestOptions): PageIterator<Item<"listModules">>;
    /** List the modules of a course, in position order. `GET /courses/{id}/modules` (listModules). Answers one page envelope as asked (page or cursor mode). */
    listPage(id: PathParam<"listModules", "id">, query?: Query<"listModules">, options?: RequestOptions): Promise<Result<"listModules">>;
    /** Add a module to a course. `POST /courses/{id}/modules` (createModule). */
    create(id: PathParam<"createModule", "id">, body: Body<"createModule">, options?: RequestOptions): Promise<Result<"createModule">>;
    /** Get a module. `GET /modules/{id}` (getModule). */
    get(id: PathParam<"getModule", "id">, options?: RequestOptions): Promise<Result<"getModule">>;
    /** Update or move a module. `PUT /modules/{id}` (updateModule). */
    update(id: PathParam<"updateModule", "id">, body: Body<"updateModule">, options?: RequestOptions): Promise<Result<"updateModule">>;
    /** Update or move a module (alias of PUT). `PATCH /modules/{id}` (patchModule). */
    patch(id: PathParam<"patchModule", "id">, body: Body<"patchModule">, options?: RequestOptions): Promise<Result<"patchModule">>;
    /** Delete a module and its lessons. `DELETE /modules/{id}` (deleteModule). */
    delete(id: PathParam<"deleteModule", "id">, options?: RequestOptions): Promise<Result<"deleteModule">>;
}
/** `client.lessons` */
export declare class LessonsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List the lessons of a module, in position order. `GET /modules/{id}/lessons` (listLessons). Iterates over every item lazily, page by page in cursor mode. */
    list(id: PathParam<"listLessons", "id">, query?: ListQuery<"listLessons">, options?: RequestOptions): PageIterator<Item<"listLessons">>;
    /** List the lessons of a module, in position order. `GET /modules/{id}/lessons` (listLessons). Answers one page envelope as asked (page or cursor mode). */
    listPage(id: PathParam<"listLessons", "id">, query?: Query<"listLessons">, options?: RequestOptions): Promise<Result<"listLessons">>;
    /** Add a lesson to a module. `POST /modules/{id}/lessons` (createLesson). */
    create(id: PathParam<"createLesson", "id">, body: Body<"createLesson">, options?: RequestOptions): Promise<Result<"createLesson">>;
    /** Get a lesson. `GET /lessons/{id}` (getLesson). */
    get(id: PathParam<"getLesson", "id">, options?: RequestOptions): Promise<Result<"getLesson">>;
    /** Update or move a lesson. `PUT /lessons/{id}` (updateLesson). */
    update(id: PathParam<"updateLesson", "id">, body: Body<"updateLesson">, options?: RequestOptions): Promise<Result<"updateLesson">>;
    /** Update or move a lesson (alias of PUT). `PATCH /lessons/{id}` (patchLesson). */
    patch(id: PathParam<"patchLesson", "id">, body: Body<"patchLesson">, options?: RequestOptions): Promise<Result<"patchLesson">>;
    /** Delete a lesson. `DELETE /lessons/{id}` (deleteLesson). */
    delete(id: PathParam<"deleteLesson", "id">, options?: RequestOptions): Promise<Result<"deleteLesson">>;
}
/** `client.students` */
export declare class StudentsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List students. `GET /students` (listStudents). Iterates over every item lazily, page by page in cursor mode. */
    list(query?: ListQuery<"listStudents">, options?: RequestOptions): PageIterator<Item<"listStudents">>;
    /** List students. `GET /students` (listStudents). Answers one page envelope as asked (page or cursor mode). */
    listPage(query?: Query<"listStudents">, options?: RequestOptions): Promise<Result<"listStudents">>;
    /** Create a student. `POST /students` (createStudent). */
    create(body: Body<"createStudent">, options?: RequestOptions): Promise<Result<"createStudent">>;
    /** Create up to 100 students. `POST /students/bulk` (bulkCreateStudents). */
    bulkCreate(body: Body<"bulkCreateStudents">, options?: RequestOptions): Promise<Result<"bulkCreateStudents">>;
    /** Get a student. `GET /students/{id}` (getStudent). */
    get(id: PathParam<"getStudent", "id">, options?: RequestOptions): Promise<Result<"getStudent">>;
    /** Update a student. `PUT /students/{id}` (updateStudent). */
    update(id: PathParam<"updateStudent", "id">, body: Body<"updateStudent">, options?: RequestOptions): Promise<Result<"updateStudent">>;
    /** Update a student (alias of PUT). `PATCH /students/{id}` (patchStudent). */
    patch(id: PathParam<"patchStudent", "id">, body: Body<"patchStudent">, options?: RequestOptions): Promise<Result<"patchStudent">>;
    /** Delete a student. `DELETE /students/{id}` (deleteStudent). */
    delete(id: PathParam<"deleteStudent", "id">, options?: RequestOptions): Promise<Result<"deleteStudent">>;
    /** Create or update a student by external id. `PUT /students/by-external-id/{external_id}` (upsertStudent). */
    upsert(externalId: PathParam<"upsertStudent", "external_id">, body: Body<"upsertStudent">, options?: RequestOptions): Promise<Result<"upsertStudent">>;
}
/** `client.enrollments` */
export declare class EnrollmentsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List enrollments. `GET /enrollments` (listEnrollments). Iterates over every item lazily, page by page in cursor mode. */
    list(query?: ListQuery<"listEnrollments">, options?: RequestOptions): PageIterator<Item<"listEnrollments">>;
    /** List enrollments. `GET /enrollments` (listEnrollments). Answers one page envelope as asked (page or cursor mode). */
    listPage(query?: Query<"listEnrollments">, options?: RequestOptions): Promise<Result<"listEnrollments">>;
    /** Enroll a student in a course. `POST /enrollments` (createEnrollment). */
    create(body: Body<"createEnrollment">, options?: RequestOptions): Promise<Result<"createEnrollment">>;
    /** Enroll up to 100 (student, course) pairs. `POST /enrollments/bulk` (bulkCreateEnrollments). */
    bulkCreate(body: Body<"bulkCreateEnrollments">, options?: RequestOptions): Promise<Result<"bulkCreateEnrollments">>;
    /** Get an enrollment. `GET /enrollments/{id}` (getEnrollment). */
    get(id: PathParam<"getEnrollment", "id">, options?: RequestOptions): Promise<Result<"getEnrollment">>;
    /** Cancel an enrollment. `DELETE /enrollments/{id}` (cancelEnrollment). */
    cancel(id: PathParam<"cancelEnrollment", "id">, options?: RequestOptions): Promise<Result<"cancelEnrollment">>;
}
/** `client.progress` */
export declare class ProgressResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** Record a student's activity on a lesson. `POST /students/{id}/progress` (recordProgress). */
    record(id: PathParam<"recordProgress", "id">, body: Body<"recordProgress">, options?: RequestOptions): Promise<Result<"recordProgress">>;
    /** A student's progress in each enrolled course. `GET /students/{id}/progress` (getStudentProgress). */
    get(id: PathParam<"getStudentProgress", "id">, query?: Query<"getStudentProgress">, options?: RequestOptions): Promise<Result<"getStudentProgress">>;
    /** Submit and grade a quiz attempt. `POST /lessons/{id}/quiz-attempts` (submitQuizAttempt). */
    submitQuizAttempt(id: PathParam<"submitQuizAttempt", "id">, body: Body<"submitQuizAttempt">, options?: RequestOptions): Promise<Result<"submitQuizAttempt">>;
}
/** `client.search` */
export declare class SearchResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** Search courses by title and description. `GET /search/courses` (searchCourses). */
    courses(query?: Query<"searchCourses">, options?: RequestOptions): Promise<Result<"searchCourses">>;
    /** Search lessons by title and content. `GET /search/lessons` (searchLessons). */
    lessons(query?: Query<"searchLessons">, options?: RequestOptions): Promise<Result<"searchLessons">>;
    /** Search students by name and email. `GET /search/students` (searchStudents). */
    students(query?: Query<"searchStudents">, options?: RequestOptions): Promise<Result<"searchStudents">>;
}
/** `client.analytics` */
export declare class AnalyticsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** A course's enrollments, activity, completion and funnel. `GET /courses/{id}/analytics` (getCourseAnalytics). */
    course(id: PathParam<"getCourseAnalytics", "id">, query?: Query<"getCourseAnalytics">, options?: RequestOptions): Promise<Result<"getCourseAnalytics">>;
    /** A student's courses, progress, time spent and quiz scores. `GET /students/{id}/analytics` (getStudentAnalytics). */
    student(id: PathParam<"getStudentAnalytics", "id">, query?: Query<"getStudentAnalytics">, options?: RequestOptions): Promise<Result<"getStudentAnalytics">>;
    /** Results of quizzes: attempts, scores, pass rate, per question. `GET /analytics/quiz-results` (getQuizResults). */
    quizResults(query?: Query<"getQuizResults">, options?: RequestOptions): Promise<Result<"getQuizResults">>;
}
/** `client.events` */
export declare class EventsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List events of the last 30 days. `GET /events` (listEvents). Iterates over every item lazily, page by page in cursor mode. */
    list(query?: ListQuery<"listEvents">, options?: RequestOptions): PageIterator<Item<"listEvents">>;
    /** List events of the last 30 days. `GET /events` (listEvents). Answers one page envelope as asked (page or cursor mode). */
    listPage(query?: Query<"listEvents">, options?: RequestOptions): Promise<Result<"listEvents">>;
    /** Get an event. `GET /events/{id}` (getEvent). */
    get(id: PathParam<"getEvent", "id">, options?: RequestOptions): Promise<Result<"getEvent">>;
}
/** `client.usage` */
export declare class UsageResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** The workspace's API usage per hour or day. `GET /usage` (getUsage). */
    get(query?: Query<"getUsage">, options?: RequestOptions): Promise<Result<"getUsage">>;
}
/** `client.requestLogs` */
export declare class RequestLogsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List the workspace's failed requests. `GET /request-logs` (listRequestLogs). Iterates over every item lazily, page by page in cursor mode. */
    list(query?: ListQuery<"listRequestLogs">, options?: RequestOptions): PageIterator<Item<"listRequestLogs">>;
    /** List the workspace's failed requests. `GET /request-logs` (listRequestLogs). Answers one page envelope as asked (page or cursor mode). */
    listPage(query?: Query<"listRequestLogs">, options?: RequestOptions): Promise<Result<"listRequestLogs">>;
}
/** `client.exports` */
export declare class ExportsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** Export a course. `POST /courses/{id}/export` (createExport). */
    create(id: PathParam<"createExport", "id">, body: Body<"createExport">, options?: RequestOptions): Promise<Result<"createExport">>;
    /** Get an export job. `GET /exports/{id}` (getExport). */
    get(id: PathParam<"getExport", "id">, options?: RequestOptions): Promise<Result<"getExport">>;
    /** Download an export file. `GET /exports/{id}/download` (downloadExport). Answers the file as bytes. */
    download(id: PathParam<"downloadExport", "id">, options?: RequestOptions): Promise<Uint8Array>;
    /** Import a course from a json export. `POST /courses/import` (importCourse). */
    importCourse(body: Body<"importCourse">, options?: RequestOptions): Promise<Result<"importCourse">>;
}
/** `client.imports` */
export declare class ImportsResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List imports. `GET /imports` (listImports). Iterates over every item lazily, page by page in cursor mode. */
    list(query?: ListQuery<"listImports">, options?: RequestOptions): PageIterator<Item<"listImports">>;
    /** List imports. `GET /imports` (listImports). Answers one page envelope as asked (page or cursor mode). */
    listPage(query?: Query<"listImports">, options?: RequestOptions): Promise<Result<"listImports">>;
    /** Get an import. `GET /imports/{id}` (getImport). */
    get(id: PathParam<"getImport", "id">, options?: RequestOptions): Promise<Result<"getImport">>;
    /** Confirm a full sync waiting for confirmation. `POST /imports/{id}/confirm` (confirmImport). */
    confirm(id: PathParam<"confirmImport", "id">, options?: RequestOptions): Promise<Result<"confirmImport">>;
    /** Cancel a full sync waiting for confirmation. `POST /imports/{id}/cancel` (cancelImport). */
    cancel(id: PathParam<"cancelImport", "id">, options?: RequestOptions): Promise<Result<"cancelImport">>;
}
/** `client.webhooks` */
export declare class WebhooksResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List webhook endpoints. `GET /webhook-endpoints` (listWebhookEndpoints). Iterates over every item lazily, page by page in cursor mode. */
    listEndpoints(query?: ListQuery<"listWebhookEndpoints">, options?: RequestOptions): PageIterator<Item<"listWebhookEndpoints">>;
    /** List webhook endpoints. `GET /webhook-endpoints` (listWebhookEndpoints). Answers one page envelope as asked (page or cursor mode). */
    listEndpointsPage(query?: Query<"listWebhookEndpoints">, options?: RequestOptions): Promise<Result<"listWebhookEndpoints">>;
    /** Create a webhook endpoint. `POST /webhook-endpoints` (createWebhookEndpoint). */
    createEndpoint(body: Body<"createWebhookEndpoint">, options?: RequestOptions): Promise<Result<"createWebhookEndpoint">>;
    /** Get a webhook endpoint. `GET /webhook-endpoints/{id}` (getWebhookEndpoint). */
    getEndpoint(id: PathParam<"getWebhookEndpoint", "id">, options?: RequestOptions): Promise<Result<"getWebhookEndpoint">>;
    /** Update a webhook endpoint. `PUT /webhook-endpoints/{id}` (updateWebhookEndpoint). */
    updateEndpoint(id: PathParam<"updateWebhookEndpoint", "id">, body: Body<"updateWebhookEndpoint">, options?: RequestOptions): Promise<Result<"updateWebhookEndpoint">>;
    /** Update a webhook endpoint (alias of PUT). `PATCH /webhook-endpoints/{id}` (patchWebhookEndpoint). */
    patchEndpoint(id: PathParam<"patchWebhookEndpoint", "id">, body: Body<"patchWebhookEndpoint">, options?: RequestOptions): Promise<Result<"patchWebhookEndpoint">>;
    /** Delete a webhook endpoint. `DELETE /webhook-endpoints/{id}` (deleteWebhookEndpoint). */
    deleteEndpoint(id: PathParam<"deleteWebhookEndpoint", "id">, options?: RequestOptions): Promise<Result<"deleteWebhookEndpoint">>;
    /** Rotate an endpoint’s signing secret. `POST /webhook-endpoints/{id}/rotate-secret` (rotateWebhookSecret). */
    rotateSecret(id: PathParam<"rotateWebhookSecret", "id">, body?: Body<"rotateWebhookSecret">, options?: RequestOptions): Promise<Result<"rotateWebhookSecret">>;
    /** Send a test event to an endpoint. `POST /webhook-endpoints/{id}/test` (testWebhookEndpoint). */
    testEndpoint(id: PathParam<"testWebhookEndpoint", "id">, options?: RequestOptions): Promise<Result<"testWebhookEndpoint">>;
    /** List an endpoint’s deliveries. `GET /webhook-endpoints/{id}/deliveries` (listWebhookDeliveries). Iterates over every item lazily, page by page in cursor mode. */
    listDeliveries(id: PathParam<"listWebhookDeliveries", "id">, query?: ListQuery<"listWebhookDeliveries">, options?: RequestOptions): PageIterator<Item<"listWebhookDeliveries">>;
    /** List an endpoint’s deliveries. `GET /webhook-endpoints/{id}/deliveries` (listWebhookDeliveries). Answers one page envelope as asked (page or cursor mode). */
    listDeliveriesPage(id: PathParam<"listWebhookDeliveries", "id">, query?: Query<"listWebhookDeliveries">, options?: RequestOptions): Promise<Result<"listWebhookDeliveries">>;
    /** Get a delivery. `GET /webhook-deliveries/{id}` (getWebhookDelivery). */
    getDelivery(id: PathParam<"getWebhookDelivery", "id">, options?: RequestOptions): Promise<Result<"getWebhookDelivery">>;
    /** Send a delivery again now. `POST /webhook-deliveries/{id}/retry` (retryWebhookDelivery). */
    retryDelivery(id: PathParam<"retryWebhookDelivery", "id">, options?: RequestOptions): Promise<Result<"retryWebhookDelivery">>;
}
/** `client.lti` */
export declare class LtiResource {
    protected readonly client: Requester;
    constructor(client: Requester);
    /** List LTI platform registrations. `GET /lti/registrations` (listLtiRegistrations). Iterates over every item lazily, page by page in cursor mode. */
    listRegistrations(query?: ListQuery<"listLtiRegistrations">, options?: RequestOptions): PageIterator<Item<"listLtiRegistrations">>;
    /** List LTI platform registrations. `GET /lti/registrations` (listLtiRegistrations). Answers one page envelope as asked (page or cursor mode). */
    listRegistrationsPage(query?: Query<"listLtiRegistrations">, options?: RequestOptions): Promise<Result<"listLtiRegistrations">>;
    /** Register an LTI platform. `POST /lti/registrations` (createLtiRegistration). */
    createRegistration(body: Body<"createLtiRegistration">, options?: RequestOptions): Promise<Result<"createLtiRegistration">>;
    /** Get an LTI platform registration. `GET /lti/registrations/{id}` (getLtiRegistration). */
    getRegistration(id: PathParam<"getLtiRegistration", "id">, options?: RequestOptions): Promise<Result<"getLtiRegistration">>;
    /** Update an LTI platform registration. `PUT /lti/registrations/{id}` (updateLtiRegistration). */
    updateRegistration(id: PathParam<"updateLtiRegistration", "id">, body: Body<"updateLtiRegistration">, options?: RequestOptions): Promise<Result<"updateLtiRegistration">>;
    /** Update an LTI platform registration (alias of PUT). `PATCH /lti/registrations/{id}` (patchLtiRegistration). */
    patchRegistration(id: PathParam<"patchLtiRegistration", "id">, body: Body<"patchLtiRegistration">, options?: RequestOptions): Promise<Result<"patchLtiRegistration">>;
    /** Delete an LTI platform registration. `DELETE /lti/registrations/{id}` (deleteLtiRegistration). */
    deleteRegistration(id: PathParam<"deleteLtiRegistration", "id">, options?: RequestOptions): Promise<Result<"deleteLtiRegistration">>;
    /** Make a one-time LTI Dynamic Registration link. `POST /lti/registration-links` (createLtiRegistrationLink). */
    createRegistrationLink(body?: Body<"createLtiRegistrationLink">, options?: RequestOptions): Promise<Result<"createLtiRegistrationLink">>;
    /** List the grade sends of an LTI registration. `GET /lti/registrations/{id}/grade-sends` (listLtiGradeSends). Iterates over every item lazily, page by page in cursor mode. */
    listGradeSends(id: PathParam<"listLtiGradeSends", "id">, query?: ListQuery<"listLtiGradeSends">, options?: RequestOptions): PageIterator<Item<"listLtiGradeSends">>;
    /** List the grade sends of an LTI registration. `GET /lti/registrations/{id}/grade-sends` (listLtiGradeSends). Answers one page envelope as asked (page or cursor mode). */
    listGradeSendsPage(id: PathParam<"listLtiGradeSends", "id">, query?: Query<"listLtiGradeSends">, options?: RequestOptions): Promise<Result<"listLtiGradeSends">>;
}
/** Every resource of the API, each bound to the client that sends its requests. */
export declare abstract class LecternResources implements Requester {
    abstract request<T>(...args: Parameters<Requester['request']>): Promise<T>;
    abstract paginate<T>(...args: Parameters<Requester['paginate']>): PageIterator<T>;
    readonly apiKeys: ApiKeysResource;
    readonly rateLimits: RateLimitsResource;
    readonly courses: CoursesResource;
    readonly modules: ModulesResource;
    readonly lessons: LessonsResource;
    readonly students: StudentsResource;
    readonly enrollments: EnrollmentsResource;
    readonly progress: ProgressResource;
    readonly search: SearchResource;
    readonly analytics: AnalyticsResource;
    readonly events: EventsResource;
    readonly usage: UsageResource;
    readonly requestLogs: RequestLogsResource;
    readonly exports: ExportsResource;
    readonly imports: ImportsResource;
    readonly webhooks: WebhooksResource;
    readonly lti: LtiResource;
}
