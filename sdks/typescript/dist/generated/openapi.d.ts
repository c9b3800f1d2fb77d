export interface paths {
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description The OpenAPI 3.1 document of the API, generated from the schemas the server validates with (the same as docs/openapi.json of its version). Public: no key is needed and it spends no rate-limit budget. The reference UI at /docs reads it.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is up
         * @description Answers 200 `{"status": "ok"}` while the process runs; it checks nothing else (GET /readyz checks the database).
         */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database (and Redis, when configured) answer
         * @description Answers 503 when the database does not. An unreachable Redis does not make the process unready (rate limits fail open to local ones): it answers 200 with status `degraded`, `checks.redis: unreachable` and `checks.rate_limits: local`. A database that has not answered within 1000 ms is unreachable. While the process shuts down it answers 503 `service_unavailable` in the error envelope at once, while every other request is still served.
         */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text format)
         * @description The process's metrics in the Prometheus text format, for a scraper. No key needed: keep it off the public internet.
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Links to the API, its reference and its OpenAPI document
         * @description Where to go from the root of the service: the API's base path, the interactive reference and this document.
         */
        get: operations["home"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lti/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tool's public keys (JWKS)
         * @description The JSON Web Key Set that LMS platforms verify Lectern's signed messages with (Deep Linking responses, client assertions): the public halves of the current and the previous RS256 key, never a private part. Public: no key is needed. Cacheable for 5 minutes. The same set is at /.well-known/jwks.json.
         */
        get: operations["getLtiJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tool's public keys (JWKS), at the well-known address
         * @description The JSON Web Key Set that LMS platforms verify Lectern's signed messages with (Deep Linking responses, client assertions): the public halves of the current and the previous RS256 key, never a private part. Public: no key is needed. Cacheable for 5 minutes. The same set as GET /lti/jwks.
         */
        get: operations["getWellKnownJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API keys of this key's environment
         * @description The keys of the calling key's account and environment, never their secrets (`key_hint` shows the first and last 4 characters). Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `keys:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The answer's `key` is the full key, shown this once. Same environment as the calling key; scopes never wider than its own.
         *
         *     Requires scope `keys:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an API key (never its secret)
         * @description One key of the calling key's account and environment, never its secret.
         *
         *     Requires scope `keys:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key
         * @description Optional body `{"grace_period_seconds": 0..604800}` (default 86400). Answers the new full `key`, once; the old secret keeps working for the grace period. Only a key whose scopes are within the calling key's (403 `insufficient_permissions` otherwise). A revoked key cannot be rotated (409 `api_key_revoked`).
         *
         *     Requires scope `keys:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Every secret of the key stops at once, in every process, also one still in a rotation grace period. Only a key whose scopes are within the calling key's (403 `insufficient_permissions` otherwise).
         *
         *     Requires scope `keys:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rate-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key's rate-limit budgets
         * @description Any valid key may read its own budgets; this request spends none of them.
         *
         *     Any valid API key may call it; no scope is needed. Rate limits: spends none of the key's budgets.
         */
        get: operations["getRateLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List courses
         * @description Filters: `published`, `external_id` (exact), `updated_since`. Page mode (`page`, `per_page`) by default; cursor mode with `cursor` for bulk syncing.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listCourses"];
        put?: never;
        /**
         * Create a course
         * @description Creates a course, unpublished unless `published: true`; students can be enrolled once it is published. Sends `course.created`. An `external_id` another course of the workspace holds answers 409 `course_exists` with `details.course_id`.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a course
         * @description The course, with its `ETag` for a later If-Match.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getCourse"];
        /**
         * Update a course
         * @description Changes the fields given and leaves the rest; `external_id: null` removes it (one another course holds: 409 `course_exists`). Send `If-Match` with the ETag you read to avoid lost updates.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["updateCourse"];
        post?: never;
        /**
         * Delete a course
         * @description A course with enrollments answers 409 `course_has_enrollments` unless `force=true`.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        delete: operations["deleteCourse"];
        options?: never;
        head?: never;
        /**
         * Update a course (alias of PUT)
         * @description Changes the fields given and leaves the rest; `external_id: null` removes it (one another course holds: 409 `course_exists`). Send `If-Match` with the ETag you read to avoid lost updates.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        patch: operations["patchCourse"];
        trace?: never;
    };
    "/api/v1/courses/by-external-id/{external_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or update a course by external id
         * @description Makes the course of this `external_id` (201, `Location`), or gives the existing one the fields sent (200; the ones left out stay), as one atomic step: concurrent calls for one new id make one course. `Lectern-Upsert` says `created`, `updated` or `unchanged`; an unchanged course keeps its `updated_at` and sends no event (else the events of POST and PATCH: `course.created`; `course.updated`, `course.published`, `course.unpublished`). The body is the create's; an `external_id` in it must be the path's (else 400). `If-None-Match: *` only creates and `If-Match: *` only updates (412 otherwise).
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["upsertCourse"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a course
         * @description Sets `published: true`: students can be enrolled from then on. Sends `course.published`; publishing a published course changes nothing.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["publishCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unpublish a course
         * @description Sets `published: false`: no new enrollments (409 `course_not_published`); existing ones stay. Sends `course.unpublished` when it changed.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["unpublishCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses/{id}/modules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the modules of a course, in position order
         * @description The course's modules in position order. Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listModules"];
        put?: never;
        /**
         * Add a module to a course
         * @description At `position` (0-based; default: the end); the modules from there on move down one.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createModule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/modules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a module
         * @description The module, with its `ETag` for a later If-Match.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getModule"];
        /**
         * Update or move a module
         * @description Changes the fields given; a new `position` moves the module within its course (the others shift). Send `If-Match` with the ETag you read to avoid lost updates.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["updateModule"];
        post?: never;
        /**
         * Delete a module and its lessons
         * @description Deletes the module and its lessons; the modules after it move up one. Sends `module.deleted`.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        delete: operations["deleteModule"];
        options?: never;
        head?: never;
        /**
         * Update or move a module (alias of PUT)
         * @description Changes the fields given; a new `position` moves the module within its course (the others shift). Send `If-Match` with the ETag you read to avoid lost updates.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        patch: operations["patchModule"];
        trace?: never;
    };
    "/api/v1/modules/{id}/lessons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the lessons of a module, in position order
         * @description The module's lessons in position order; quiz answers only for keys with courses:write. Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listLessons"];
        put?: never;
        /**
         * Add a lesson to a module
         * @description At `position` (0-based; default: the end). A lesson of type `quiz` needs `quiz`; other types take none.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createLesson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lessons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a lesson
         * @description The lesson, with its `ETag`; quiz answers only for keys with courses:write (the ETag differs with and without them).
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getLesson"];
        /**
         * Update or move a lesson
         * @description A new `quiz` replaces the whole quiz; send question ids back to keep them.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["updateLesson"];
        post?: never;
        /**
         * Delete a lesson
         * @description Deletes the lesson; the lessons after it move up one. Sends `lesson.deleted`.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        delete: operations["deleteLesson"];
        options?: never;
        head?: never;
        /**
         * Update or move a lesson (alias of PUT)
         * @description A new `quiz` replaces the whole quiz; send question ids back to keep them.
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        patch: operations["patchLesson"];
        trace?: never;
    };
    "/api/v1/students": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List students
         * @description Filters: `email` (any case), `external_id` (exact), `status`, `updated_since`. Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `students:read` (or `students:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listStudents"];
        put?: never;
        /**
         * Create a student
         * @description An email (any case) or external_id already used in the workspace answers 409 `student_exists` with `details.student_id`.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createStudent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/students/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create up to 100 students
         * @description Each record succeeds or fails on its own; the answer has one result per record, in order. 201 when all were created, 207 when any failed.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket, and one against its `bulk` window (20 an hour unless the account sets its own).
         */
        post: operations["bulkCreateStudents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/students/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a student
         * @description The student, with its `ETag` for a later If-Match.
         *
         *     Requires scope `students:read` (or `students:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getStudent"];
        /**
         * Update a student
         * @description Changes the fields given and leaves the rest; `external_id: null` removes it. Send `If-Match` to avoid lost updates.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["updateStudent"];
        post?: never;
        /**
         * Delete a student
         * @description Erases the student and their enrollments (each course's enrollment_count is lowered accordingly).
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        delete: operations["deleteStudent"];
        options?: never;
        head?: never;
        /**
         * Update a student (alias of PUT)
         * @description Changes the fields given and leaves the rest; `external_id: null` removes it. Send `If-Match` to avoid lost updates.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        patch: operations["patchStudent"];
        trace?: never;
    };
    "/api/v1/students/by-external-id/{external_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or update a student by external id
         * @description Makes the student of this `external_id` (201, `Location`), or gives the existing one the fields sent (200; the ones left out stay), as one atomic step: concurrent calls for one new id make one student. `Lectern-Upsert` says `created`, `updated` or `unchanged`; an unchanged student keeps its `updated_at` and sends no event (else `student.created` or `student.updated`, as POST and PATCH). The body is the create's; an `external_id` in it must be the path's (else 400). `If-None-Match: *` only creates and `If-Match: *` only updates (412 otherwise). An email another student holds answers 409 `student_exists`.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["upsertStudent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List enrollments
         * @description Filters: `student_id`, `course_id`, `status`, `updated_since`.
         *
         *     Requires scope `enrollments:read` (or `enrollments:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listEnrollments"];
        put?: never;
        /**
         * Enroll a student in a course
         * @description The course must be published (409 `course_not_published`) and the student active (409 `student_inactive`). Enrolling twice answers 409 `already_enrolled` with `details.enrollment_id`; a cancelled enrollment is reactivated (201).
         *
         *     Requires scope `enrollments:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createEnrollment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrollments/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enroll up to 100 (student, course) pairs
         * @description Each record succeeds or fails on its own, with the rules of a single enrollment; one result per record, in order. 201 when all were created, 207 when any failed.
         *
         *     Requires scope `enrollments:write`. Rate limits: one request against the key's hourly quota and burst bucket, and one against its `bulk` window (20 an hour unless the account sets its own).
         */
        post: operations["bulkCreateEnrollments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrollments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an enrollment
         * @description The enrollment, with its `ETag`.
         *
         *     Requires scope `enrollments:read` (or `enrollments:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getEnrollment"];
        put?: never;
        post?: never;
        /**
         * Cancel an enrollment
         * @description Sets status `cancelled` and answers the enrollment; its history is kept. Cancelling again changes nothing.
         *
         *     Requires scope `enrollments:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        delete: operations["cancelEnrollment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/students/{id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A student's progress in each enrolled course
         * @description Per enrolled course: the enrollment's status and progress_percent, lessons completed of total, time spent, last activity and the state of each lesson, in course order. `course_id` narrows it to one course.
         *
         *     Requires scope `enrollments:read` (or `enrollments:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getStudentProgress"];
        put?: never;
        /**
         * Record a student's activity on a lesson
         * @description The student must be enrolled in the lesson's course (409 `not_enrolled`). Time adds up; a completed lesson stays completed; completing the last lesson of the course completes the enrollment.
         *
         *     Requires scope `enrollments:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["recordProgress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lessons/{id}/quiz-attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit and grade a quiz attempt
         * @description Graded on the server. The student must be enrolled (409 `not_enrolled`); answers to questions the quiz does not have, or in the wrong form, are a 400. A passed attempt completes the lesson.
         *
         *     Requires scope `enrollments:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["submitQuizAttempt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search courses by title and description
         * @description A title match ranks above a description match. Best matches first, ties by id; page mode only (`cursor` answers 400 `invalid_parameter`). A `q` without any letter or digit answers 400 `validation_error`.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket, and one against its `search` window (100 an hour unless the account sets its own).
         */
        get: operations["searchCourses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/lessons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search lessons by title and content
         * @description A title match ranks above a content match. Quiz answers only for keys with courses:write, as on GET /lessons/:id. Best matches first, ties by id; page mode only (`cursor` answers 400 `invalid_parameter`). A `q` without any letter or digit answers 400 `validation_error`.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket, and one against its `search` window (100 an hour unless the account sets its own).
         */
        get: operations["searchLessons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/students": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search students by name and email
         * @description A name match ranks above an email match; the parts of an email (`ada`, `example`) are words. Best matches first, ties by id; page mode only (`cursor` answers 400 `invalid_parameter`). A `q` without any letter or digit answers 400 `validation_error`.
         *
         *     Requires scope `students:read` (or `students:write`). Rate limits: one request against the key's hourly quota and burst bucket, and one against its `search` window (100 an hour unless the account sets its own).
         */
        get: operations["searchStudents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A course's enrollments, activity, completion and funnel
         * @description Enrollments by status, active students (7 and 30 days back from `to`), completion rate, average progress, median time to complete, the per-lesson funnel and enrollments per day. `from` (inclusive) and `to` (exclusive, default now) pick the period; `from` must be before `to` (400). Every figure is defined in docs/analytics.md.
         *
         *     Requires scope `analytics:read` (or `analytics:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getCourseAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/students/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A student's courses, progress, time spent and quiz scores
         * @description Courses enrolled and completed, average progress, time spent, quiz average and last activity. `from` (inclusive) and `to` (exclusive, default now) pick the period; `from` must be before `to` (400). Every figure is defined in docs/analytics.md.
         *
         *     Requires scope `analytics:read` (or `analytics:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getStudentAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/quiz-results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Results of quizzes: attempts, scores, pass rate, per question
         * @description One entry per quiz lesson of the workspace matching `course_id` / `lesson_id`, counting the attempts of the period (of `student_id` only, when given). An unknown course, lesson or student answers 404. `from` (inclusive) and `to` (exclusive, default now) pick the period; `from` must be before `to` (400). Every figure is defined in docs/analytics.md.
         *
         *     Requires scope `analytics:read` (or `analytics:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getQuizResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events of the last 30 days
         * @description The polling fallback to webhooks: every event the workspace produced in the last 30 days, newest first. Filters: `type` (exact, or a family such as `student.*`), `from`, `to`. Cursor mode with `cursor` walks the log without gaps.
         *
         *     Requires scope `webhooks:read` (or `webhooks:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description One event of the last 30 days (404 once it is older), as webhook deliveries carry it.
         *
         *     Requires scope `webhooks:read` (or `webhooks:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's API usage per hour or day
         * @description Scope `analytics:read`. Requests per hour (`granularity=hour`, default: the last 24 hours) or UTC day (`day`: the last 30 days) of every key of the workspace, or of one (`key_id`), by status class (2xx, 4xx other than 429, 429, 5xx). Counted without a write per request: other processes' requests show within the flush interval (`KEY_USAGE_FLUSH_MS`).
         *
         *     Requires scope `analytics:read` (or `analytics:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/request-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's failed requests
         * @description Scope `analytics:read`. The API requests of the workspace that answered 4xx or 5xx in the last 7 days, newest first: look one up by the `request_id` of its error. Requests without a valid key belong to no workspace and are not listed. Filters: `status` (`404`, `4xx`, `5xx`), `request_id`, `key_id`.
         *
         *     Requires scope `analytics:read` (or `analytics:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listRequestLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a course
         * @description Answers 202 with the export job at once; it is built in the background. Poll GET /exports/:id (or listen for `export.completed` / `export.failed`), then GET its `download_url`. 10 exports an hour per key.
         *
         *     Requires scope `exports:write`. Rate limits: one request against the key's hourly quota and burst bucket, and one against its `export` window (10 an hour unless the account sets its own).
         */
        post: operations["createExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an export job
         * @description The export job: poll it until `status` is `succeeded` (then GET its `download_url`) or `failed` (`error` says why).
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an export file
         * @description Streams the file: `application/json` (a CourseDocument) or `application/zip` (an .imscc package, or a SCORM 1.2 or cmi5 .zip). 409 `export_not_ready` before the export has succeeded, 410 `export_expired` once its file has been removed (7 days after completion). A file holding quiz answers needs courses:write or exports:write.
         *
         *     Requires scope `courses:read` (or `courses:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["downloadExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/courses/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a course from a json export
         * @description Creates a new course (new ids, new timestamps) from a json export: modules and lessons in the order of their arrays, quizzes with their answers. All or nothing. Bodies up to 32 MiB; counts against the bulk window (20 an hour per key).
         *
         *     Requires scope `courses:write`. Rate limits: one request against the key's hourly quota and burst bucket, and one against its `bulk` window (20 an hour unless the account sets its own).
         */
        post: operations["importCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List imports
         * @description Newest first (`sort=created_at`: oldest first). Filters: `status`, `updated_since`. Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `students:read` (or `students:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listImports"];
        put?: never;
        /**
         * Import a roster (CSV, NDJSON or zip)
         * @description Answers 202 with the import at once; a worker applies it in the background (poll GET /imports/{id}, or listen for `import.completed`, `import.failed`, `import.awaiting_confirmation`). The body is the file itself: `text/csv` (with `type=students` or `type=enrollments`), `application/x-ndjson` or `application/zip` (students.csv and enrollments.csv), at most 52428800 bytes (50 MiB; larger answers 413 before anything is read into the roster) and 100000 rows. Enrollment rows need `enrollments:write` besides `students:write` (without it they fail, each with `insufficient_permissions`). The same Idempotency-Key gives the same import. 10 imports an hour per key (the `imports` window; a replay spends none of it). See docs/imports.md.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket, and one against its `imports` window (10 an hour on every plan).
         */
        post: operations["createImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an import
         * @description Its status, progress (rows done of rows), counts, a full sync's plan and, when it failed, why.
         *
         *     Requires scope `students:read` (or `students:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an import's results, one line per row
         * @description One line per input row (file order), then one per object a full sync deactivated: `application/x-ndjson` (the default) or `text/csv` by `Accept`. `status=error` gives the failed rows only. Lines appear as chunks are committed, so a running import answers the rows done so far.
         *
         *     Requires scope `students:read` (or `students:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getImportResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a full sync waiting for confirmation
         * @description An import in `awaiting_confirmation` is queued again and deactivates what its plan says. In any other state: 409 `import_not_awaiting_confirmation`.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["confirmImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a full sync waiting for confirmation
         * @description An import in `awaiting_confirmation` becomes `canceled`; nothing of it was or will be written. In any other state (a running import included): 409 `import_not_awaiting_confirmation`.
         *
         *     Requires scope `students:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["cancelImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The workspace's webhook endpoints, never their secrets. Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `webhooks:read` (or `webhooks:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Answers the signing `secret` (`whsec_…`) once. `events` defaults to `["*"]`. The URL must be https in production and may not point to a loopback, private, link-local or metadata address (400 `validation_error` on `/url`).
         *
         *     Requires scope `webhooks:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description The endpoint, with its `ETag`, never its secret.
         *
         *     Requires scope `webhooks:read` (or `webhooks:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getWebhookEndpoint"];
        /**
         * Update a webhook endpoint
         * @description Changes the fields given. `enabled: true` re-enables an endpoint Lectern disabled; it receives events from then on.
         *
         *     Requires scope `webhooks:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["updateWebhookEndpoint"];
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its pending deliveries are dropped with it.
         *
         *     Requires scope `webhooks:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint (alias of PUT)
         * @description Changes the fields given. `enabled: true` re-enables an endpoint Lectern disabled; it receives events from then on.
         *
         *     Requires scope `webhooks:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        patch: operations["patchWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint’s signing secret
         * @description Optional body `{"grace_period_seconds": 0..604800}` (default 86400). Answers the new `secret` once; until the grace period ends every delivery carries two signatures, one per secret, as Standard Webhooks allows.
         *
         *     Requires scope `webhooks:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description Sends a `webhook_endpoint.test` event (its object is the endpoint) to this endpoint only, also when disabled, and answers the delivery after the first attempt. A failed attempt is retried on the usual schedule.
         *
         *     Requires scope `webhooks:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint’s deliveries
         * @description Newest first, each with every attempt (status code, latency, response excerpt). Filters: `status`, `event_id`.
         *
         *     Requires scope `webhooks:read` (or `webhooks:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery
         * @description One delivery, with every attempt.
         *
         *     Requires scope `webhooks:read` (or `webhooks:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now
         * @description Whatever its status, also to a disabled endpoint; answers the delivery after the attempt. A failed attempt continues the retry schedule.
         *
         *     Requires scope `webhooks:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lti/registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List LTI platform registrations
         * @description The LMS platforms this workspace accepts launches from, each with its known deployment ids. Filter: `updated_since`. Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `lti:read` (or `lti:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listLtiRegistrations"];
        put?: never;
        /**
         * Register an LTI platform
         * @description Registers an LMS by the values it shows when Lectern is added as an LTI 1.3 tool. A platform is found by (`issuer`, `client_id`): that pair is registered once across every workspace (409 `lti_registration_exists`), while two workspaces may register one issuer with different client ids. `unknown_deployments` defaults to `accept`. The three platform URLs must be https and may not point to a loopback, private, link-local or metadata address (400 `validation_error` naming each one); the dev switch `WEBHOOK_ALLOW_PRIVATE=true` lifts both outside production.
         *
         *     Requires scope `lti:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createLtiRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lti/registrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an LTI platform registration
         * @description The registration with its known deployment ids, and its `ETag`.
         *
         *     Requires scope `lti:read` (or `lti:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["getLtiRegistration"];
        /**
         * Update an LTI platform registration
         * @description Changes the fields given; `deployment_ids` replaces the known ids. The three platform URLs must be https and may not point to a loopback, private, link-local or metadata address (400 `validation_error` naming each one); the dev switch `WEBHOOK_ALLOW_PRIVATE=true` lifts both outside production.
         *
         *     Requires scope `lti:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        put: operations["updateLtiRegistration"];
        post?: never;
        /**
         * Delete an LTI platform registration
         * @description Launches from this platform are refused from then on; its known deployment ids go with it. Students and enrollments its launches made stay.
         *
         *     Requires scope `lti:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        delete: operations["deleteLtiRegistration"];
        options?: never;
        head?: never;
        /**
         * Update an LTI platform registration (alias of PUT)
         * @description Changes the fields given; `deployment_ids` replaces the known ids. The three platform URLs must be https and may not point to a loopback, private, link-local or metadata address (400 `validation_error` naming each one); the dev switch `WEBHOOK_ALLOW_PRIVATE=true` lifts both outside production.
         *
         *     Requires scope `lti:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        patch: operations["patchLtiRegistration"];
        trace?: never;
    };
    "/api/v1/lti/registration-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a one-time LTI Dynamic Registration link
         * @description A URL to paste into the LMS's "register a tool by URL" (LTI Dynamic Registration): the LMS opens it, and Lectern registers that platform in this workspace. It works once, until `expires_at` (`expires_in_seconds`: 60 s to 30 days, default 7 days). The URL is shown only in this answer. It is built on PUBLIC_URL when set, else on the address this request came to.
         *
         *     Requires scope `lti:write`. Rate limits: one request against the key's hourly quota and burst bucket.
         */
        post: operations["createLtiRegistrationLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lti/registrations/{id}/grade-sends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the grade sends of an LTI registration
         * @description Every course score Lectern sent, or is sending, to this platform’s line items, newest first: its status (`pending`, `succeeded`, `failed`, `superseded`), attempts, the last HTTP status and error, and when it is tried again. Filters: `status`, `student_id`. Page mode by default; cursor mode with `cursor`.
         *
         *     Requires scope `lti:read` (or `lti:write`). Rate limits: one request against the key's hourly quota and burst bucket.
         */
        get: operations["listLtiGradeSends"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "course.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `course.created` event
         * @description Sent to every enabled endpoint subscribed to `course.created`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onCourseCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `course.updated` event
         * @description Sent to every enabled endpoint subscribed to `course.updated`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onCourseUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `course.deleted` event
         * @description Sent to every enabled endpoint subscribed to `course.deleted`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onCourseDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `course.published` event
         * @description Sent to every enabled endpoint subscribed to `course.published`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onCoursePublished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course.unpublished": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `course.unpublished` event
         * @description Sent to every enabled endpoint subscribed to `course.unpublished`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onCourseUnpublished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "module.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `module.created` event
         * @description Sent to every enabled endpoint subscribed to `module.created`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onModuleCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "module.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `module.updated` event
         * @description Sent to every enabled endpoint subscribed to `module.updated`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onModuleUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "module.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `module.deleted` event
         * @description Sent to every enabled endpoint subscribed to `module.deleted`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onModuleDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lesson.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `lesson.created` event
         * @description Sent to every enabled endpoint subscribed to `lesson.created`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onLessonCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lesson.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `lesson.updated` event
         * @description Sent to every enabled endpoint subscribed to `lesson.updated`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onLessonUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lesson.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `lesson.deleted` event
         * @description Sent to every enabled endpoint subscribed to `lesson.deleted`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onLessonDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "student.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `student.created` event
         * @description Sent to every enabled endpoint subscribed to `student.created`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onStudentCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "student.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `student.updated` event
         * @description Sent to every enabled endpoint subscribed to `student.updated`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onStudentUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "student.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `student.deleted` event
         * @description Sent to every enabled endpoint subscribed to `student.deleted`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onStudentDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "student.enrolled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `student.enrolled` event
         * @description Sent to every enabled endpoint subscribed to `student.enrolled`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onStudentEnrolled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "student.unenrolled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `student.unenrolled` event
         * @description Sent to every enabled endpoint subscribed to `student.unenrolled`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onStudentUnenrolled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "student.completed_lesson": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `student.completed_lesson` event
         * @description Sent to every enabled endpoint subscribed to `student.completed_lesson`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onStudentCompletedLesson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "student.completed_course": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `student.completed_course` event
         * @description Sent to every enabled endpoint subscribed to `student.completed_course`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onStudentCompletedCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quiz.submitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `quiz.submitted` event
         * @description Sent to every enabled endpoint subscribed to `quiz.submitted`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onQuizSubmitted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quiz.passed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `quiz.passed` event
         * @description Sent to every enabled endpoint subscribed to `quiz.passed`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onQuizPassed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quiz.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `quiz.failed` event
         * @description Sent to every enabled endpoint subscribed to `quiz.failed`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onQuizFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "export.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `export.completed` event
         * @description Sent to every enabled endpoint subscribed to `export.completed`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onExportCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "export.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `export.failed` event
         * @description Sent to every enabled endpoint subscribed to `export.failed`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onExportFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "import.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `import.completed` event
         * @description Sent to every enabled endpoint subscribed to `import.completed`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onImportCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "import.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `import.failed` event
         * @description Sent to every enabled endpoint subscribed to `import.failed`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onImportFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "import.awaiting_confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `import.awaiting_confirmation` event
         * @description Sent to every enabled endpoint subscribed to `import.awaiting_confirmation`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onImportAwaitingConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "usage.threshold_reached": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `usage.threshold_reached` event
         * @description Sent to every enabled endpoint subscribed to `usage.threshold_reached`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onUsageThresholdReached"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `webhook_endpoint.disabled` event
         * @description Sent to every enabled endpoint subscribed to `webhook_endpoint.disabled`, signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onWebhookEndpointDisabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `webhook_endpoint.test` event
         * @description Sent to every enabled endpoint subscribed to `webhook_endpoint.test` (here: only the endpoint tested), signed per Standard Webhooks. Answer any 2xx within the timeout to acknowledge; anything else is retried on the schedule of docs/webhooks.md.
         */
        post: operations["onWebhookEndpointTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * ValidationErrorObject
         * @description The error of `validation_error`, with its details.
         */
        ValidationErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "validation_error";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description One entry per problem, each with its pointer. */
                errors: {
                    /** @description JSON pointer to the value: `/title` in the body, `/query/per_page`, `/headers/idempotency-key`, `/records/3/email`. */
                    path: string;
                    /** @description What is wrong with it. */
                    message: string;
                }[];
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * InvalidParameterErrorObject
         * @description The error of `invalid_parameter`, with its details.
         */
        InvalidParameterErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "invalid_parameter";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The query parameter or header at fault: `cursor`, `sort`, `from`, `lesson_id`, `Idempotency-Key`. */
                parameter?: string;
                /** @description The lesson that is not a quiz. */
                lesson_id?: string;
                from?: string;
                to?: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * InsufficientPermissionsErrorObject
         * @description The error of `insufficient_permissions`, with its details.
         */
        InsufficientPermissionsErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "insufficient_permissions";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The scope the key lacks. */
                required_scope?: string;
                /** @description Scopes of the target key beyond the calling key's own. */
                scopes?: string[];
                /** @description The API key the call would have changed. */
                key_id?: string;
                /** @description What the call would have done to it: create, rotate or revoke. */
                action?: string;
                /** @description The environment asked for, other than the calling key's. */
                environment?: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * PlanNotEligibleErrorObject
         * @description The error of `plan_not_eligible`, with its details.
         */
        PlanNotEligibleErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "plan_not_eligible";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The account's plan. */
                plan: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * ResourceNotFoundErrorObject
         * @description The error of `resource_not_found`, with its details.
         */
        ResourceNotFoundErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "resource_not_found";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description What was looked for: `course`, `student`, `api_key`… or `route` for a path that names nothing. */
                resource?: string;
                /** @description The id that was not found. */
                id?: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * MethodNotAllowedErrorObject
         * @description The error of `method_not_allowed`, with its details.
         */
        MethodNotAllowedErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "method_not_allowed";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The methods the path takes. */
                allowed: string[];
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * AlreadyEnrolledErrorObject
         * @description The error of `already_enrolled`, with its details.
         */
        AlreadyEnrolledErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "already_enrolled";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                enrollment_id: string | null;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * NotEnrolledErrorObject
         * @description The error of `not_enrolled`, with its details.
         */
        NotEnrolledErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "not_enrolled";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                student_id: string;
                course_id: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * StudentExistsErrorObject
         * @description The error of `student_exists`, with its details.
         */
        StudentExistsErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "student_exists";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The student that already has this email or external_id. */
                student_id: string;
                field: "email" | "external_id";
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * StudentInactiveErrorObject
         * @description The error of `student_inactive`, with its details.
         */
        StudentInactiveErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "student_inactive";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The inactive student, who keeps their data but takes no new enrollment. */
                student_id: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * CourseExistsErrorObject
         * @description The error of `course_exists`, with its details.
         */
        CourseExistsErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "course_exists";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The course that already has this external_id. */
                course_id: string;
                /** @enum {string} */
                field: "external_id";
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * LtiRegistrationExistsErrorObject
         * @description The error of `lti_registration_exists`, with its details.
         */
        LtiRegistrationExistsErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "lti_registration_exists";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                registration_id: string | null;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * CourseHasEnrollmentsErrorObject
         * @description The error of `course_has_enrollments`, with its details.
         */
        CourseHasEnrollmentsErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "course_has_enrollments";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                enrollment_count: number;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * CourseNotPublishedErrorObject
         * @description The error of `course_not_published`, with its details.
         */
        CourseNotPublishedErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "course_not_published";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                course_id: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * IdempotencyErrorObject
         * @description The error of `idempotency_request_in_progress` and `idempotency_key_reused`, with its details.
         */
        IdempotencyErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "idempotency_request_in_progress" | "idempotency_key_reused";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                idempotency_key: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * ExportNotReadyErrorObject
         * @description The error of `export_not_ready`, with its details.
         */
        ExportNotReadyErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "export_not_ready";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The export's status: queued, running or failed. */
                status: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * ApiKeyRevokedErrorObject
         * @description The error of `api_key_revoked`, with its details.
         */
        ApiKeyRevokedErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "api_key_revoked";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The revoked API key, which cannot be rotated. */
                key_id: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * ExportExpiredErrorObject
         * @description The error of `export_expired`, with its details.
         */
        ExportExpiredErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "export_expired";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                expired_at: string | null;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * PreconditionFailedErrorObject
         * @description The error of `precondition_failed`, with its details.
         */
        PreconditionFailedErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "precondition_failed";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The resource's current ETag; absent when there is no resource (an upsert with If-Match). */
                etag?: string;
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /**
         * RateLimitExceededErrorObject
         * @description The error of `rate_limit_exceeded`, with its details.
         */
        RateLimitExceededErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "rate_limit_exceeded";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            details: {
                /** @description The budget that refused the request (docs/rate-limits.md). */
                limit: "hourly" | "burst" | "export" | "bulk" | "search" | "imports" | "auth_failures";
            };
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
            /** @description Whole seconds to wait, as in Retry-After. */
            retry_after: number;
        };
        /**
         * PlainErrorObject
         * @description The error of every code that carries no details.
         */
        PlainErrorObject: {
            /**
             * @description Machine-readable, from the closed list (docs/api.md, "Errors").
             * @enum {string}
             */
            code: "invalid_json" | "conflicting_credentials" | "malformed_request" | "invalid_encoding" | "invalid_file" | "missing_api_key" | "invalid_api_key" | "invalid_credentials" | "session_required" | "https_required" | "csrf_failed" | "request_timeout" | "last_owner" | "duplicate_in_import" | "import_not_awaiting_confirmation" | "payload_too_large" | "too_many_rows" | "unsupported_media_type" | "headers_too_large" | "internal_error" | "service_unavailable";
            /** @description What went wrong, for a person; may change between versions. */
            message: string;
            /** @description No details: `{}`. */
            details: Record<string, never>;
            /** @description The X-Request-Id of this response: quote it when asking for help. */
            request_id: string;
        };
        /** @description The error: `code` from the closed list (docs/api.md, "Errors"), `details` in the shape of its code. */
        ErrorObject: components["schemas"]["ValidationErrorObject"] | components["schemas"]["InvalidParameterErrorObject"] | components["schemas"]["InsufficientPermissionsErrorObject"] | components["schemas"]["PlanNotEligibleErrorObject"] | components["schemas"]["ResourceNotFoundErrorObject"] | components["schemas"]["MethodNotAllowedErrorObject"] | components["schemas"]["AlreadyEnrolledErrorObject"] | components["schemas"]["NotEnrolledErrorObject"] | components["schemas"]["StudentExistsErrorObject"] | components["schemas"]["StudentInactiveErrorObject"] | components["schemas"]["CourseExistsErrorObject"] | components["schemas"]["LtiRegistrationExistsErrorObject"] | components["schemas"]["CourseHasEnrollmentsErrorObject"] | components["schemas"]["CourseNotPublishedErrorObject"] | components["schemas"]["IdempotencyErrorObject"] | components["schemas"]["ExportNotReadyErrorObject"] | components["schemas"]["ApiKeyRevokedErrorObject"] | components["schemas"]["ExportExpiredErrorObject"] | components["schemas"]["PreconditionFailedErrorObject"] | components["schemas"]["RateLimitExceededErrorObject"] | components["schemas"]["PlainErrorObject"];
        /**
         * ErrorResponse
         * @description The body of every error answer.
         * @example {
         *       "error": {
         *         "code": "validation_error",
         *         "message": "Invalid body: /title is required",
         *         "details": {
         *           "errors": [
         *             {
         *               "path": "/title",
         *               "message": "is required"
         *             }
         *           ]
         *         },
         *         "request_id": "req_01jd4z3k9q8x7v6b5n4m3c2x1z"
         *       }
         *     }
         */
        ErrorResponse: {
            error: components["schemas"]["ErrorObject"];
        };
        /**
         * PagePagination
         * @description Page mode (`page`, `per_page`): with totals.
         */
        PagePagination: {
            /** @description This page, 1-based. */
            page: number;
            per_page: number;
            /** @description Number of matching records. */
            total: number;
            /** @description Number of pages. */
            total_pages: number;
            /** @description Cursor of the record after this page, to go on in cursor mode; null at the end (always null for search). */
            next_cursor: string | null;
        };
        /**
         * CursorPagination
         * @description Cursor mode (`cursor`, `per_page`): no totals.
         */
        CursorPagination: {
            per_page: number;
            /** @description Pass it as `cursor` for the next page; null at the end. */
            next_cursor: string | null;
            /** @description Whether another page follows. */
            has_more: boolean;
        };
        /**
         * Course
         * @description A course: ordered modules of lessons that students enroll in.
         * @example {
         *       "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "title": "Introduction to Algebra",
         *       "description": "Equations, functions and graphs, from the ground up.",
         *       "published": true,
         *       "enrollment_count": 42,
         *       "external_id": "sis-alg-101",
         *       "metadata": {
         *         "level": "beginner"
         *       },
         *       "created_at": "2026-11-21T19:05:00.000Z",
         *       "updated_at": "2026-11-22T08:30:00.000Z"
         *     }
         */
        Course: {
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            title: string;
            description: string;
            published: boolean;
            /** @description Enrollments that are not cancelled. Read-only. */
            enrollment_count: number;
            /** @description Your own id for the course (unique in the workspace, exact text: `00123` is not `123`), or null. */
            external_id: string | null;
            /** @description Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given. */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * Module
         * @description An ordered section of a course.
         * @example {
         *       "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "title": "Linear equations",
         *       "description": "Solving for x.",
         *       "position": 0,
         *       "created_at": "2026-11-21T19:06:00.000Z",
         *       "updated_at": "2026-11-21T19:06:00.000Z"
         *     }
         */
        Module: {
            /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            title: string;
            description: string;
            /** @description 0-based, dense within the course. */
            position: number;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * SingleChoiceQuestionInput
         * @description One right choice.
         * @example {
         *       "prompt": "Solve 2x + 3 = 7. x = ?",
         *       "kind": "single_choice",
         *       "choices": [
         *         "1",
         *         "2",
         *         "5"
         *       ],
         *       "answer": 1
         *     }
         */
        SingleChoiceQuestionInput: {
            /** @description Kept when given (to keep attempts comparable); assigned (qst_…) otherwise. */
            id?: string;
            prompt: string;
            /** @enum {string} */
            kind: "single_choice";
            choices: string[];
            /** @description Index of the right choice (0-based). */
            answer: number;
        };
        /**
         * MultipleChoiceQuestionInput
         * @description Several right choices.
         * @example {
         *       "prompt": "Which are even?",
         *       "kind": "multiple_choice",
         *       "choices": [
         *         "2",
         *         "3",
         *         "4"
         *       ],
         *       "answer": [
         *         0,
         *         2
         *       ]
         *     }
         */
        MultipleChoiceQuestionInput: {
            /** @description Kept when given (to keep attempts comparable); assigned (qst_…) otherwise. */
            id?: string;
            prompt: string;
            /** @enum {string} */
            kind: "multiple_choice";
            choices: string[];
            /** @description The distinct indexes of the right choices (0-based), in any order. */
            answer: number[];
        };
        /**
         * TrueFalseQuestionInput
         * @description A statement, true or false; takes no choices.
         * @example {
         *       "prompt": "x = 2 solves x + x = 4.",
         *       "kind": "true_false",
         *       "answer": true
         *     }
         */
        TrueFalseQuestionInput: {
            /** @description Kept when given (to keep attempts comparable); assigned (qst_…) otherwise. */
            id?: string;
            prompt: string;
            /** @enum {string} */
            kind: "true_false";
            /** @description Whether the statement is true. */
            answer: boolean;
        };
        /**
         * ShortAnswerQuestionInput
         * @description Free text; takes no choices.
         * @example {
         *       "prompt": "The capital of France?",
         *       "kind": "short_answer",
         *       "answer": [
         *         "Paris"
         *       ]
         *     }
         */
        ShortAnswerQuestionInput: {
            /** @description Kept when given (to keep attempts comparable); assigned (qst_…) otherwise. */
            id?: string;
            prompt: string;
            /** @enum {string} */
            kind: "short_answer";
            /** @description The accepted answers (non-empty), compared trimmed and in any case. */
            answer: string[];
        };
        /** @description A question as written, by `kind`. The server also checks what a schema cannot (an index within the choices, distinct indexes, unique ids) and reports each problem with its pointer. */
        QuizQuestionInput: components["schemas"]["SingleChoiceQuestionInput"] | components["schemas"]["MultipleChoiceQuestionInput"] | components["schemas"]["TrueFalseQuestionInput"] | components["schemas"]["ShortAnswerQuestionInput"];
        /**
         * QuizInput
         * @description The quiz of a quiz lesson, with its answers.
         * @example {
         *       "passing_score": 60,
         *       "questions": [
         *         {
         *           "prompt": "Solve 2x + 3 = 7. x = ?",
         *           "kind": "single_choice",
         *           "choices": [
         *             "1",
         *             "2",
         *             "5"
         *           ],
         *           "answer": 1
         *         }
         *       ]
         *     }
         */
        QuizInput: {
            /** @description Minimum score (0..100) to pass. */
            passing_score: number;
            questions: components["schemas"]["QuizQuestionInput"][];
        };
        /**
         * CreateTextLessonRequest
         * @description A lesson to read: markdown `content`.
         * @example {
         *       "title": "What is an equation?",
         *       "type": "text",
         *       "content": "# Equations\nAn equation says that two expressions are equal.",
         *       "duration_seconds": 300
         *     }
         */
        CreateTextLessonRequest: {
            /** @description 1..200 characters, not blank. */
            title: string;
            /** @description Markdown, up to 200,000 characters. */
            content?: string;
            /** Format: uri */
            video_url?: string;
            duration_seconds?: number;
            /** @description 0-based; the others shift to make room. Default: at the end. */
            position?: number;
            /** @enum {string} */
            type: "text";
        };
        /**
         * CreateVideoLessonRequest
         * @description A lesson to watch: `video_url`, with optional notes in `content`.
         * @example {
         *       "title": "Equations in two minutes",
         *       "type": "video",
         *       "video_url": "https://videos.example.com/equations.mp4",
         *       "duration_seconds": 120
         *     }
         */
        CreateVideoLessonRequest: {
            /** @description 1..200 characters, not blank. */
            title: string;
            /** @description Markdown, up to 200,000 characters. */
            content?: string;
            /** Format: uri */
            video_url?: string;
            duration_seconds?: number;
            /** @description 0-based; the others shift to make room. Default: at the end. */
            position?: number;
            /** @enum {string} */
            type: "video";
        };
        /**
         * CreateQuizLessonRequest
         * @description A quiz: `quiz` is required.
         * @example {
         *       "title": "Check your understanding",
         *       "type": "quiz",
         *       "quiz": {
         *         "passing_score": 60,
         *         "questions": [
         *           {
         *             "prompt": "Solve 2x + 3 = 7. x = ?",
         *             "kind": "single_choice",
         *             "choices": [
         *               "1",
         *               "2",
         *               "5"
         *             ],
         *             "answer": 1
         *           }
         *         ]
         *       }
         *     }
         */
        CreateQuizLessonRequest: {
            /** @description 1..200 characters, not blank. */
            title: string;
            /** @description Markdown, up to 200,000 characters. */
            content?: string;
            /** Format: uri */
            video_url?: string;
            duration_seconds?: number;
            /** @description 0-based; the others shift to make room. Default: at the end. */
            position?: number;
            /** @enum {string} */
            type: "quiz";
            quiz: components["schemas"]["QuizInput"];
        };
        /**
         * CreateAssignmentLessonRequest
         * @description Work to hand in, described in `content`.
         * @example {
         *       "title": "Write three equations",
         *       "type": "assignment",
         *       "content": "Write three equations that x = 2 solves."
         *     }
         */
        CreateAssignmentLessonRequest: {
            /** @description 1..200 characters, not blank. */
            title: string;
            /** @description Markdown, up to 200,000 characters. */
            content?: string;
            /** Format: uri */
            video_url?: string;
            duration_seconds?: number;
            /** @description 0-based; the others shift to make room. Default: at the end. */
            position?: number;
            /** @enum {string} */
            type: "assignment";
        };
        /**
         * SingleChoiceQuestion
         * @description One right choice; attempts answer its index.
         */
        SingleChoiceQuestion: {
            /** @description qst_…, or the id given when the quiz was written. */
            id: string;
            prompt: string;
            /** @enum {string} */
            kind: "single_choice";
            /** @description The choices, in order; answers name them by 0-based index. */
            choices: string[];
            /** @description Index of the right choice. Only shown to keys with courses:write. */
            answer?: number;
        };
        /**
         * MultipleChoiceQuestion
         * @description Several right choices; attempts answer the list of their indexes (any order).
         */
        MultipleChoiceQuestion: {
            /** @description qst_…, or the id given when the quiz was written. */
            id: string;
            prompt: string;
            /** @enum {string} */
            kind: "multiple_choice";
            /** @description The choices, in order; answers name them by 0-based index. */
            choices: string[];
            /** @description Indexes of the right choices, sorted. Only shown to keys with courses:write. */
            answer?: number[];
        };
        /**
         * TrueFalseQuestion
         * @description A statement; attempts answer true or false.
         */
        TrueFalseQuestion: {
            /** @description qst_…, or the id given when the quiz was written. */
            id: string;
            prompt: string;
            /** @enum {string} */
            kind: "true_false";
            /** @description Whether the statement is true. Only shown to keys with courses:write. */
            answer?: boolean;
        };
        /**
         * ShortAnswerQuestion
         * @description Free text; attempts answer the text.
         */
        ShortAnswerQuestion: {
            /** @description qst_…, or the id given when the quiz was written. */
            id: string;
            prompt: string;
            /** @enum {string} */
            kind: "short_answer";
            /** @description The accepted answers, compared trimmed and in any case. Only shown to keys with courses:write. */
            answer?: string[];
        };
        /** @description A question of a quiz, by `kind`; `answer` only for keys with courses:write. */
        QuizQuestion: components["schemas"]["SingleChoiceQuestion"] | components["schemas"]["MultipleChoiceQuestion"] | components["schemas"]["TrueFalseQuestion"] | components["schemas"]["ShortAnswerQuestion"];
        /** Quiz */
        Quiz: {
            /** @description Minimum score (0..100) to pass. */
            passing_score: number;
            /** @description In order. */
            questions: components["schemas"]["QuizQuestion"][];
        };
        /**
         * TextLesson
         * @description A lesson to read (markdown `content`).
         * @example {
         *       "id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
         *       "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "title": "What is an equation?",
         *       "type": "text",
         *       "content": "# Equations\nAn equation says that two expressions are equal.",
         *       "video_url": null,
         *       "duration_seconds": 300,
         *       "position": 0,
         *       "quiz": null,
         *       "created_at": "2026-11-21T19:07:00.000Z",
         *       "updated_at": "2026-11-21T19:07:00.000Z"
         *     }
         */
        TextLesson: {
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
            module_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            title: string;
            /** @enum {string} */
            type: "text";
            /** @description Markdown. */
            content: string;
            /** @description The video to play (video lessons), or null. */
            video_url: string | null;
            /** @description Expected length, or null. */
            duration_seconds: number | null;
            /** @description 0-based, dense within the module. */
            position: number;
            /** @description Only quiz lessons have a quiz. */
            quiz: null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * VideoLesson
         * @description A lesson to watch (`video_url`), with optional notes in `content`.
         */
        VideoLesson: {
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
            module_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            title: string;
            /** @enum {string} */
            type: "video";
            /** @description Markdown. */
            content: string;
            /** @description The video to play (video lessons), or null. */
            video_url: string | null;
            /** @description Expected length, or null. */
            duration_seconds: number | null;
            /** @description 0-based, dense within the module. */
            position: number;
            /** @description Only quiz lessons have a quiz. */
            quiz: null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * QuizLesson
         * @description A quiz, graded on the server by POST /lessons/{id}/quiz-attempts; its answers only for keys with courses:write.
         * @example {
         *       "id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
         *       "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "title": "Check your understanding",
         *       "type": "quiz",
         *       "content": "",
         *       "video_url": null,
         *       "duration_seconds": null,
         *       "position": 1,
         *       "quiz": {
         *         "passing_score": 60,
         *         "questions": [
         *           {
         *             "id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
         *             "prompt": "Solve 2x + 3 = 7. x = ?",
         *             "kind": "single_choice",
         *             "choices": [
         *               "1",
         *               "2",
         *               "5"
         *             ],
         *             "answer": 1
         *           },
         *           {
         *             "id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
         *             "prompt": "x = 2 solves x + x = 4.",
         *             "kind": "true_false",
         *             "answer": true
         *           }
         *         ]
         *       },
         *       "created_at": "2026-11-21T19:07:00.000Z",
         *       "updated_at": "2026-11-21T19:07:00.000Z"
         *     }
         */
        QuizLesson: {
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
            module_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            title: string;
            /** @enum {string} */
            type: "quiz";
            /** @description Markdown. */
            content: string;
            /** @description The video to play (video lessons), or null. */
            video_url: string | null;
            /** @description Expected length, or null. */
            duration_seconds: number | null;
            /** @description 0-based, dense within the module. */
            position: number;
            quiz: components["schemas"]["Quiz"];
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * AssignmentLesson
         * @description Work to hand in, described in `content`.
         */
        AssignmentLesson: {
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
            module_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            title: string;
            /** @enum {string} */
            type: "assignment";
            /** @description Markdown. */
            content: string;
            /** @description The video to play (video lessons), or null. */
            video_url: string | null;
            /** @description Expected length, or null. */
            duration_seconds: number | null;
            /** @description 0-based, dense within the module. */
            position: number;
            /** @description Only quiz lessons have a quiz. */
            quiz: null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /** @description A lesson of a module, by `type`: only a quiz lesson has a `quiz` (null for the others). */
        Lesson: components["schemas"]["TextLesson"] | components["schemas"]["VideoLesson"] | components["schemas"]["QuizLesson"] | components["schemas"]["AssignmentLesson"];
        /**
         * Student
         * @description A learner of the workspace.
         * @example {
         *       "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *       "email": "ada@example.com",
         *       "name": "Ada Lovelace",
         *       "external_id": "sis-1815",
         *       "status": "active",
         *       "metadata": {
         *         "cohort": "2026-autumn"
         *       },
         *       "created_at": "2026-11-21T19:10:00.000Z",
         *       "updated_at": "2026-11-21T19:10:00.000Z"
         *     }
         */
        Student: {
            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @description As given; unique in the workspace regardless of case. */
            email: string;
            name: string;
            /** @description Your own id for the student (unique in the workspace, exact text: `00123` is not `123`), or null. */
            external_id: string | null;
            /** @description `active` (the default), or `inactive`: taken off the roster (a full sync deactivates rather than deletes). An inactive student keeps their data, enrollments and progress; a new enrollment of them answers 409 `student_inactive`. */
            status: "active" | "inactive";
            /** @description Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given. */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * StudentBulkCreated
         * @description The record was created: `data` is the new resource.
         */
        StudentBulkCreated: {
            /** @description Position of the record in the request. */
            index: number;
            /** @enum {string} */
            status: "created";
            data: components["schemas"]["Student"];
        };
        /**
         * StudentBulkError
         * @description The record failed and nothing of it was written.
         */
        StudentBulkError: {
            /** @description Position of the record in the request. */
            index: number;
            /** @enum {string} */
            status: "error";
            /** @description Why this record failed, by `code`. */
            error: {
                /**
                 * @description Machine-readable, from the closed list (docs/api.md, "Errors").
                 * @enum {string}
                 */
                code: "validation_error";
                /** @description What went wrong, for a person; may change between versions. */
                message: string;
                details: {
                    /** @description One entry per problem, each with its pointer. */
                    errors: {
                        /** @description JSON pointer to the value: `/title` in the body, `/query/per_page`, `/headers/idempotency-key`, `/records/3/email`. */
                        path: string;
                        /** @description What is wrong with it. */
                        message: string;
                    }[];
                };
            } | {
                /**
                 * @description Machine-readable, from the closed list (docs/api.md, "Errors").
                 * @enum {string}
                 */
                code: "student_exists";
                /** @description What went wrong, for a person; may change between versions. */
                message: string;
                details: {
                    /** @description The student that already has this email or external_id. */
                    student_id: string;
                    field: "email" | "external_id";
                };
            };
        };
        /** @description The outcome of one record. */
        StudentBulkResult: components["schemas"]["StudentBulkCreated"] | components["schemas"]["StudentBulkError"];
        /**
         * Enrollment
         * @description A student in a course.
         * @example {
         *       "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
         *       "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "status": "active",
         *       "progress_percent": 50,
         *       "score": 75,
         *       "enrolled_at": "2026-11-21T19:15:00.000Z",
         *       "completed_at": null,
         *       "created_at": "2026-11-21T19:15:00.000Z",
         *       "updated_at": "2026-11-22T10:00:00.000Z"
         *     }
         */
        Enrollment: {
            /** @example enr_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
            student_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            /** @description active → completed when the last lesson is completed; cancelled by DELETE (history kept). */
            status: "active" | "completed" | "cancelled";
            /** @description Completed lessons of the course, in percent. */
            progress_percent: number;
            /** @description The course score, 0–100 (two decimals): the mean, over the course’s quiz lessons, of the student’s latest attempt score (a quiz not attempted counts 0); a course without quizzes scores its progress percent. Worked out after each quiz attempt and at completion (null before either); it is what an LMS gets as the grade (docs/lti.md, "Grades (AGS)"). */
            score: number | null;
            /**
             * Format: date-time
             * @description When the enrollment became active (again, after a reactivation).
             * @example 2026-11-21T19:05:00.000Z
             */
            enrolled_at: string;
            completed_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * EnrollmentBulkCreated
         * @description The record was created: `data` is the new resource.
         */
        EnrollmentBulkCreated: {
            /** @description Position of the record in the request. */
            index: number;
            /** @enum {string} */
            status: "created";
            data: components["schemas"]["Enrollment"];
        };
        /**
         * EnrollmentBulkError
         * @description The record failed and nothing of it was written.
         */
        EnrollmentBulkError: {
            /** @description Position of the record in the request. */
            index: number;
            /** @enum {string} */
            status: "error";
            /** @description Why this record failed, by `code`. */
            error: {
                /**
                 * @description Machine-readable, from the closed list (docs/api.md, "Errors").
                 * @enum {string}
                 */
                code: "validation_error";
                /** @description What went wrong, for a person; may change between versions. */
                message: string;
                details: {
                    /** @description One entry per problem, each with its pointer. */
                    errors: {
                        /** @description JSON pointer to the value: `/title` in the body, `/query/per_page`, `/headers/idempotency-key`, `/records/3/email`. */
                        path: string;
                        /** @description What is wrong with it. */
                        message: string;
                    }[];
                };
            } | {
                /**
                 * @description Machine-readable, from the closed list (docs/api.md, "Errors").
                 * @enum {string}
                 */
                code: "resource_not_found";
                /** @description What went wrong, for a person; may change between versions. */
                message: string;
                details: {
                    /** @description What was looked for: `course`, `student`, `api_key`… or `route` for a path that names nothing. */
                    resource?: string;
                    /** @description The id that was not found. */
                    id?: string;
                };
            } | {
                /**
                 * @description Machine-readable, from the closed list (docs/api.md, "Errors").
                 * @enum {string}
                 */
                code: "already_enrolled";
                /** @description What went wrong, for a person; may change between versions. */
                message: string;
                details: {
                    enrollment_id: string | null;
                };
            } | {
                /**
                 * @description Machine-readable, from the closed list (docs/api.md, "Errors").
                 * @enum {string}
                 */
                code: "student_inactive";
                /** @description What went wrong, for a person; may change between versions. */
                message: string;
                details: {
                    /** @description The inactive student, who keeps their data but takes no new enrollment. */
                    student_id: string;
                };
            } | {
                /**
                 * @description Machine-readable, from the closed list (docs/api.md, "Errors").
                 * @enum {string}
                 */
                code: "course_not_published";
                /** @description What went wrong, for a person; may change between versions. */
                message: string;
                details: {
                    course_id: string;
                };
            };
        };
        /** @description The outcome of one record. */
        EnrollmentBulkResult: components["schemas"]["EnrollmentBulkCreated"] | components["schemas"]["EnrollmentBulkError"];
        /**
         * Progress
         * @description A student's progress on one lesson, with the enrollment it moved (its progress_percent and status).
         * @example {
         *       "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *       "lesson_id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "status": "completed",
         *       "time_spent_seconds": 420,
         *       "started_at": "2026-11-22T09:53:00.000Z",
         *       "completed_at": "2026-11-22T10:00:00.000Z",
         *       "last_activity_at": "2026-11-22T10:00:00.000Z",
         *       "enrollment": {
         *         "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
         *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *         "status": "active",
         *         "progress_percent": 50,
         *         "score": 75,
         *         "enrolled_at": "2026-11-21T19:15:00.000Z",
         *         "completed_at": null,
         *         "created_at": "2026-11-21T19:15:00.000Z",
         *         "updated_at": "2026-11-22T10:00:00.000Z"
         *       }
         *     }
         */
        Progress: {
            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
            student_id: string;
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            lesson_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            /** @description A completed lesson stays completed. */
            status: "started" | "completed";
            /** @description All the time recorded on the lesson. */
            time_spent_seconds: number;
            /**
             * Format: date-time
             * @description The first activity.
             * @example 2026-11-21T19:05:00.000Z
             */
            started_at: string;
            completed_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            last_activity_at: string;
            enrollment: components["schemas"]["Enrollment"];
        };
        /**
         * LessonProgressState
         * @description One lesson of the course, for this student.
         */
        LessonProgressState: {
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            lesson_id: string;
            /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
            module_id: string;
            status: "not_started" | "started" | "completed";
            time_spent_seconds: number;
            completed_at: string | null;
            last_activity_at: string | null;
        };
        /**
         * CourseProgress
         * @description A student's progress in one course they are enrolled in.
         */
        CourseProgress: {
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            /** @example enr_01jd4z3k9q8x7v6b5n4m3c2x1z */
            enrollment_id: string;
            status: "active" | "completed" | "cancelled";
            progress_percent: number;
            lessons_completed: number;
            lessons_total: number;
            time_spent_seconds: number;
            last_activity_at: string | null;
            /** @description In course order (module position, then lesson position). */
            lessons: components["schemas"]["LessonProgressState"][];
        };
        /**
         * StudentProgress
         * @description A student's progress, per course.
         */
        StudentProgress: {
            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
            student_id: string;
            /** @description One entry per enrollment (or the one course asked for). */
            courses: components["schemas"]["CourseProgress"][];
        };
        /**
         * QuizAttempt
         * @description A graded quiz attempt. Right answers are never returned.
         * @example {
         *       "id": "att_01jd4z3s7t8v9w0x1y2z3a4b5c",
         *       "lesson_id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
         *       "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "score": 100,
         *       "passed": true,
         *       "per_question": [
         *         {
         *           "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
         *           "correct": true
         *         },
         *         {
         *           "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
         *           "correct": true
         *         }
         *       ],
         *       "created_at": "2026-11-22T10:05:00.000Z"
         *     }
         */
        QuizAttempt: {
            /** @example att_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            lesson_id: string;
            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
            student_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            /** @description Percentage of questions answered right, rounded. */
            score: number;
            /** @description score ≥ the quiz passing_score. A passed attempt completes the lesson. */
            passed: boolean;
            /** @description Every question of the quiz, in quiz order. */
            per_question: {
                question_id: string;
                correct: boolean;
            }[];
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
        };
        /**
         * Export
         * @description A course export, built in the background.
         * @example {
         *       "id": "exp_01jd4z3x9y0z1a2b3c4d5e6f7g",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "format": "imscc",
         *       "status": "succeeded",
         *       "created_at": "2026-11-22T11:00:00.000Z",
         *       "completed_at": "2026-11-22T11:00:02.000Z",
         *       "download_url": "/api/v1/exports/exp_01jd4z3x9y0z1a2b3c4d5e6f7g/download",
         *       "expires_at": "2026-11-29T11:00:02.000Z",
         *       "size_bytes": 48213,
         *       "error": null
         *     }
         */
        Export: {
            /** @example exp_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            /** @description json: the course tree, which POST /courses/import reads back; imscc: an IMS Common Cartridge 1.1 package (Canvas, Moodle); scorm12: a SCORM 1.2 package (a .zip any LMS runs: one SCO per lesson, reporting completion and quiz scores); cmi5: a cmi5 package (a .zip, one AU per lesson, reporting through xAPI). See docs/exports.md. */
            format: "json" | "imscc" | "scorm12" | "cmi5";
            status: "queued" | "running" | "succeeded" | "failed";
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description When the export succeeded or failed. */
            completed_at: string | null;
            /** @description Path of the file under this API (GET it with your key) while the export has succeeded and not expired; null otherwise. */
            download_url: string | null;
            /** @description When the file is removed: 7 days after completion. */
            expires_at: string | null;
            /** @description Size of the file once built. */
            size_bytes: number | null;
            /** @description Why a failed export failed. */
            error: {
                code: string;
                message: string;
            } | null;
        };
        /**
         * CourseAnalytics
         * @description A course's figures over a period (docs/analytics.md).
         */
        CourseAnalytics: {
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            /** @description The period's start as applied (null: the beginning). */
            from: string | null;
            /**
             * Format: date-time
             * @description The period's end as applied (exclusive).
             * @example 2026-11-21T19:05:00.000Z
             */
            to: string;
            /** @description Enrollments enrolled in the period, by their status now. */
            enrollments: {
                /** @description Enrollments whose enrolled_at is in the period, any status. */
                total: number;
                active: number;
                completed: number;
                cancelled: number;
            };
            /** @description Counted back from `to`; `from` does not apply. */
            active_students: {
                /** @description Students with activity in the course in [to − 7 days, to). */
                last_7_days: number;
                /** @description Students with activity in the course in [to − 30 days, to). */
                last_30_days: number;
            };
            completion_rate: number | null;
            average_progress_percent: number | null;
            median_time_to_complete_seconds: number | null;
            /** @description The completion funnel: every lesson in course order. */
            lessons: {
                /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
                lesson_id: string;
                /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
                module_id: string;
                title: string;
                /** @description Students who started the lesson in the period (any activity on it). */
                started: number;
                /** @description Students who completed the lesson in the period. */
                completed: number;
            }[];
            /** @description Enrollments of the period by UTC day of enrolled_at; days without any are left out. */
            enrollments_per_day: {
                /**
                 * Format: date
                 * @description UTC day.
                 */
                date: string;
                enrollments: number;
            }[];
        };
        /**
         * StudentAnalytics
         * @description A student's figures over a period (docs/analytics.md).
         */
        StudentAnalytics: {
            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
            student_id: string;
            /** @description The period's start as applied (null: the beginning). */
            from: string | null;
            /**
             * Format: date-time
             * @description The period's end as applied (exclusive).
             * @example 2026-11-21T19:05:00.000Z
             */
            to: string;
            /** @description Enrollments not cancelled whose enrolled_at is in the period. */
            courses_enrolled: number;
            /** @description Of those, the completed ones. */
            courses_completed: number;
            average_progress_percent: number | null;
            /** @description Time recorded on lessons whose last activity is in the period. */
            time_spent_seconds: number;
            /** @description Quiz attempts made in the period. */
            quiz_attempts: number;
            quiz_average_score: number | null;
            /** @description Latest lesson activity in the period. */
            last_active_at: string | null;
        };
        /**
         * QuizResult
         * @description One quiz lesson's results over a period.
         */
        QuizResult: {
            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
            lesson_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            title: string;
            attempts: number;
            unique_students: number;
            average_score: number | null;
            median_score: number | null;
            pass_rate: number | null;
            /** @description The quiz's current questions, in quiz order. */
            questions: {
                question_id: string;
                /** @description Attempts that graded this question. */
                attempts: number;
                correct_rate: number | null;
            }[];
        };
        /**
         * QuizResults
         * @description Quiz results over a period (docs/analytics.md).
         */
        QuizResults: {
            /** @description The period's start as applied (null: the beginning). */
            from: string | null;
            /**
             * Format: date-time
             * @description The period's end as applied (exclusive).
             * @example 2026-11-21T19:05:00.000Z
             */
            to: string;
            /** @description Every quiz that matches the filters, in course order. */
            quizzes: components["schemas"]["QuizResult"][];
        };
        /**
         * ApiKey
         * @description An API key of the account and environment, never its secret.
         * @example {
         *       "id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
         *       "name": "LMS sync",
         *       "environment": "production",
         *       "scopes": [
         *         "students:write",
         *         "enrollments:write"
         *       ],
         *       "key_hint": "lct_prod_AbCd…wXyZ",
         *       "previous_key_hint": null,
         *       "previous_key_expires_at": null,
         *       "created_at": "2026-11-21T19:00:00.000Z",
         *       "last_used_at": "2026-11-22T10:00:00.000Z",
         *       "expires_at": null,
         *       "revoked_at": null
         *     }
         */
        ApiKey: {
            /** @example key_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            name: string;
            environment: "production" | "development" | "staging";
            /** @description `["*"]` for every scope; a `write` scope also grants its `read`. */
            scopes: ("*" | "courses:read" | "courses:write" | "students:read" | "students:write" | "enrollments:read" | "enrollments:write" | "analytics:read" | "exports:write" | "webhooks:read" | "webhooks:write" | "keys:write" | "lti:read" | "lti:write")[];
            /** @description Marker and first/last 4 characters of the current secret, e.g. lct_prod_AbCd…wXyZ. */
            key_hint: string;
            /** @description While a rotation's grace period runs, the hint (as `key_hint`) of the secret it replaced, which still works; null otherwise. */
            previous_key_hint: string | null;
            /** @description When the secret that `previous_key_hint` names stops working (the end of the grace period); null when no replaced secret works. */
            previous_key_expires_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            last_used_at: string | null;
            expires_at: string | null;
            revoked_at: string | null;
        };
        /**
         * ApiKeyWithSecret
         * @description The answer of create and rotate: the key and, this once, its secret.
         */
        ApiKeyWithSecret: {
            /** @example key_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            name: string;
            environment: "production" | "development" | "staging";
            /** @description `["*"]` for every scope; a `write` scope also grants its `read`. */
            scopes: ("*" | "courses:read" | "courses:write" | "students:read" | "students:write" | "enrollments:read" | "enrollments:write" | "analytics:read" | "exports:write" | "webhooks:read" | "webhooks:write" | "keys:write" | "lti:read" | "lti:write")[];
            /** @description Marker and first/last 4 characters of the current secret, e.g. lct_prod_AbCd…wXyZ. */
            key_hint: string;
            /** @description While a rotation's grace period runs, the hint (as `key_hint`) of the secret it replaced, which still works; null otherwise. */
            previous_key_hint: string | null;
            /** @description When the secret that `previous_key_hint` names stops working (the end of the grace period); null when no replaced secret works. */
            previous_key_expires_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            last_used_at: string | null;
            expires_at: string | null;
            revoked_at: string | null;
            /** @description The full key (`lct_<marker>_<secret>`), shown this once: store it now. Absent when an Idempotency-Key replays the answer, since secrets are not kept. */
            key?: string;
        };
        /**
         * RateLimitWindow
         * @description A sliding window of 60 minutes.
         */
        RateLimitWindow: {
            /** @description Requests allowed in any 60 minutes. */
            limit: number;
            /** @description Requests counted in the window now. */
            used: number;
            /** @description Requests left in the window now. */
            remaining: number;
            /** @description Unix seconds when the oldest counted request stops counting (the X-RateLimit-Reset of this window). */
            reset: number;
            /** @description Window length: 3600. */
            window_seconds: number;
        };
        /**
         * RateLimitBucket
         * @description The burst token bucket.
         */
        RateLimitBucket: {
            /** @description Bucket capacity: the longest burst. */
            limit: number;
            /** @description Whole tokens in the bucket now. */
            remaining: number;
            /** @description Unix seconds when the bucket is full again. */
            reset: number;
            /** @description Tokens added per minute (spread evenly). */
            refill_per_minute: number;
        };
        /**
         * RateLimits
         * @description The calling key's budgets (docs/rate-limits.md).
         */
        RateLimits: {
            /** @description The account's plan: professional, enterprise or custom. */
            plan: string;
            hourly: components["schemas"]["RateLimitWindow"];
            burst: components["schemas"]["RateLimitBucket"];
            /** @description Per-endpoint windows (POST /courses/:id/export; POST /students/bulk, /enrollments/bulk and /courses/import; GET /search/*; POST /imports, where a replayed Idempotency-Key spends none), spent besides the hourly quota. */
            endpoints: {
                export: components["schemas"]["RateLimitWindow"];
                bulk: components["schemas"]["RateLimitWindow"];
                search: components["schemas"]["RateLimitWindow"];
                imports: components["schemas"]["RateLimitWindow"];
            };
        };
        /**
         * WebhookEndpoint
         * @description A URL that receives signed events.
         * @example {
         *       "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
         *       "url": "https://lms.example.com/webhooks/lectern",
         *       "description": "LMS sync",
         *       "events": [
         *         "student.enrolled",
         *         "student.completed_course"
         *       ],
         *       "enabled": true,
         *       "disabled_reason": null,
         *       "secret_hint": "whsec_5lnO…eaA=",
         *       "previous_secret_hint": null,
         *       "previous_secret_expires_at": null,
         *       "created_at": "2026-11-21T19:20:00.000Z",
         *       "updated_at": "2026-11-21T19:20:00.000Z"
         *     }
         */
        WebhookEndpoint: {
            /** @example whe_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            url: string;
            description: string;
            /** @description Event types it receives, or `["*"]` for all. */
            events: ("*" | "course.created" | "course.updated" | "course.deleted" | "course.published" | "course.unpublished" | "module.created" | "module.updated" | "module.deleted" | "lesson.created" | "lesson.updated" | "lesson.deleted" | "student.created" | "student.updated" | "student.deleted" | "student.enrolled" | "student.unenrolled" | "student.completed_lesson" | "student.completed_course" | "quiz.submitted" | "quiz.passed" | "quiz.failed" | "export.completed" | "export.failed" | "import.completed" | "import.failed" | "import.awaiting_confirmation" | "usage.threshold_reached" | "webhook_endpoint.disabled")[];
            /** @description A disabled endpoint receives nothing. */
            enabled: boolean;
            /** @description `failing` when Lectern disabled it after 5 days of failed deliveries; null otherwise. */
            disabled_reason: "failing" | null;
            /** @description The signing secret's `whsec_` prefix with its first and last 4 characters (`whsec_AbCd…wXyZ`), never the secret. */
            secret_hint: string;
            /** @description While a rotation's grace period runs, the hint of the secret it replaced, which still signs every delivery beside the new one; null otherwise. */
            previous_secret_hint: string | null;
            /** @description When the previous secret stops signing (the end of the grace period); null when no previous secret signs. */
            previous_secret_expires_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * WebhookEndpointWithSecret
         * @description The answer of create and rotate-secret: the endpoint and, this once, its signing secret.
         */
        WebhookEndpointWithSecret: {
            /** @example whe_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            url: string;
            description: string;
            /** @description Event types it receives, or `["*"]` for all. */
            events: ("*" | "course.created" | "course.updated" | "course.deleted" | "course.published" | "course.unpublished" | "module.created" | "module.updated" | "module.deleted" | "lesson.created" | "lesson.updated" | "lesson.deleted" | "student.created" | "student.updated" | "student.deleted" | "student.enrolled" | "student.unenrolled" | "student.completed_lesson" | "student.completed_course" | "quiz.submitted" | "quiz.passed" | "quiz.failed" | "export.completed" | "export.failed" | "import.completed" | "import.failed" | "import.awaiting_confirmation" | "usage.threshold_reached" | "webhook_endpoint.disabled")[];
            /** @description A disabled endpoint receives nothing. */
            enabled: boolean;
            /** @description `failing` when Lectern disabled it after 5 days of failed deliveries; null otherwise. */
            disabled_reason: "failing" | null;
            /** @description The signing secret's `whsec_` prefix with its first and last 4 characters (`whsec_AbCd…wXyZ`), never the secret. */
            secret_hint: string;
            /** @description While a rotation's grace period runs, the hint of the secret it replaced, which still signs every delivery beside the new one; null otherwise. */
            previous_secret_hint: string | null;
            /** @description When the previous secret stops signing (the end of the grace period); null when no previous secret signs. */
            previous_secret_expires_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
            /** @description The signing secret (`whsec_…`), shown this once: verify deliveries with it. Absent when an Idempotency-Key replays the answer, since secrets are not kept for replay (rotate to get a new one). */
            secret?: string;
        };
        /**
         * DeliveryAttempt
         * @description One try at sending a delivery.
         */
        DeliveryAttempt: {
            /** @description 1 for the first try. */
            attempt: number;
            /** @description The receiver’s HTTP status; null when no response came. */
            status_code: number | null;
            /** @description From sending to the end of the response (or the failure). */
            latency_ms: number;
            /** @description The first 1,024 characters of the response body. */
            response_excerpt: string;
            /** @description Why no response came (timeout, connection refused, refused address…); null otherwise. */
            error: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            attempted_at: string;
        };
        /**
         * Delivery
         * @description One event sent to one endpoint, with every attempt.
         * @example {
         *       "id": "dlv_01jd4z3w6x7y8z9a0b1c2d3e4f",
         *       "endpoint_id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
         *       "event_id": "evt_01jd4z3w6x7y8z9a0b1c2d3e4e",
         *       "event_type": "webhook_endpoint.test",
         *       "status": "succeeded",
         *       "attempt_count": 1,
         *       "next_attempt_at": null,
         *       "attempts": [
         *         {
         *           "attempt": 1,
         *           "status_code": 204,
         *           "latency_ms": 8,
         *           "response_excerpt": "",
         *           "error": null,
         *           "attempted_at": "2026-11-21T19:21:00.010Z"
         *         }
         *       ],
         *       "created_at": "2026-11-21T19:21:00.000Z",
         *       "updated_at": "2026-11-21T19:21:00.010Z"
         *     }
         */
        Delivery: {
            /** @example dlv_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example whe_01jd4z3k9q8x7v6b5n4m3c2x1z */
            endpoint_id: string;
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            event_id: string;
            /** @enum {string} */
            event_type: "course.created" | "course.updated" | "course.deleted" | "course.published" | "course.unpublished" | "module.created" | "module.updated" | "module.deleted" | "lesson.created" | "lesson.updated" | "lesson.deleted" | "student.created" | "student.updated" | "student.deleted" | "student.enrolled" | "student.unenrolled" | "student.completed_lesson" | "student.completed_course" | "quiz.submitted" | "quiz.passed" | "quiz.failed" | "export.completed" | "export.failed" | "import.completed" | "import.failed" | "import.awaiting_confirmation" | "usage.threshold_reached" | "webhook_endpoint.disabled" | "webhook_endpoint.test";
            /** @description `pending` until a 2xx answer (`succeeded`) or the retry schedule runs out (`failed`). */
            status: "pending" | "succeeded" | "failed";
            attempt_count: number;
            /** @description When a `pending` delivery will be attempted again (automatically, on the retry schedule); null when it will not be: succeeded, or failed for good. */
            next_attempt_at: string | null;
            /** @description Every attempt, oldest first. */
            attempts: components["schemas"]["DeliveryAttempt"][];
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * CourseCreatedEvent
         * @description A course is created. One created with `published: true` sends only this.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "course.created",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Introduction to Algebra",
         *           "description": "Equations, functions and graphs, from the ground up.",
         *           "published": true,
         *           "enrollment_count": 42,
         *           "external_id": "sis-alg-101",
         *           "metadata": {
         *             "level": "beginner"
         *           },
         *           "created_at": "2026-11-21T19:05:00.000Z",
         *           "updated_at": "2026-11-22T08:30:00.000Z"
         *         }
         *       }
         *     }
         */
        CourseCreatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "course.created";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Course"];
            };
        };
        /**
         * CourseUpdatedEvent
         * @description An update sets any field other than `published`, even to its current value. Changes of `enrollment_count` send nothing.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "course.updated",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Introduction to Algebra",
         *           "description": "Equations, functions and graphs, from the ground up.",
         *           "published": true,
         *           "enrollment_count": 42,
         *           "external_id": "sis-alg-101",
         *           "metadata": {
         *             "level": "beginner"
         *           },
         *           "created_at": "2026-11-21T19:05:00.000Z",
         *           "updated_at": "2026-11-22T08:30:00.000Z"
         *         }
         *       }
         *     }
         */
        CourseUpdatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "course.updated";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Course"];
            };
        };
        /**
         * CourseDeletedEvent
         * @description A course is deleted (the object as it was). Its modules, lessons and enrollments go without events of their own.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "course.deleted",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Introduction to Algebra",
         *           "description": "Equations, functions and graphs, from the ground up.",
         *           "published": true,
         *           "enrollment_count": 42,
         *           "external_id": "sis-alg-101",
         *           "metadata": {
         *             "level": "beginner"
         *           },
         *           "created_at": "2026-11-21T19:05:00.000Z",
         *           "updated_at": "2026-11-22T08:30:00.000Z"
         *         }
         *       }
         *     }
         */
        CourseDeletedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "course.deleted";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Course"];
            };
        };
        /**
         * CoursePublishedEvent
         * @description `published` flips from false to true (POST /courses/{id}/publish, or an update).
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "course.published",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Introduction to Algebra",
         *           "description": "Equations, functions and graphs, from the ground up.",
         *           "published": true,
         *           "enrollment_count": 42,
         *           "external_id": "sis-alg-101",
         *           "metadata": {
         *             "level": "beginner"
         *           },
         *           "created_at": "2026-11-21T19:05:00.000Z",
         *           "updated_at": "2026-11-22T08:30:00.000Z"
         *         }
         *       }
         *     }
         */
        CoursePublishedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "course.published";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Course"];
            };
        };
        /**
         * CourseUnpublishedEvent
         * @description `published` flips from true to false.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "course.unpublished",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Introduction to Algebra",
         *           "description": "Equations, functions and graphs, from the ground up.",
         *           "published": true,
         *           "enrollment_count": 42,
         *           "external_id": "sis-alg-101",
         *           "metadata": {
         *             "level": "beginner"
         *           },
         *           "created_at": "2026-11-21T19:05:00.000Z",
         *           "updated_at": "2026-11-22T08:30:00.000Z"
         *         }
         *       }
         *     }
         */
        CourseUnpublishedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "course.unpublished";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Course"];
            };
        };
        /**
         * ModuleCreatedEvent
         * @description A module is created.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "module.created",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Linear equations",
         *           "description": "Solving for x.",
         *           "position": 0,
         *           "created_at": "2026-11-21T19:06:00.000Z",
         *           "updated_at": "2026-11-21T19:06:00.000Z"
         *         }
         *       }
         *     }
         */
        ModuleCreatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "module.created";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Module"];
            };
        };
        /**
         * ModuleUpdatedEvent
         * @description A module update with a non-empty body, also a move. Modules shifted as a consequence send nothing.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "module.updated",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Linear equations",
         *           "description": "Solving for x.",
         *           "position": 0,
         *           "created_at": "2026-11-21T19:06:00.000Z",
         *           "updated_at": "2026-11-21T19:06:00.000Z"
         *         }
         *       }
         *     }
         */
        ModuleUpdatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "module.updated";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Module"];
            };
        };
        /**
         * ModuleDeletedEvent
         * @description A module is deleted (the object as it was). Its lessons go without events.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "module.deleted",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "Linear equations",
         *           "description": "Solving for x.",
         *           "position": 0,
         *           "created_at": "2026-11-21T19:06:00.000Z",
         *           "updated_at": "2026-11-21T19:06:00.000Z"
         *         }
         *       }
         *     }
         */
        ModuleDeletedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "module.deleted";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Module"];
            };
        };
        /**
         * LessonCreatedEvent
         * @description A lesson is created. The quiz comes without answers.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "lesson.created",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
         *           "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "What is an equation?",
         *           "type": "text",
         *           "content": "# Equations\nAn equation says that two expressions are equal.",
         *           "video_url": null,
         *           "duration_seconds": 300,
         *           "position": 0,
         *           "quiz": null,
         *           "created_at": "2026-11-21T19:07:00.000Z",
         *           "updated_at": "2026-11-21T19:07:00.000Z"
         *         }
         *       }
         *     }
         */
        LessonCreatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "lesson.created";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Lesson"];
            };
        };
        /**
         * LessonUpdatedEvent
         * @description A lesson update with a non-empty body, also a move. The quiz comes without answers.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "lesson.updated",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
         *           "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "What is an equation?",
         *           "type": "text",
         *           "content": "# Equations\nAn equation says that two expressions are equal.",
         *           "video_url": null,
         *           "duration_seconds": 300,
         *           "position": 0,
         *           "quiz": null,
         *           "created_at": "2026-11-21T19:07:00.000Z",
         *           "updated_at": "2026-11-21T19:07:00.000Z"
         *         }
         *       }
         *     }
         */
        LessonUpdatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "lesson.updated";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Lesson"];
            };
        };
        /**
         * LessonDeletedEvent
         * @description A lesson is deleted (the object as it was, quiz without answers).
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "lesson.deleted",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
         *           "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "title": "What is an equation?",
         *           "type": "text",
         *           "content": "# Equations\nAn equation says that two expressions are equal.",
         *           "video_url": null,
         *           "duration_seconds": 300,
         *           "position": 0,
         *           "quiz": null,
         *           "created_at": "2026-11-21T19:07:00.000Z",
         *           "updated_at": "2026-11-21T19:07:00.000Z"
         *         }
         *       }
         *     }
         */
        LessonDeletedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "lesson.deleted";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Lesson"];
            };
        };
        /**
         * StudentCreatedEvent
         * @description A student is created, by POST /students or, one event per created record, by POST /students/bulk.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "student.created",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "email": "ada@example.com",
         *           "name": "Ada Lovelace",
         *           "external_id": "sis-1815",
         *           "status": "active",
         *           "metadata": {
         *             "cohort": "2026-autumn"
         *           },
         *           "created_at": "2026-11-21T19:10:00.000Z",
         *           "updated_at": "2026-11-21T19:10:00.000Z"
         *         }
         *       }
         *     }
         */
        StudentCreatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "student.created";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Student"];
            };
        };
        /**
         * StudentUpdatedEvent
         * @description A student update with a non-empty body.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "student.updated",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "email": "ada@example.com",
         *           "name": "Ada Lovelace",
         *           "external_id": "sis-1815",
         *           "status": "active",
         *           "metadata": {
         *             "cohort": "2026-autumn"
         *           },
         *           "created_at": "2026-11-21T19:10:00.000Z",
         *           "updated_at": "2026-11-21T19:10:00.000Z"
         *         }
         *       }
         *     }
         */
        StudentUpdatedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "student.updated";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Student"];
            };
        };
        /**
         * StudentDeletedEvent
         * @description A student is erased (the object as it was). Their enrollments, progress and attempts go without events.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "student.deleted",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "email": "ada@example.com",
         *           "name": "Ada Lovelace",
         *           "external_id": "sis-1815",
         *           "status": "active",
         *           "metadata": {
         *             "cohort": "2026-autumn"
         *           },
         *           "created_at": "2026-11-21T19:10:00.000Z",
         *           "updated_at": "2026-11-21T19:10:00.000Z"
         *         }
         *       }
         *     }
         */
        StudentDeletedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "student.deleted";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Student"];
            };
        };
        /**
         * StudentEnrolledEvent
         * @description An enrollment is created or a cancelled one reactivated (POST /enrollments, and one per enrolled record of POST /enrollments/bulk); status `active`.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "student.enrolled",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
         *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "status": "active",
         *           "progress_percent": 50,
         *           "score": 75,
         *           "enrolled_at": "2026-11-21T19:15:00.000Z",
         *           "completed_at": null,
         *           "created_at": "2026-11-21T19:15:00.000Z",
         *           "updated_at": "2026-11-22T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        StudentEnrolledEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "student.enrolled";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Enrollment"];
            };
        };
        /**
         * StudentUnenrolledEvent
         * @description An active or completed enrollment is cancelled (DELETE /enrollments/{id}); status `cancelled`.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "student.unenrolled",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
         *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "status": "cancelled",
         *           "progress_percent": 50,
         *           "score": 75,
         *           "enrolled_at": "2026-11-21T19:15:00.000Z",
         *           "completed_at": null,
         *           "created_at": "2026-11-21T19:15:00.000Z",
         *           "updated_at": "2026-11-22T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        StudentUnenrolledEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "student.unenrolled";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Enrollment"];
            };
        };
        /**
         * StudentCompletedLessonEvent
         * @description A lesson becomes completed for a student for the first time: progress recorded as completed, or a passed quiz attempt.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "student.completed_lesson",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "lesson_id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "status": "completed",
         *           "time_spent_seconds": 420,
         *           "started_at": "2026-11-22T09:53:00.000Z",
         *           "completed_at": "2026-11-22T10:00:00.000Z",
         *           "last_activity_at": "2026-11-22T10:00:00.000Z",
         *           "enrollment": {
         *             "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
         *             "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *             "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *             "status": "active",
         *             "progress_percent": 50,
         *             "score": 75,
         *             "enrolled_at": "2026-11-21T19:15:00.000Z",
         *             "completed_at": null,
         *             "created_at": "2026-11-21T19:15:00.000Z",
         *             "updated_at": "2026-11-22T10:00:00.000Z"
         *           }
         *         }
         *       }
         *     }
         */
        StudentCompletedLessonEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "student.completed_lesson";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Progress"];
            };
        };
        /**
         * StudentCompletedCourseEvent
         * @description An enrollment turns from active to completed (status `completed`), sent with the student.completed_lesson that caused it.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "student.completed_course",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
         *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "status": "completed",
         *           "progress_percent": 100,
         *           "score": 75,
         *           "enrolled_at": "2026-11-21T19:15:00.000Z",
         *           "completed_at": "2026-11-22T10:00:00.000Z",
         *           "created_at": "2026-11-21T19:15:00.000Z",
         *           "updated_at": "2026-11-22T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        StudentCompletedCourseEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "student.completed_course";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Enrollment"];
            };
        };
        /**
         * QuizSubmittedEvent
         * @description Every quiz attempt.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "quiz.submitted",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "att_01jd4z3s7t8v9w0x1y2z3a4b5c",
         *           "lesson_id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
         *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "score": 100,
         *           "passed": true,
         *           "per_question": [
         *             {
         *               "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
         *               "correct": true
         *             },
         *             {
         *               "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
         *               "correct": true
         *             }
         *           ],
         *           "created_at": "2026-11-22T10:05:00.000Z"
         *         }
         *       }
         *     }
         */
        QuizSubmittedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "quiz.submitted";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["QuizAttempt"];
            };
        };
        /**
         * QuizPassedEvent
         * @description With quiz.submitted, for an attempt with `passed: true`.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "quiz.passed",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "att_01jd4z3s7t8v9w0x1y2z3a4b5c",
         *           "lesson_id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
         *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "score": 100,
         *           "passed": true,
         *           "per_question": [
         *             {
         *               "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
         *               "correct": true
         *             },
         *             {
         *               "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
         *               "correct": true
         *             }
         *           ],
         *           "created_at": "2026-11-22T10:05:00.000Z"
         *         }
         *       }
         *     }
         */
        QuizPassedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "quiz.passed";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["QuizAttempt"];
            };
        };
        /**
         * QuizFailedEvent
         * @description With quiz.submitted, for an attempt with `passed: false`.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "quiz.failed",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "att_01jd4z3s7t8v9w0x1y2z3a4b5c",
         *           "lesson_id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
         *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "score": 50,
         *           "passed": false,
         *           "per_question": [
         *             {
         *               "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
         *               "correct": true
         *             },
         *             {
         *               "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
         *               "correct": true
         *             }
         *           ],
         *           "created_at": "2026-11-22T10:05:00.000Z"
         *         }
         *       }
         *     }
         */
        QuizFailedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "quiz.failed";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["QuizAttempt"];
            };
        };
        /**
         * ExportCompletedEvent
         * @description A course export has succeeded: its file can be downloaded from `download_url`.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "export.completed",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "exp_01jd4z3x9y0z1a2b3c4d5e6f7g",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "format": "imscc",
         *           "status": "succeeded",
         *           "created_at": "2026-11-22T11:00:00.000Z",
         *           "completed_at": "2026-11-22T11:00:02.000Z",
         *           "download_url": "/api/v1/exports/exp_01jd4z3x9y0z1a2b3c4d5e6f7g/download",
         *           "expires_at": "2026-11-29T11:00:02.000Z",
         *           "size_bytes": 48213,
         *           "error": null
         *         }
         *       }
         *     }
         */
        ExportCompletedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "export.completed";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Export"];
            };
        };
        /**
         * ExportFailedEvent
         * @description A course export has failed; `error` says why.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "export.failed",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "exp_01jd4z3x9y0z1a2b3c4d5e6f7g",
         *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *           "format": "imscc",
         *           "status": "failed",
         *           "created_at": "2026-11-22T11:00:00.000Z",
         *           "completed_at": "2026-11-22T11:00:02.000Z",
         *           "download_url": null,
         *           "expires_at": null,
         *           "size_bytes": null,
         *           "error": {
         *             "code": "internal_error",
         *             "message": "The export could not be built"
         *           }
         *         }
         *       }
         *     }
         */
        ExportFailedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "export.failed";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Export"];
            };
        };
        /**
         * ImportCompletedEvent
         * @description A roster import has finished: `succeeded`, or `succeeded_with_errors` when some rows failed (GET its `results_url` for them). Also for a dry run.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "import.completed",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *           "status": "succeeded_with_errors",
         *           "format": "zip",
         *           "type": null,
         *           "mode": "upsert",
         *           "sync": "full",
         *           "source": "sis-nightly",
         *           "dry_run": false,
         *           "max_delete_percent": 10,
         *           "progress": {
         *             "done": 20000,
         *             "total": 20000
         *           },
         *           "counts": {
         *             "created": 120,
         *             "updated": 35,
         *             "unchanged": 19840,
         *             "deactivated": 4,
         *             "failed": 5,
         *             "skipped": 0
         *           },
         *           "pending_deactivation": {
         *             "students": 3,
         *             "enrollments": 1,
         *             "total": 4,
         *             "of": 19900,
         *             "percent": 0.02
         *           },
         *           "error": null,
         *           "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
         *           "created_at": "2026-11-29T02:00:00.000Z",
         *           "updated_at": "2026-11-29T02:00:09.000Z",
         *           "started_at": "2026-11-29T02:00:00.100Z",
         *           "completed_at": "2026-11-29T02:00:09.000Z"
         *         }
         *       }
         *     }
         */
        ImportCompletedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "import.completed";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Import"];
            };
        };
        /**
         * ImportFailedEvent
         * @description A roster import has failed (`error` says why); nothing of it was written, unless `error.message` says how far it got.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "import.failed",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *           "status": "failed",
         *           "format": "zip",
         *           "type": null,
         *           "mode": "upsert",
         *           "sync": "full",
         *           "source": "sis-nightly",
         *           "dry_run": false,
         *           "max_delete_percent": 10,
         *           "progress": {
         *             "done": 0,
         *             "total": null
         *           },
         *           "counts": {
         *             "created": 0,
         *             "updated": 0,
         *             "unchanged": 0,
         *             "deactivated": 0,
         *             "failed": 0,
         *             "skipped": 0
         *           },
         *           "pending_deactivation": null,
         *           "error": {
         *             "code": "invalid_encoding",
         *             "message": "The file is not valid UTF-8 (line 7); save it as UTF-8 and import it again",
         *             "file": "students.csv",
         *             "line": 7
         *           },
         *           "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
         *           "created_at": "2026-11-29T02:00:00.000Z",
         *           "updated_at": "2026-11-29T02:00:09.000Z",
         *           "started_at": "2026-11-29T02:00:00.100Z",
         *           "completed_at": "2026-11-29T02:00:09.000Z"
         *         }
         *       }
         *     }
         */
        ImportFailedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "import.failed";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Import"];
            };
        };
        /**
         * ImportAwaitingConfirmationEvent
         * @description A full sync would deactivate more than its `max_delete_percent`: it waits, with nothing changed, for POST /imports/{id}/confirm or /cancel.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "import.awaiting_confirmation",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *           "status": "awaiting_confirmation",
         *           "format": "zip",
         *           "type": null,
         *           "mode": "upsert",
         *           "sync": "full",
         *           "source": "sis-nightly",
         *           "dry_run": false,
         *           "max_delete_percent": 10,
         *           "progress": {
         *             "done": 0,
         *             "total": 20000
         *           },
         *           "counts": {
         *             "created": 0,
         *             "updated": 0,
         *             "unchanged": 0,
         *             "deactivated": 0,
         *             "failed": 0,
         *             "skipped": 0
         *           },
         *           "pending_deactivation": {
         *             "students": 2500,
         *             "enrollments": 0,
         *             "total": 2500,
         *             "of": 10000,
         *             "percent": 25
         *           },
         *           "error": null,
         *           "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
         *           "created_at": "2026-11-29T02:00:00.000Z",
         *           "updated_at": "2026-11-29T02:00:09.000Z",
         *           "started_at": "2026-11-29T02:00:00.100Z",
         *           "completed_at": null
         *         }
         *       }
         *     }
         */
        ImportAwaitingConfirmationEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "import.awaiting_confirmation";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["Import"];
            };
        };
        /**
         * UsageThresholdReachedEvent
         * @description A key reached 80% of its hourly quota within a clock hour: once per key and hour (docs/api.md, "Usage").
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "usage.threshold_reached",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "key_id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
         *           "key_name": "LMS sync",
         *           "environment": "production",
         *           "hour": "2026-11-22T10:00:00.000Z",
         *           "requests": 800,
         *           "hourly_quota": 1000,
         *           "threshold_percent": 80
         *         }
         *       }
         *     }
         */
        UsageThresholdReachedEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "usage.threshold_reached";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["UsageAlert"];
            };
        };
        /**
         * WebhookEndpointDisabledEvent
         * @description Lectern disabled an endpoint that kept failing; delivered to the workspace's other endpoints that subscribe to it.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "webhook_endpoint.disabled",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
         *           "url": "https://lms.example.com/webhooks/lectern",
         *           "description": "LMS sync",
         *           "events": [
         *             "student.enrolled",
         *             "student.completed_course"
         *           ],
         *           "enabled": false,
         *           "disabled_reason": "failing",
         *           "secret_hint": "whsec_5lnO…eaA=",
         *           "previous_secret_hint": null,
         *           "previous_secret_expires_at": null,
         *           "created_at": "2026-11-21T19:20:00.000Z",
         *           "updated_at": "2026-11-21T19:20:00.000Z"
         *         }
         *       }
         *     }
         */
        WebhookEndpointDisabledEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "webhook_endpoint.disabled";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["WebhookEndpoint"];
            };
        };
        /**
         * WebhookEndpointTestEvent
         * @description POST /webhook-endpoints/{id}/test: goes only to that endpoint (also when disabled); cannot be subscribed to.
         * @example {
         *       "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "type": "webhook_endpoint.test",
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
         *           "url": "https://lms.example.com/webhooks/lectern",
         *           "description": "LMS sync",
         *           "events": [
         *             "student.enrolled",
         *             "student.completed_course"
         *           ],
         *           "enabled": true,
         *           "disabled_reason": null,
         *           "secret_hint": "whsec_5lnO…eaA=",
         *           "previous_secret_hint": null,
         *           "previous_secret_expires_at": null,
         *           "created_at": "2026-11-21T19:20:00.000Z",
         *           "updated_at": "2026-11-21T19:20:00.000Z"
         *         }
         *       }
         *     }
         */
        WebhookEndpointTestEvent: {
            /** @example evt_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @enum {string} */
            type: "webhook_endpoint.test";
            /**
             * Format: date-time
             * @description When the change was committed.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /** @description `object`: the resource as the API returns it after the change (before it, for `*.deleted`). */
            data: {
                object: components["schemas"]["WebhookEndpoint"];
            };
        };
        /** @description The payload of a webhook delivery, and an entry of the event log; `type` tells what `data.object` is (docs/webhooks.md). */
        Event: components["schemas"]["CourseCreatedEvent"] | components["schemas"]["CourseUpdatedEvent"] | components["schemas"]["CourseDeletedEvent"] | components["schemas"]["CoursePublishedEvent"] | components["schemas"]["CourseUnpublishedEvent"] | components["schemas"]["ModuleCreatedEvent"] | components["schemas"]["ModuleUpdatedEvent"] | components["schemas"]["ModuleDeletedEvent"] | components["schemas"]["LessonCreatedEvent"] | components["schemas"]["LessonUpdatedEvent"] | components["schemas"]["LessonDeletedEvent"] | components["schemas"]["StudentCreatedEvent"] | components["schemas"]["StudentUpdatedEvent"] | components["schemas"]["StudentDeletedEvent"] | components["schemas"]["StudentEnrolledEvent"] | components["schemas"]["StudentUnenrolledEvent"] | components["schemas"]["StudentCompletedLessonEvent"] | components["schemas"]["StudentCompletedCourseEvent"] | components["schemas"]["QuizSubmittedEvent"] | components["schemas"]["QuizPassedEvent"] | components["schemas"]["QuizFailedEvent"] | components["schemas"]["ExportCompletedEvent"] | components["schemas"]["ExportFailedEvent"] | components["schemas"]["ImportCompletedEvent"] | components["schemas"]["ImportFailedEvent"] | components["schemas"]["ImportAwaitingConfirmationEvent"] | components["schemas"]["UsageThresholdReachedEvent"] | components["schemas"]["WebhookEndpointDisabledEvent"] | components["schemas"]["WebhookEndpointTestEvent"];
        /**
         * UsageCounts
         * @description API requests by status class: 4xx excludes 429, which is counted on its own.
         * @example {
         *       "requests": 1250,
         *       "status_2xx": 1200,
         *       "status_4xx": 30,
         *       "status_429": 15,
         *       "status_5xx": 5
         *     }
         */
        UsageCounts: {
            /** @description Every API request answered, whatever its status, made with a key of the workspace: unknown routes and the 401s of revoked or expired keys included. */
            requests: number;
            /** @description Answered 2xx. */
            status_2xx: number;
            /** @description Answered 4xx other than 429. */
            status_4xx: number;
            /** @description Refused by a rate limit (429). */
            status_429: number;
            /** @description Answered 5xx. */
            status_5xx: number;
        };
        /**
         * UsageBucket
         * @description One hour or one UTC day of usage.
         * @example {
         *       "start": "2026-11-22T10:00:00.000Z",
         *       "requests": 52,
         *       "status_2xx": 48,
         *       "status_4xx": 3,
         *       "status_429": 1,
         *       "status_5xx": 0
         *     }
         */
        UsageBucket: {
            /**
             * Format: date-time
             * @description Start of the hour or UTC day.
             * @example 2026-11-21T19:05:00.000Z
             */
            start: string;
            /** @description Every API request answered, whatever its status, made with a key of the workspace: unknown routes and the 401s of revoked or expired keys included. */
            requests: number;
            /** @description Answered 2xx. */
            status_2xx: number;
            /** @description Answered 4xx other than 429. */
            status_4xx: number;
            /** @description Refused by a rate limit (429). */
            status_429: number;
            /** @description Answered 5xx. */
            status_5xx: number;
        };
        /**
         * KeyUsage
         * @description One key's usage over the whole range.
         * @example {
         *       "key_id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
         *       "key_name": "LMS sync",
         *       "requests": 52,
         *       "status_2xx": 48,
         *       "status_4xx": 3,
         *       "status_429": 1,
         *       "status_5xx": 0
         *     }
         */
        KeyUsage: {
            /** @example key_01jd4z3k9q8x7v6b5n4m3c2x1z */
            key_id: string;
            /** @description The key's current name; null when the key no longer exists. */
            key_name: string | null;
            /** @description Every API request answered, whatever its status, made with a key of the workspace: unknown routes and the 401s of revoked or expired keys included. */
            requests: number;
            /** @description Answered 2xx. */
            status_2xx: number;
            /** @description Answered 4xx other than 429. */
            status_4xx: number;
            /** @description Refused by a rate limit (429). */
            status_429: number;
            /** @description Answered 5xx. */
            status_5xx: number;
        };
        /**
         * Usage
         * @description API requests of the workspace per hour or day, by status class (docs/api.md, "Usage").
         * @example {
         *       "granularity": "hour",
         *       "from": "2026-11-22T10:00:00.000Z",
         *       "to": "2026-11-22T12:00:00.000Z",
         *       "key_id": null,
         *       "totals": {
         *         "requests": 52,
         *         "status_2xx": 48,
         *         "status_4xx": 3,
         *         "status_429": 1,
         *         "status_5xx": 0
         *       },
         *       "buckets": [
         *         {
         *           "start": "2026-11-22T10:00:00.000Z",
         *           "requests": 52,
         *           "status_2xx": 48,
         *           "status_4xx": 3,
         *           "status_429": 1,
         *           "status_5xx": 0
         *         },
         *         {
         *           "start": "2026-11-22T11:00:00.000Z",
         *           "requests": 0,
         *           "status_2xx": 0,
         *           "status_4xx": 0,
         *           "status_429": 0,
         *           "status_5xx": 0
         *         }
         *       ],
         *       "keys": [
         *         {
         *           "key_id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
         *           "key_name": "LMS sync",
         *           "requests": 52,
         *           "status_2xx": 48,
         *           "status_4xx": 3,
         *           "status_429": 1,
         *           "status_5xx": 0
         *         }
         *       ]
         *     }
         */
        Usage: {
            /** @description `hour` (default; the last 24 hours) or `day` (the last 30 UTC days). */
            granularity: "hour" | "day";
            /**
             * Format: date-time
             * @description Start of the first bucket (`from` rounded down to the hour or day).
             * @example 2026-11-21T19:05:00.000Z
             */
            from: string;
            /**
             * Format: date-time
             * @description End of the last bucket (exclusive).
             * @example 2026-11-21T19:05:00.000Z
             */
            to: string;
            /** @description The key asked for; null for every key of the workspace. */
            key_id: string | null;
            totals: components["schemas"]["UsageCounts"];
            /** @description Every hour or day of the range, oldest first; zeros included. */
            buckets: components["schemas"]["UsageBucket"][];
            /** @description Each key with any request in the range, most requests first. */
            keys: components["schemas"]["KeyUsage"][];
        };
        /**
         * UsageAlert
         * @description A key reached a share of its hourly quota within a clock hour (counted from its usage).
         * @example {
         *       "key_id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
         *       "key_name": "LMS sync",
         *       "environment": "production",
         *       "hour": "2026-11-22T10:00:00.000Z",
         *       "requests": 800,
         *       "hourly_quota": 1000,
         *       "threshold_percent": 80
         *     }
         */
        UsageAlert: {
            /** @example key_01jd4z3k9q8x7v6b5n4m3c2x1z */
            key_id: string;
            key_name: string;
            environment: "production" | "development" | "staging";
            /**
             * Format: date-time
             * @description Start of the clock hour (UTC) in which the key reached the threshold.
             * @example 2026-11-21T19:05:00.000Z
             */
            hour: string;
            /** @description The key's requests in that hour when the alert was recorded. */
            requests: number;
            /** @description The key's hourly quota. */
            hourly_quota: number;
            /** @description The share of the quota reached (80). */
            threshold_percent: number;
        };
        /**
         * RequestLog
         * @description A failed API request (4xx or 5xx) made with a key of the workspace, kept 7 days: also an unknown route's 404 and the 401 of a revoked or expired key. Headers, bodies and keys are never recorded.
         * @example {
         *       "request_id": "req_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "key_id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
         *       "key_name": "LMS sync",
         *       "method": "GET",
         *       "route": "/api/v1/courses/:id",
         *       "status": 404,
         *       "error_code": "resource_not_found",
         *       "latency_ms": 3,
         *       "created_at": "2026-11-22T10:00:00.000Z"
         *     }
         */
        RequestLog: {
            /**
             * @description The request's X-Request-Id (and `error.request_id` of its answer).
             * @example req_01jd4z3k9q8x7v6b5n4m3c2x1z
             */
            request_id: string;
            /**
             * @description The API key that made the request: a valid one, or one refused as revoked, expired or rotated out.
             * @example key_01jd4z3k9q8x7v6b5n4m3c2x1z
             */
            key_id: string;
            /** @description The key's current name; null when the key no longer exists. */
            key_name: string | null;
            /** @description HTTP method. */
            method: string;
            /** @description The route pattern (`/api/v1/courses/:id`): never the ids, query or body of the request. `unmatched` for a request that matched no route (404 of an unknown path, 405). */
            route: string;
            status: number;
            /** @description `error.code` of the answer. */
            error_code: string | null;
            /** @description Time from the request's arrival to its answer, in whole milliseconds. */
            latency_ms: number;
            /**
             * Format: date-time
             * @description When the request was answered.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
        };
        /**
         * LtiRegistration
         * @description An LMS (LTI 1.3 platform) this workspace trusts: its launches of Lectern are accepted. Found by (`issuer`, `client_id`).
         * @example {
         *       "id": "ltr_01jd4z3v3w4x5y6z7a8b9c0d1e",
         *       "issuer": "https://canvas.instructure.com",
         *       "client_id": "10000000000042",
         *       "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
         *       "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
         *       "jwks_url": "https://sso.canvaslms.com/api/lti/security/jwks",
         *       "deployment_ids": [
         *         "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
         *       ],
         *       "unknown_deployments": "accept",
         *       "student_id_claim": null,
         *       "created_at": "2026-11-28T13:00:00.000Z",
         *       "updated_at": "2026-11-28T13:00:00.000Z"
         *     }
         */
        LtiRegistration: {
            /** @example ltr_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @description The platform's issuer (`iss`). */
            issuer: string;
            /** @description Lectern's client id at the platform. */
            client_id: string;
            /** @description The platform's OIDC authorization endpoint. */
            auth_login_url: string;
            /** @description The platform's OAuth 2 token endpoint (grades, rosters). */
            auth_token_url: string;
            /** @description The platform's public keys. */
            jwks_url: string;
            /** @description The deployment ids known for this platform, in the order they became known (given, or recorded by launches). */
            deployment_ids: string[];
            /** @description A launch with a deployment id not in `deployment_ids`: `accept` (default) records it and goes on, `reject` refuses the launch. */
            unknown_deployments: "accept" | "reject";
            /** @description The id_token claim whose value becomes the student's `external_id` (a top-level claim, e.g. `email` or a platform's own claim URI); null (default) for `lti:<iss>:<sub>`. */
            student_id_claim: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * LtiRegistrationLink
         * @description A one-time LTI Dynamic Registration URL bound to this workspace.
         * @example {
         *       "url": "https://lectern.school.example/lti/register?link=q5m1Yy0dZr5b0hD6cT1mCq5m1Yy0dZr5b0hD6cT1mCq",
         *       "expires_at": "2026-12-05T13:00:00.000Z"
         *     }
         */
        LtiRegistrationLink: {
            /** @description Paste it into the LMS as the Dynamic Registration URL. It registers one platform in this workspace, once; shown only in this answer. Absent when an Idempotency-Key replays the answer, since the link is not kept for replay (make another). */
            url?: string;
            /**
             * Format: date-time
             * @description After this the link registers nothing.
             * @example 2026-11-21T19:05:00.000Z
             */
            expires_at: string;
        };
        /**
         * LtiJwks
         * @description A JSON Web Key Set (RFC 7517) of the tool's public signing keys; never a private part.
         * @example {
         *       "keys": [
         *         {
         *           "kty": "RSA",
         *           "n": "sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1WlUzewbgBHod5pcM9H95GQRV3JDXboIRROSBigeC5yjU1hGzHHyXss8UDprecbAYxknTcQkhslANGRUZmdTOQ5qTRsLAt6BTYuyvVRdhS8exSZEy_c4gs_7svlJJQ4H9_NxsiIoLwAEk7-Q3UXERGYw_75IDrGA84-lA_-Ct4eTlXHBIY2EaV7t7LjJaynVJCpkv4LKjTTAumiGUIuQhrNhZLuF_RJLqHpM2kgWFLU7-VTdL1VbC2tejvcI2BlMkEpk1BzBZI0KQB0GaDWFLN-aEAw3vRw",
         *           "e": "AQAB",
         *           "kid": "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs",
         *           "alg": "RS256",
         *           "use": "sig"
         *         }
         *       ]
         *     }
         */
        LtiJwks: {
            /** @description The current key first, then the previous one (for a while after `lectern lti rotate-key`). */
            keys: {
                /** @enum {string} */
                kty: "RSA";
                /** @description The modulus, base64url. */
                n: string;
                /** @description The public exponent, base64url. */
                e: string;
                /** @description The key id, as the `kid` header of every JWT it signs (its RFC 7638 thumbprint). */
                kid: string;
                /** @enum {string} */
                alg: "RS256";
                /** @enum {string} */
                use: "sig";
            }[];
        };
        /**
         * LtiGradeSend
         * @description A score sent (or to be sent) to a platform’s line item (LTI AGS).
         * @example {
         *       "id": "lgs_01jd4z3r4s5t6v7w8x9y0z1a2b",
         *       "registration_id": "ltr_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "launch_id": "lla_01jd4z3m1n2p3q4r5s6t7v8w9x",
         *       "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
         *       "lineitem_url": "https://school.instructure.com/api/lti/courses/12/line_items/34",
         *       "user_id": "a6d5c443-1f51-4783-ba1a-7686ffe3b54a",
         *       "score_given": 83.5,
         *       "score_maximum": 100,
         *       "activity_progress": "InProgress",
         *       "grading_progress": "FullyGraded",
         *       "timestamp": "2026-11-28T14:20:00.000Z",
         *       "status": "pending",
         *       "attempt_count": 1,
         *       "next_attempt_at": "2026-11-28T14:21:00.000Z",
         *       "last_status_code": 503,
         *       "last_error": "HTTP 503",
         *       "created_at": "2026-11-28T14:20:00.000Z",
         *       "updated_at": "2026-11-28T14:20:01.000Z"
         *     }
         */
        LtiGradeSend: {
            /** @example lgs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @example ltr_01jd4z3k9q8x7v6b5n4m3c2x1z */
            registration_id: string;
            /**
             * @description The launch whose AGS claim named the line item.
             * @example lla_01jd4z3k9q8x7v6b5n4m3c2x1z
             */
            launch_id: string;
            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
            student_id: string;
            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
            course_id: string;
            /** @description The line item, as the launch gave it; the score goes to it with `/scores` added to its path. */
            lineitem_url: string;
            /** @description The platform’s user id (`sub` of the launch): the score’s `userId`. */
            user_id: string;
            /** @description The course score (docs/lti.md, "Grades (AGS)"). */
            score_given: number;
            /** @description Always 100. */
            score_maximum: number;
            /** @description `Completed` once the enrollment is completed. */
            activity_progress: "InProgress" | "Completed";
            /** @enum {string} */
            grading_progress: "FullyGraded";
            /**
             * Format: date-time
             * @description When the score was worked out: the score’s `timestamp`.
             * @example 2026-11-21T19:05:00.000Z
             */
            timestamp: string;
            /** @description `pending` until the platform accepts the score (`succeeded`), answers a 4xx other than 429 or the retry schedule runs out (`failed`); `superseded` when a newer score for the same line item and user came before this one was sent (the newer one is sent instead). */
            status: "pending" | "succeeded" | "failed" | "superseded";
            attempt_count: number;
            /** @description When a `pending` send is attempted (again); null once it is over. */
            next_attempt_at: string | null;
            /** @description The HTTP status of the last answer (the token endpoint’s when no token could be had); null when none came back. */
            last_status_code: number | null;
            /** @description Why the last attempt failed (no response body, no token); null after a success. */
            last_error: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
        };
        /**
         * ImportCounts
         * @description What the rows came to, over all rows of every type.
         */
        ImportCounts: {
            /** @description Rows that made a new object. */
            created: number;
            /** @description Rows that changed an existing object (a reactivation included). */
            updated: number;
            /** @description Rows whose object already looked like the row: not written, no event, `updated_at` kept. */
            unchanged: number;
            /** @description Objects a full sync deactivated (students `inactive`, enrollments `cancelled`): not rows of the file. */
            deactivated: number;
            /** @description Rows that failed; the results say why. */
            failed: number;
            /** @description Rows the mode passed over (`create_only`: the object exists; `update_only`: it does not). */
            skipped: number;
        };
        /**
         * Import
         * @description A roster import (docs/imports.md).
         * @example {
         *       "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
         *       "status": "succeeded_with_errors",
         *       "format": "zip",
         *       "type": null,
         *       "mode": "upsert",
         *       "sync": "full",
         *       "source": "sis-nightly",
         *       "dry_run": false,
         *       "max_delete_percent": 10,
         *       "progress": {
         *         "done": 20000,
         *         "total": 20000
         *       },
         *       "counts": {
         *         "created": 120,
         *         "updated": 35,
         *         "unchanged": 19840,
         *         "deactivated": 4,
         *         "failed": 5,
         *         "skipped": 0
         *       },
         *       "pending_deactivation": {
         *         "students": 3,
         *         "enrollments": 1,
         *         "total": 4,
         *         "of": 19900,
         *         "percent": 0.02
         *       },
         *       "error": null,
         *       "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
         *       "created_at": "2026-11-29T02:00:00.000Z",
         *       "updated_at": "2026-11-29T02:00:09.000Z",
         *       "started_at": "2026-11-29T02:00:00.100Z",
         *       "completed_at": "2026-11-29T02:00:09.000Z"
         *     }
         */
        Import: {
            /** @example imp_01jd4z3k9q8x7v6b5n4m3c2x1z */
            id: string;
            /** @description `queued` → `running` → `succeeded` (every row applied) or `succeeded_with_errors` (some rows failed, the others applied), or `failed` (nothing written: `error` says why). A full sync that would deactivate more than `max_delete_percent` waits in `awaiting_confirmation` with nothing changed until POST /imports/{id}/confirm (then `queued` again) or /cancel (`canceled`). */
            status: "queued" | "running" | "awaiting_confirmation" | "succeeded" | "succeeded_with_errors" | "failed" | "canceled";
            /** @description From the Content-Type: text/csv, application/x-ndjson, application/zip. */
            format: "csv" | "ndjson" | "zip";
            /** @description A CSV's rows (`type` of the request); null for NDJSON and zip. */
            type: "students" | "enrollments" | null;
            mode: "upsert" | "create_only" | "update_only";
            sync: "delta" | "full";
            /** @description The name of the feed (`source` of the request): a full sync deactivates only what imports of this source made. */
            source: string | null;
            /** @description true: the same report as a real run, nothing written. */
            dry_run: boolean;
            max_delete_percent: number;
            /** @description Rows done of rows. */
            progress: {
                /** @description Rows applied (or, in a dry run, checked) so far. */
                done: number;
                /** @description Rows in the file; null until the file has been read through. */
                total: number | null;
            };
            counts: components["schemas"]["ImportCounts"];
            pending_deactivation: {
                /** @description Students the sync deactivates: made by earlier imports of the source, still active, and not in this file. */
                students: number;
                /** @description Enrollments it cancels, likewise. */
                enrollments: number;
                /** @description students + enrollments. */
                total: number;
                /** @description Objects the source made that are still active (of the types in this file): what the percent is of. */
                of: number;
                /** @description 100 × total / of, two decimals (0 when `of` is 0). */
                percent: number;
            } | null;
            error: {
                /** @description `invalid_encoding`, `too_many_rows`, `invalid_file` or `internal_error`. */
                code: string;
                message: string;
                /** @description The zip member at fault, `-` for a CSV or NDJSON body; null when no file is at fault. */
                file: string | null;
                /** @description The physical line at fault, when there is one. */
                line: number | null;
            } | null;
            /** @description GET it for one line per row (NDJSON or CSV). */
            results_url: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at: string;
            started_at: string | null;
            completed_at: string | null;
        };
        /**
         * ImportResultLine
         * @description The outcome of one input row, or one deactivated object.
         * @example {
         *       "file": "students.csv",
         *       "line": 7,
         *       "type": "student",
         *       "external_id": "S1007",
         *       "action": "failed",
         *       "code": "validation_error",
         *       "field": "email",
         *       "message": "email must be an email address"
         *     }
         */
        ImportResultLine: {
            /** @description The zip member (`students.csv`, `enrollments.csv`), else `-`. */
            file: string;
            /** @description The physical line where the row starts (a CSV's header is line 1; NDJSON counts from 1); null for a deactivated object, which is no row of the file. */
            line: number | null;
            type: "student" | "enrollment";
            /** @description A student's external_id; for an enrollment, its student and course references as given, `<student>/<course>`. */
            external_id: string | null;
            action: "created" | "updated" | "unchanged" | "deactivated" | "failed" | "skipped";
            /** @description The object's Lectern id (`stu_…`, `enr_…`), when there is one (none in a dry run of a created row). */
            id?: string;
            /** @description Why the row failed: an error code of the API (`validation_error`, `resource_not_found`, `duplicate_in_import`…). */
            code?: string;
            /** @description The column (field) at fault, when one is. */
            field?: string;
            /** @description What went wrong (failed), or why the row was passed over (skipped). */
            message?: string;
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "name": "Ada Lovelace",
         *       "external_id": "sis-1815",
         *       "metadata": {
         *         "cohort": "2026-autumn"
         *       }
         *     }
         */
        CreateStudentRequest: {
            /**
             * Format: email
             * @description Unique in the workspace, compared case-insensitively.
             */
            email: string;
            /** @description 1..200 characters, not blank. */
            name: string;
            /** @description Your own id for the student (1..255 characters), unique in the workspace; kept and compared as exact text. */
            external_id?: string;
            /** @description `active` (the default), or `inactive`: taken off the roster (a full sync deactivates rather than deletes). An inactive student keeps their data, enrollments and progress; a new enrollment of them answers 409 `student_inactive`. */
            status?: "active" | "inactive";
            /** @description Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given. */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
         *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z"
         *     }
         */
        CreateEnrollmentRequest: {
            /** @description Student id (stu_…) of this workspace. */
            student_id: string;
            /** @description Published course id (crs_…) of this workspace. */
            course_id: string;
        };
        /**
         * ModuleDocument
         * @description A module of a CourseDocument, with its lessons.
         */
        ModuleDocument: {
            /** @description The id in the exported workspace; import assigns new ids. */
            id?: string;
            /**
             * Format: date-time
             * @description Kept for reference; import stamps its own times.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description Kept for reference; import stamps its own times.
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at?: string;
            /** @description 1..200 characters, not blank. */
            title: string;
            /** @description Up to 20,000 characters (markdown). */
            description?: string;
            /** @description In order. */
            lessons: components["schemas"]["LessonDocument"][];
        };
        /**
         * LessonDocument
         * @description A lesson of a CourseDocument.
         */
        LessonDocument: {
            /** @description The id in the exported workspace; import assigns new ids. */
            id?: string;
            /**
             * Format: date-time
             * @description Kept for reference; import stamps its own times.
             * @example 2026-11-21T19:05:00.000Z
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description Kept for reference; import stamps its own times.
             * @example 2026-11-21T19:05:00.000Z
             */
            updated_at?: string;
            /** @description 1..200 characters, not blank. */
            title: string;
            type: "text" | "video" | "quiz" | "assignment";
            /** @description Markdown, up to 200,000 characters. */
            content?: string;
            video_url?: string | null;
            duration_seconds?: number | null;
            /** @description For quiz lessons, with the answers. */
            quiz?: {
                /** @description Minimum score (0..100) to pass. */
                passing_score: number;
                questions: {
                    /** @description Kept when given (to keep attempts comparable); assigned (qst_…) otherwise. */
                    id?: string;
                    prompt: string;
                    kind: "single_choice" | "multiple_choice" | "true_false" | "short_answer";
                    /** @description Required for single_choice and multiple_choice; not used by the other kinds. */
                    choices?: string[];
                    /** @description single_choice: index of the right choice; multiple_choice: list of right indexes; true_false: boolean; short_answer: accepted strings (trimmed, any case). */
                    answer: number | boolean | number[] | string[];
                }[];
            } | null;
        };
        CreateApiKeyRequest: {
            name: string;
            environment: "production" | "development" | "staging";
            /** @description Default ["*"]; never wider than the calling key's. */
            scopes?: ("*" | "courses:read" | "courses:write" | "students:read" | "students:write" | "enrollments:read" | "enrollments:write" | "analytics:read" | "exports:write" | "webhooks:read" | "webhooks:write" | "keys:write" | "lti:read" | "lti:write")[];
            /**
             * Format: date-time
             * @description After this instant the key stops working.
             * @example 2026-11-21T19:05:00.000Z
             */
            expires_at?: string;
        };
        CreateCourseRequest: {
            /** @description 1..200 characters, not blank. */
            title: string;
            /** @description Up to 20,000 characters (markdown). */
            description?: string;
            /** @description Defaults to false: the course is created unpublished unless `true` is sent. */
            published?: boolean;
            /** @description Your own id for the course (1..255 characters), unique in the workspace; kept and compared as exact text. */
            external_id?: string;
            /** @description Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given. */
            metadata?: {
                [key: string]: string;
            };
        };
        /** @description The fields to change; the others stay. */
        UpdateCourseRequest: {
            /** @description 1..200 characters, not blank. */
            title?: string;
            /** @description Up to 20,000 characters (markdown). */
            description?: string;
            published?: boolean;
            /** @description null removes it. */
            external_id?: string | null;
            /** @description Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given. */
            metadata?: {
                [key: string]: string;
            };
        };
        CreateModuleRequest: {
            /** @description 1..200 characters, not blank. */
            title: string;
            /** @description Up to 20,000 characters (markdown). */
            description?: string;
            /** @description 0-based; the others shift to make room. Default: at the end. */
            position?: number;
        };
        /** @description The fields to change; the others stay. */
        UpdateModuleRequest: {
            /** @description 1..200 characters, not blank. */
            title?: string;
            /** @description Up to 20,000 characters (markdown). */
            description?: string;
            /** @description 0-based; the others shift to make room. Default: at the end. */
            position?: number;
        };
        /** @description A new lesson, by `type`: `quiz` is required for, and only taken by, lessons of type quiz (400 `validation_error` on `/quiz` otherwise). */
        CreateLessonRequest: components["schemas"]["CreateTextLessonRequest"] | components["schemas"]["CreateVideoLessonRequest"] | components["schemas"]["CreateQuizLessonRequest"] | components["schemas"]["CreateAssignmentLessonRequest"];
        /** @description The fields to change; the others stay. A new `quiz` replaces the whole quiz; changing `type` away from quiz drops it, changing it to quiz needs one. */
        UpdateLessonRequest: {
            /** @description 1..200 characters, not blank. */
            title?: string;
            type?: "text" | "video" | "quiz" | "assignment";
            /** @description Markdown, up to 200,000 characters. */
            content?: string;
            video_url?: string | null;
            duration_seconds?: number | null;
            /** @description 0-based; the others shift to make room. Default: at the end. */
            position?: number;
            quiz?: components["schemas"]["QuizInput"];
        };
        /** @description The fields to change; the others stay. */
        UpdateStudentRequest: {
            /**
             * Format: email
             * @description Unique in the workspace, compared case-insensitively.
             */
            email?: string;
            /** @description 1..200 characters, not blank. */
            name?: string;
            /** @description null removes it. */
            external_id?: string | null;
            /** @description `active` (the default), or `inactive`: taken off the roster (a full sync deactivates rather than deletes). An inactive student keeps their data, enrollments and progress; a new enrollment of them answers 409 `student_inactive`. */
            status?: "active" | "inactive";
            /** @description Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given. */
            metadata?: {
                [key: string]: string;
            };
        };
        RecordProgressRequest: {
            /** @description Lesson (les_…) of a course the student is enrolled in. */
            lesson_id: string;
            /** @description A completed lesson stays completed. */
            status: "started" | "completed";
            /** @description Added to the time already spent (default 0). */
            time_spent_seconds?: number;
        };
        SubmitQuizAttemptRequest: {
            /** @description Student (stu_…) enrolled in the lesson's course. */
            student_id: string;
            answers: {
                /** @description A question of the quiz, each answered at most once; a question left out counts as wrong. */
                question_id: string;
                /** @description single_choice: an index; multiple_choice: a list of indexes; true_false: a boolean; short_answer: the text. */
                answer: number | number[] | boolean | string | string[];
            }[];
        };
        CreateExportRequest: {
            /** @description json: the course tree, which POST /courses/import reads back; imscc: an IMS Common Cartridge 1.1 package (Canvas, Moodle); scorm12: a SCORM 1.2 package (a .zip any LMS runs: one SCO per lesson, reporting completion and quiz scores); cmi5: a cmi5 package (a .zip, one AU per lesson, reporting through xAPI). See docs/exports.md. */
            format: "json" | "imscc" | "scorm12" | "cmi5";
        };
        /**
         * CourseDocument
         * @description A whole course: the json export, and the body of POST /courses/import.
         */
        CourseDocument: {
            /** @enum {string} */
            object: "course_export";
            /**
             * @description Version of this document format.
             * @enum {number}
             */
            version: 1;
            /**
             * Format: date-time
             * @example 2026-11-21T19:05:00.000Z
             */
            exported_at?: string;
            course: {
                /** @description The id in the exported workspace; import assigns new ids. */
                id?: string;
                /**
                 * Format: date-time
                 * @description Kept for reference; import stamps its own times.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                created_at?: string;
                /**
                 * Format: date-time
                 * @description Kept for reference; import stamps its own times.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_at?: string;
                /** @description 1..200 characters, not blank. */
                title: string;
                /** @description Up to 20,000 characters (markdown). */
                description?: string;
                published?: boolean;
                /** @description Up to 50 string pairs of your own (keys 1..40 characters, values up to 500), returned as given. */
                metadata?: {
                    [key: string]: string;
                };
                /** @description In order. */
                modules: components["schemas"]["ModuleDocument"][];
            };
        };
        CreateWebhookEndpointRequest: {
            /** @description Where deliveries are POSTed: https in production; never a loopback, private, link-local or metadata address (checked at creation and again at every delivery). */
            url: string;
            /** @description Event types to receive, or `["*"]` for all. */
            events?: ("*" | "course.created" | "course.updated" | "course.deleted" | "course.published" | "course.unpublished" | "module.created" | "module.updated" | "module.deleted" | "lesson.created" | "lesson.updated" | "lesson.deleted" | "student.created" | "student.updated" | "student.deleted" | "student.enrolled" | "student.unenrolled" | "student.completed_lesson" | "student.completed_course" | "quiz.submitted" | "quiz.passed" | "quiz.failed" | "export.completed" | "export.failed" | "import.completed" | "import.failed" | "import.awaiting_confirmation" | "usage.threshold_reached" | "webhook_endpoint.disabled")[];
            /** @description A note of your own, up to 500 characters. */
            description?: string;
            /** @description Default true. */
            enabled?: boolean;
        };
        /** @description The fields to change; the others stay. */
        UpdateWebhookEndpointRequest: {
            /** @description Where deliveries are POSTed: https in production; never a loopback, private, link-local or metadata address (checked at creation and again at every delivery). */
            url?: string;
            /** @description Event types to receive, or `["*"]` for all. */
            events?: ("*" | "course.created" | "course.updated" | "course.deleted" | "course.published" | "course.unpublished" | "module.created" | "module.updated" | "module.deleted" | "lesson.created" | "lesson.updated" | "lesson.deleted" | "student.created" | "student.updated" | "student.deleted" | "student.enrolled" | "student.unenrolled" | "student.completed_lesson" | "student.completed_course" | "quiz.submitted" | "quiz.passed" | "quiz.failed" | "export.completed" | "export.failed" | "import.completed" | "import.failed" | "import.awaiting_confirmation" | "usage.threshold_reached" | "webhook_endpoint.disabled")[];
            /** @description A note of your own, up to 500 characters. */
            description?: string;
            /** @description true again after Lectern disabled it resumes deliveries (new events only). */
            enabled?: boolean;
        };
        CreateLtiRegistrationRequest: {
            /** @description The platform's issuer (`iss` of its id_tokens), exactly as it sends it, e.g. `https://canvas.instructure.com`. */
            issuer: string;
            /** @description The client id the platform gave Lectern (the `aud` of its id_tokens). */
            client_id: string;
            /** @description The platform's OIDC authorization endpoint: https, never a loopback, private, link-local or metadata address (http and such addresses only with the dev switch WEBHOOK_ALLOW_PRIVATE=true). */
            auth_login_url: string;
            /** @description The platform's OAuth 2 token endpoint: https, never a loopback, private, link-local or metadata address (http and such addresses only with the dev switch WEBHOOK_ALLOW_PRIVATE=true). */
            auth_token_url: string;
            /** @description The platform's JWKS: https, never a loopback, private, link-local or metadata address (http and such addresses only with the dev switch WEBHOOK_ALLOW_PRIVATE=true). */
            jwks_url: string;
            /** @description Deployment ids known for this platform (`https://purl.imsglobal.org/spec/lti/claim/deployment_id`). */
            deployment_ids?: string[];
            /** @description A launch with a deployment id not in `deployment_ids`: `accept` (default) records it and goes on, `reject` refuses the launch. */
            unknown_deployments?: "accept" | "reject";
            /** @description The id_token claim whose value becomes the student's `external_id` (a top-level claim, e.g. `email` or a platform's own claim URI); null (default) for `lti:<iss>:<sub>`. */
            student_id_claim?: string | null;
        };
        /** @description The fields to change; the others stay. */
        UpdateLtiRegistrationRequest: {
            /** @description The platform's issuer (`iss` of its id_tokens), exactly as it sends it, e.g. `https://canvas.instructure.com`. */
            issuer?: string;
            /** @description The client id the platform gave Lectern (the `aud` of its id_tokens). */
            client_id?: string;
            /** @description The platform's OIDC authorization endpoint: https, never a loopback, private, link-local or metadata address (http and such addresses only with the dev switch WEBHOOK_ALLOW_PRIVATE=true). */
            auth_login_url?: string;
            /** @description The platform's OAuth 2 token endpoint: https, never a loopback, private, link-local or metadata address (http and such addresses only with the dev switch WEBHOOK_ALLOW_PRIVATE=true). */
            auth_token_url?: string;
            /** @description The platform's JWKS: https, never a loopback, private, link-local or metadata address (http and such addresses only with the dev switch WEBHOOK_ALLOW_PRIVATE=true). */
            jwks_url?: string;
            /** @description Replaces the known deployment ids with these. */
            deployment_ids?: string[];
            /** @description A launch with a deployment id not in `deployment_ids`: `accept` (default) records it and goes on, `reject` refuses the launch. */
            unknown_deployments?: "accept" | "reject";
            /** @description The id_token claim whose value becomes the student's `external_id` (a top-level claim, e.g. `email` or a platform's own claim URI); null (default) for `lti:<iss>:<sub>`. */
            student_id_claim?: string | null;
        };
        CreateLtiRegistrationLinkRequest: {
            /** @description How long the link can be used: 60 s to 30 days (default 7 days). */
            expires_in_seconds?: number;
        };
    };
    responses: {
        /** @description The request headers are larger than 16 KiB (`headers_too_large`), answered before the request is read. */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A bug on our side (`internal_error`); the request id identifies it in our logs. */
        InternalErrorWithoutKey: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The database is unavailable for a moment or the process is shutting down (`service_unavailable`): retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request is malformed: `validation_error` (with `details.errors`), `invalid_json`, `invalid_parameter` or `conflicting_credentials`. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No API key (`missing_api_key`), or one that is unknown, malformed, expired or revoked (`invalid_api_key`). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key lacks the scope (`insufficient_permissions`), the plan has no API access (`plan_not_eligible`), or HTTPS is required (`https_required`). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A rate-limit budget is spent (`rate_limit_exceeded`): retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A bug on our side (`internal_error`); the request id identifies it in our logs. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request is malformed: `validation_error` (with `details.errors`), `invalid_json`, `invalid_parameter` or `conflicting_credentials`. */
        BadRequestOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key lacks the scope (`insufficient_permissions`), the plan has no API access (`plan_not_eligible`), or HTTPS is required (`https_required`). */
        ForbiddenOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is larger than the route takes (`payload_too_large`). */
        PayloadTooLargeOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is of a media type the operation does not take (`unsupported_media_type`): `application/json`, or the types its request body lists. */
        UnsupportedMediaTypeOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description This Idempotency-Key was used with a different request (`idempotency_key_reused`). */
        UnprocessableEntityOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A rate-limit budget is spent (`rate_limit_exceeded`): retry after `Retry-After` seconds. */
        TooManyRequestsOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Retry-After": components["headers"]["Retry-After"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A bug on our side (`internal_error`); the request id identifies it in our logs. */
        InternalErrorOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The database is unavailable for a moment or the process is shutting down (`service_unavailable`): retry after `Retry-After` seconds. */
        ServiceUnavailableOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No such resource in this workspace (`resource_not_found`): also the answer for another workspace's id or a malformed one. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No such resource in this workspace (`resource_not_found`): also the answer for another workspace's id or a malformed one. */
        NotFoundOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request conflicts with the state of a resource, or a request with the same Idempotency-Key is still running (`idempotency_request_in_progress`). */
        ConflictOnPost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request conflicts with the state of a resource, or a request with the same Idempotency-Key is still running (`idempotency_request_in_progress`). */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A condition of the request does not hold (`precondition_failed`): If-Match does not match the current ETag (read the resource again), or an upsert's If-Match or If-None-Match does not. */
        PreconditionFailed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is larger than the route takes (`payload_too_large`). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is of a media type the operation does not take (`unsupported_media_type`): `application/json`, or the types its request body lists. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The export's file has been removed (`export_expired`). */
        Gone: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
         * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The key's hourly quota. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the sliding hourly window (with RATE_LIMIT_MODE=leases: low by at most the other processes' unspent leases, docs/rate-limits.md). */
        "X-RateLimit-Remaining": number;
        /** @description Unix seconds when the oldest request counted in the hourly window stops counting. */
        "X-RateLimit-Reset": number;
        /** @description IETF draft: every budget of the route, e.g. `"hourly";q=1000;w=3600, "burst";q=100;w=60`. */
        "RateLimit-Policy": string;
        /** @description IETF draft: remaining `r` and seconds to reset `t` per budget, e.g. `"hourly";r=999;t=3660, "burst";r=99;t=1`. */
        RateLimit: string;
        /** @description Whole seconds to wait. On 429: after that long the same request succeeds if nothing else spends the budgets. On 503: when the database is away (1 second). */
        "Retry-After": number;
        /** @description The id of this request (`req_…`), also the `request_id` of an error: quote it when asking for help. */
        "X-Request-Id": string;
        /** @description The version of the resource (a strong ETag): send it back as If-Match to update only that version. Not sent on an idempotent replay. */
        ETag: string;
        /** @description Other pages of the list (RFC 8288), as GitHub sends them: `rel="next"`, and in page mode `prev`, `first` and `last`. Absent when there are none. */
        Link: string;
        /** @description The URL of what the request made: the export job or the import (GET it to follow it), or the object an upsert created (only with 201). */
        Location: string;
        /** @description What the upsert did: `created` (201), `updated` or `unchanged` (200; an unchanged object keeps its updated_at). */
        "Lectern-Upsert": "created" | "updated" | "unchanged";
        /** @description Always `attachment`, with the file's name: `<course id>-<export id>.<json, imscc or zip>`, e.g. `attachment; filename="crs_01jd4z3k9q8x7v6b5n4m3c2x1z-exp_01jd4z3x9y0z1a2b3c4d5e6f7g.imscc"`. */
        "Content-Disposition": string;
        /** @description `true` when this answer replays the stored one of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
        /** @description `Bearer realm="lectern"`, with `error="invalid_token"` when a key was sent and refused (RFC 6750). */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document (see the OpenAPI Specification for its fields). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Lectern API",
                     *         "version": "1.0.0"
                     *       },
                     *       "paths": {
                     *         "/api/v1/courses": {}
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The OpenAPI version: `3.1.0`. */
                        openapi: string;
                        info: {
                            title: string;
                            /** @description The version of Lectern serving it. */
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description The operations, by path. */
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @description `ok` (healthz); `ready`, `degraded` or `not_ready` (readyz). */
                        status: string;
                        /** @description Each dependency: `database`, and with Redis `redis` and `rate_limits`. */
                        checks?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready: the database answers (`degraded` when Redis does not). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {
                     *         "database": "ok"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description `ok` (healthz); `ready`, `degraded` or `not_ready` (readyz). */
                        status: string;
                        /** @description Each dependency: `database`, and with Redis `redis` and `rate_limits`. */
                        checks?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Not ready: the database does not answer (`not_ready`), or the process is shutting down (the error envelope, `service_unavailable`). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ok` (healthz); `ready`, `degraded` or `not_ready` (readyz). */
                        status: string;
                        /** @description Each dependency: `database`, and with Redis `redis` and `rate_limits`. */
                        checks?: {
                            [key: string]: string;
                        };
                    } | components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics, as Prometheus text (version 0.0.4). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
        };
    };
    home: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where things are. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Lectern API",
                     *       "api": "/api/v1",
                     *       "docs": "/docs",
                     *       "openapi": "/api/v1/openapi.json"
                     *     }
                     */
                    "application/json": {
                        name: string;
                        /** @description Base path of the API. */
                        api: string;
                        /** @description The interactive reference. */
                        docs: string;
                        /** @description The OpenAPI 3.1 document. */
                        openapi: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
        };
    };
    getLtiJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JSON Web Key Set (RFC 7517) of the tool's public signing keys; never a private part. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtiJwks"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorWithoutKey"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWellKnownJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JSON Web Key Set (RFC 7517) of the tool's public signing keys; never a private part. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtiJwks"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorWithoutKey"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
                     *           "name": "LMS sync",
                     *           "environment": "production",
                     *           "scopes": [
                     *             "students:write",
                     *             "enrollments:write"
                     *           ],
                     *           "key_hint": "lct_prod_AbCd…wXyZ",
                     *           "previous_key_hint": null,
                     *           "previous_key_expires_at": null,
                     *           "created_at": "2026-11-21T19:00:00.000Z",
                     *           "last_used_at": "2026-11-22T10:00:00.000Z",
                     *           "expires_at": null,
                     *           "revoked_at": null
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "LMS sync",
                 *       "environment": "production",
                 *       "scopes": [
                 *         "students:write",
                 *         "enrollments:write"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The new key, with its full `key` this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
                     *         "name": "LMS sync",
                     *         "environment": "production",
                     *         "scopes": [
                     *           "students:write",
                     *           "enrollments:write"
                     *         ],
                     *         "key_hint": "lct_prod_AbCd…wXyZ",
                     *         "previous_key_hint": null,
                     *         "previous_key_expires_at": null,
                     *         "created_at": "2026-11-21T19:00:00.000Z",
                     *         "last_used_at": null,
                     *         "expires_at": null,
                     *         "revoked_at": null,
                     *         "key": "lct_prod_3kZr8QpV0mXw1NcYb7TgHs2LdJ5fA9uE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApiKeyWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id (key_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API key. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
                     *         "name": "LMS sync",
                     *         "environment": "production",
                     *         "scopes": [
                     *           "students:write",
                     *           "enrollments:write"
                     *         ],
                     *         "key_hint": "lct_prod_AbCd…wXyZ",
                     *         "previous_key_hint": null,
                     *         "previous_key_expires_at": null,
                     *         "created_at": "2026-11-21T19:00:00.000Z",
                     *         "last_used_at": "2026-11-22T10:00:00.000Z",
                     *         "expires_at": null,
                     *         "revoked_at": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description API key id (key_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "grace_period_seconds": 3600
                 *     }
                 */
                "application/json": {
                    /** @description How long the old secret keeps working (default 86400; 0 stops it now). */
                    grace_period_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The key with its new secret in `key`, this once; the old secret works until the grace period ends (`previous_key_expires_at`). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
                     *         "name": "LMS sync",
                     *         "environment": "production",
                     *         "scopes": [
                     *           "students:write",
                     *           "enrollments:write"
                     *         ],
                     *         "key_hint": "lct_prod_3kZr…A9uE",
                     *         "previous_key_hint": "lct_prod_AbCd…wXyZ",
                     *         "previous_key_expires_at": "2026-11-23T10:00:00.000Z",
                     *         "created_at": "2026-11-21T19:00:00.000Z",
                     *         "last_used_at": null,
                     *         "expires_at": null,
                     *         "revoked_at": null,
                     *         "key": "lct_prod_3kZr8QpV0mXw1NcYb7TgHs2LdJ5fA9uE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApiKeyWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description API key id (key_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API key. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
                     *         "name": "LMS sync",
                     *         "environment": "production",
                     *         "scopes": [
                     *           "students:write",
                     *           "enrollments:write"
                     *         ],
                     *         "key_hint": "lct_prod_AbCd…wXyZ",
                     *         "previous_key_hint": null,
                     *         "previous_key_expires_at": null,
                     *         "created_at": "2026-11-21T19:00:00.000Z",
                     *         "last_used_at": "2026-11-22T10:00:00.000Z",
                     *         "expires_at": null,
                     *         "revoked_at": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getRateLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling key's budgets, read without spending any. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "plan": "professional",
                     *         "hourly": {
                     *           "limit": 1000,
                     *           "used": 12,
                     *           "remaining": 988,
                     *           "reset": 1795345200,
                     *           "window_seconds": 3600
                     *         },
                     *         "burst": {
                     *           "limit": 100,
                     *           "remaining": 97,
                     *           "reset": 1795341602,
                     *           "refill_per_minute": 100
                     *         },
                     *         "endpoints": {
                     *           "export": {
                     *             "limit": 10,
                     *             "used": 1,
                     *             "remaining": 9,
                     *             "reset": 1795345200,
                     *             "window_seconds": 3600
                     *           },
                     *           "bulk": {
                     *             "limit": 20,
                     *             "used": 2,
                     *             "remaining": 18,
                     *             "reset": 1795345200,
                     *             "window_seconds": 3600
                     *           },
                     *           "search": {
                     *             "limit": 100,
                     *             "used": 0,
                     *             "remaining": 100,
                     *             "reset": 1795345200,
                     *             "window_seconds": 3600
                     *           },
                     *           "imports": {
                     *             "limit": 10,
                     *             "used": 1,
                     *             "remaining": 9,
                     *             "reset": 1795345200,
                     *             "window_seconds": 3600
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RateLimits"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCourses: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
                /** @description Order: created_at (default), updated_at or title; a leading - reverses it. */
                sort?: "created_at" | "-created_at" | "updated_at" | "-updated_at" | "title" | "-title";
                /** @description Only published (true) or unpublished (false) courses. */
                published?: boolean;
                /** @description Only the course with this external id (exact text). */
                external_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "title": "Introduction to Algebra",
                     *           "description": "Equations, functions and graphs, from the ground up.",
                     *           "published": true,
                     *           "enrollment_count": 42,
                     *           "external_id": "sis-alg-101",
                     *           "metadata": {
                     *             "level": "beginner"
                     *           },
                     *           "created_at": "2026-11-21T19:05:00.000Z",
                     *           "updated_at": "2026-11-22T08:30:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCourse: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Introduction to Algebra",
                 *       "description": "Equations, functions and graphs, from the ground up.",
                 *       "metadata": {
                 *         "level": "beginner"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateCourseRequest"];
            };
        };
        responses: {
            /** @description The course. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCourse: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Algebra I",
                 *       "published": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCourseRequest"];
            };
        };
        responses: {
            /** @description The course. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteCourse: {
        parameters: {
            query?: {
                /** @description Delete even when the course has enrollments. */
                force?: boolean;
            };
            header?: never;
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course is gone. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @example crs_01jd4z3k9q8x7v6b5n4m3c2x1z */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchCourse: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Algebra I",
                 *       "published": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCourseRequest"];
            };
        };
        responses: {
            /** @description The course. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    upsertCourse: {
        parameters: {
            query?: never;
            header?: {
                /** @description `*`: only update, 412 when no object has this external id. An ETag: only update that version (412 otherwise). */
                "if-match"?: string;
                /** @description `*`: only create, 412 when an object has this external id. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Course id of your own: the `external_id` (1..255 characters, exact text, URL-encoded in the path). */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Introduction to Algebra",
                 *       "description": "Equations, functions and graphs, from the ground up.",
                 *       "metadata": {
                 *         "level": "beginner"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateCourseRequest"];
            };
        };
        responses: {
            /** @description The course. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Lectern-Upsert": components["headers"]["Lectern-Upsert"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            /** @description The course. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Lectern-Upsert": components["headers"]["Lectern-Upsert"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    publishCourse: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    unpublishCourse: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    listModules: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
                /** @description position (the only order). */
                sort?: "position";
            };
            header?: never;
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "title": "Linear equations",
                     *           "description": "Solving for x.",
                     *           "position": 0,
                     *           "created_at": "2026-11-21T19:06:00.000Z",
                     *           "updated_at": "2026-11-21T19:06:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Module"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createModule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Linear equations",
                 *       "description": "Solving for x."
                 *     }
                 */
                "application/json": components["schemas"]["CreateModuleRequest"];
            };
        };
        responses: {
            /** @description The module. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Linear equations",
                     *         "description": "Solving for x.",
                     *         "position": 0,
                     *         "created_at": "2026-11-21T19:06:00.000Z",
                     *         "updated_at": "2026-11-21T19:06:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Module"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getModule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Module id (mod_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The module. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Linear equations",
                     *         "description": "Solving for x.",
                     *         "position": 0,
                     *         "created_at": "2026-11-21T19:06:00.000Z",
                     *         "updated_at": "2026-11-21T19:06:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Module"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateModule: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Module id (mod_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "position": 0
                 *     }
                 */
                "application/json": components["schemas"]["UpdateModuleRequest"];
            };
        };
        responses: {
            /** @description The module. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Linear equations",
                     *         "description": "Solving for x.",
                     *         "position": 0,
                     *         "created_at": "2026-11-21T19:06:00.000Z",
                     *         "updated_at": "2026-11-21T19:06:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Module"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteModule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Module id (mod_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The module is gone with its lessons; the modules after it moved up one. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "mod_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @example mod_01jd4z3k9q8x7v6b5n4m3c2x1z */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchModule: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Module id (mod_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "position": 0
                 *     }
                 */
                "application/json": components["schemas"]["UpdateModuleRequest"];
            };
        };
        responses: {
            /** @description The module. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Linear equations",
                     *         "description": "Solving for x.",
                     *         "position": 0,
                     *         "created_at": "2026-11-21T19:06:00.000Z",
                     *         "updated_at": "2026-11-21T19:06:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Module"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listLessons: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
                /** @description position (the only order). */
                sort?: "position";
            };
            header?: never;
            path: {
                /** @description Module id (mod_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
                     *           "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "title": "What is an equation?",
                     *           "type": "text",
                     *           "content": "# Equations\nAn equation says that two expressions are equal.",
                     *           "video_url": null,
                     *           "duration_seconds": 300,
                     *           "position": 0,
                     *           "quiz": null,
                     *           "created_at": "2026-11-21T19:07:00.000Z",
                     *           "updated_at": "2026-11-21T19:07:00.000Z"
                     *         },
                     *         {
                     *           "id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
                     *           "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "title": "Check your understanding",
                     *           "type": "quiz",
                     *           "content": "",
                     *           "video_url": null,
                     *           "duration_seconds": null,
                     *           "position": 1,
                     *           "quiz": {
                     *             "passing_score": 60,
                     *             "questions": [
                     *               {
                     *                 "id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
                     *                 "prompt": "Solve 2x + 3 = 7. x = ?",
                     *                 "kind": "single_choice",
                     *                 "choices": [
                     *                   "1",
                     *                   "2",
                     *                   "5"
                     *                 ],
                     *                 "answer": 1
                     *               },
                     *               {
                     *                 "id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
                     *                 "prompt": "x = 2 solves x + x = 4.",
                     *                 "kind": "true_false",
                     *                 "answer": true
                     *               }
                     *             ]
                     *           },
                     *           "created_at": "2026-11-21T19:07:00.000Z",
                     *           "updated_at": "2026-11-21T19:07:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 2,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Lesson"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createLesson: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Module id (mod_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description A new lesson, by `type`: `quiz` is required for, and only taken by, lessons of type quiz (400 `validation_error` on `/quiz` otherwise). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLessonRequest"];
            };
        };
        responses: {
            /** @description The lesson. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Lesson"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getLesson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Lesson id (les_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lesson. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Lesson"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateLesson: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Lesson id (les_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. A new `quiz` replaces the whole quiz; changing `type` away from quiz drops it, changing it to quiz needs one. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Equations, defined",
                 *       "position": 2
                 *     }
                 */
                "application/json": components["schemas"]["UpdateLessonRequest"];
            };
        };
        responses: {
            /** @description The lesson. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Lesson"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteLesson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Lesson id (les_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lesson is gone; the lessons after it moved up one. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "les_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @example les_01jd4z3k9q8x7v6b5n4m3c2x1z */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchLesson: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Lesson id (les_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. A new `quiz` replaces the whole quiz; changing `type` away from quiz drops it, changing it to quiz needs one. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Equations, defined",
                 *       "position": 2
                 *     }
                 */
                "application/json": components["schemas"]["UpdateLessonRequest"];
            };
        };
        responses: {
            /** @description The lesson. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Lesson"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listStudents: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
                /** @description Order: created_at (default), updated_at, name or email; a leading - reverses it. */
                sort?: "created_at" | "-created_at" | "updated_at" | "-updated_at" | "name" | "-name" | "email" | "-email";
                /** @description Only the student with this email (any case). */
                email?: string;
                /** @description Only the student with this external id (exact text). */
                external_id?: string;
                /** @description `active` (the default), or `inactive`: taken off the roster (a full sync deactivates rather than deletes). An inactive student keeps their data, enrollments and progress; a new enrollment of them answers 409 `student_inactive`. */
                status?: "active" | "inactive";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *           "email": "ada@example.com",
                     *           "name": "Ada Lovelace",
                     *           "external_id": "sis-1815",
                     *           "status": "active",
                     *           "metadata": {
                     *             "cohort": "2026-autumn"
                     *           },
                     *           "created_at": "2026-11-21T19:10:00.000Z",
                     *           "updated_at": "2026-11-21T19:10:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createStudent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "name": "Ada Lovelace",
                 *       "external_id": "sis-1815",
                 *       "metadata": {
                 *         "cohort": "2026-autumn"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateStudentRequest"];
            };
        };
        responses: {
            /** @description The student. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "email": "ada@example.com",
                     *         "name": "Ada Lovelace",
                     *         "external_id": "sis-1815",
                     *         "status": "active",
                     *         "metadata": {
                     *           "cohort": "2026-autumn"
                     *         },
                     *         "created_at": "2026-11-21T19:10:00.000Z",
                     *         "updated_at": "2026-11-21T19:10:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    bulkCreateStudents: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "records": [
                 *         {
                 *           "email": "ada@example.com",
                 *           "name": "Ada Lovelace",
                 *           "external_id": "sis-1815"
                 *         },
                 *         {
                 *           "email": "ADA@example.com",
                 *           "name": "Ada, again"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1..100 records, each as for the single create. A record that does not fit fails on its own (its result is a validation_error); the others are created. */
                    records: (components["schemas"]["CreateStudentRequest"] | Record<string, never>)[];
                };
            };
        };
        responses: {
            /** @description Every record was created: one result per record, in request order. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "index": 0,
                     *           "status": "created",
                     *           "data": {
                     *             "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *             "email": "ada@example.com",
                     *             "name": "Ada Lovelace",
                     *             "external_id": "sis-1815",
                     *             "status": "active",
                     *             "metadata": {
                     *               "cohort": "2026-autumn"
                     *             },
                     *             "created_at": "2026-11-21T19:10:00.000Z",
                     *             "updated_at": "2026-11-21T19:10:00.000Z"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description One result per record, in request order. */
                        data: components["schemas"]["StudentBulkResult"][];
                    };
                };
            };
            /** @description Some records failed, each on its own; the others were created. One result per record, in request order: a failed one has `status: "error"` and the error the single create would have answered (`validation_error`, `student_exists`), without request_id. */
            207: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "index": 0,
                     *           "status": "created",
                     *           "data": {
                     *             "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *             "email": "ada@example.com",
                     *             "name": "Ada Lovelace",
                     *             "external_id": "sis-1815",
                     *             "status": "active",
                     *             "metadata": {
                     *               "cohort": "2026-autumn"
                     *             },
                     *             "created_at": "2026-11-21T19:10:00.000Z",
                     *             "updated_at": "2026-11-21T19:10:00.000Z"
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "status": "error",
                     *           "error": {
                     *             "code": "student_exists",
                     *             "message": "Student stu_01jd4z3q1r2s3t4v5w6x7y8z9a already has this email",
                     *             "details": {
                     *               "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *               "field": "email"
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description One result per record, in request order. */
                        data: components["schemas"]["StudentBulkResult"][];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getStudent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Student id (stu_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The student. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "email": "ada@example.com",
                     *         "name": "Ada Lovelace",
                     *         "external_id": "sis-1815",
                     *         "status": "active",
                     *         "metadata": {
                     *           "cohort": "2026-autumn"
                     *         },
                     *         "created_at": "2026-11-21T19:10:00.000Z",
                     *         "updated_at": "2026-11-21T19:10:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateStudent: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Student id (stu_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada King",
                 *       "external_id": null
                 *     }
                 */
                "application/json": components["schemas"]["UpdateStudentRequest"];
            };
        };
        responses: {
            /** @description The student. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "email": "ada@example.com",
                     *         "name": "Ada Lovelace",
                     *         "external_id": "sis-1815",
                     *         "status": "active",
                     *         "metadata": {
                     *           "cohort": "2026-autumn"
                     *         },
                     *         "created_at": "2026-11-21T19:10:00.000Z",
                     *         "updated_at": "2026-11-21T19:10:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteStudent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Student id (stu_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The student is gone, with their enrollments, progress and quiz attempts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "stu_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @example stu_01jd4z3k9q8x7v6b5n4m3c2x1z */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchStudent: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Student id (stu_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada King",
                 *       "external_id": null
                 *     }
                 */
                "application/json": components["schemas"]["UpdateStudentRequest"];
            };
        };
        responses: {
            /** @description The student. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "email": "ada@example.com",
                     *         "name": "Ada Lovelace",
                     *         "external_id": "sis-1815",
                     *         "status": "active",
                     *         "metadata": {
                     *           "cohort": "2026-autumn"
                     *         },
                     *         "created_at": "2026-11-21T19:10:00.000Z",
                     *         "updated_at": "2026-11-21T19:10:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    upsertStudent: {
        parameters: {
            query?: never;
            header?: {
                /** @description `*`: only update, 412 when no object has this external id. An ETag: only update that version (412 otherwise). */
                "if-match"?: string;
                /** @description `*`: only create, 412 when an object has this external id. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Student id of your own: the `external_id` (1..255 characters, exact text, URL-encoded in the path). */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "name": "Ada Lovelace",
                 *       "external_id": "sis-1815",
                 *       "metadata": {
                 *         "cohort": "2026-autumn"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateStudentRequest"];
            };
        };
        responses: {
            /** @description The student. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Lectern-Upsert": components["headers"]["Lectern-Upsert"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "email": "ada@example.com",
                     *         "name": "Ada Lovelace",
                     *         "external_id": "sis-1815",
                     *         "status": "active",
                     *         "metadata": {
                     *           "cohort": "2026-autumn"
                     *         },
                     *         "created_at": "2026-11-21T19:10:00.000Z",
                     *         "updated_at": "2026-11-21T19:10:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"];
                    };
                };
            };
            /** @description The student. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Lectern-Upsert": components["headers"]["Lectern-Upsert"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "email": "ada@example.com",
                     *         "name": "Ada Lovelace",
                     *         "external_id": "sis-1815",
                     *         "status": "active",
                     *         "metadata": {
                     *           "cohort": "2026-autumn"
                     *         },
                     *         "created_at": "2026-11-21T19:10:00.000Z",
                     *         "updated_at": "2026-11-21T19:10:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEnrollments: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
                /** @description created_at (default) or updated_at; a leading - reverses it. */
                sort?: "created_at" | "-created_at" | "updated_at" | "-updated_at";
                student_id?: string;
                course_id?: string;
                /** @description active → completed when the last lesson is completed; cancelled by DELETE (history kept). */
                status?: "active" | "completed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "status": "active",
                     *           "progress_percent": 50,
                     *           "score": 75,
                     *           "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *           "completed_at": null,
                     *           "created_at": "2026-11-21T19:15:00.000Z",
                     *           "updated_at": "2026-11-22T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "per_page": 100,
                     *         "next_cursor": null,
                     *         "has_more": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Enrollment"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createEnrollment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                 *       "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z"
                 *     }
                 */
                "application/json": components["schemas"]["CreateEnrollmentRequest"];
            };
        };
        responses: {
            /** @description The enrollment. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "status": "active",
                     *         "progress_percent": 50,
                     *         "score": 75,
                     *         "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *         "completed_at": null,
                     *         "created_at": "2026-11-21T19:15:00.000Z",
                     *         "updated_at": "2026-11-22T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Enrollment"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    bulkCreateEnrollments: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "records": [
                 *         {
                 *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                 *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z"
                 *         },
                 *         {
                 *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9c",
                 *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1..100 records, each as for the single create. A record that does not fit fails on its own (its result is a validation_error); the others are created. */
                    records: (components["schemas"]["CreateEnrollmentRequest"] | Record<string, never>)[];
                };
            };
        };
        responses: {
            /** @description Every record was created: one result per record, in request order. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "index": 0,
                     *           "status": "created",
                     *           "data": {
                     *             "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *             "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *             "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *             "status": "active",
                     *             "progress_percent": 50,
                     *             "score": 75,
                     *             "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *             "completed_at": null,
                     *             "created_at": "2026-11-21T19:15:00.000Z",
                     *             "updated_at": "2026-11-22T10:00:00.000Z"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description One result per record, in request order. */
                        data: components["schemas"]["EnrollmentBulkResult"][];
                    };
                };
            };
            /** @description Some records failed, each on its own; the others were created. One result per record, in request order: a failed one has `status: "error"` and the error the single create would have answered (`validation_error`, `resource_not_found`, `already_enrolled`, `course_not_published`, `student_inactive`), without request_id. */
            207: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "index": 0,
                     *           "status": "created",
                     *           "data": {
                     *             "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *             "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *             "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *             "status": "active",
                     *             "progress_percent": 50,
                     *             "score": 75,
                     *             "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *             "completed_at": null,
                     *             "created_at": "2026-11-21T19:15:00.000Z",
                     *             "updated_at": "2026-11-22T10:00:00.000Z"
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "status": "error",
                     *           "error": {
                     *             "code": "resource_not_found",
                     *             "message": "Student stu_01jd4z3q1r2s3t4v5w6x7y8z9c not found",
                     *             "details": {
                     *               "resource": "student",
                     *               "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9c"
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description One result per record, in request order. */
                        data: components["schemas"]["EnrollmentBulkResult"][];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Enrollment id (enr_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enrollment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "status": "active",
                     *         "progress_percent": 50,
                     *         "score": 75,
                     *         "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *         "completed_at": null,
                     *         "created_at": "2026-11-21T19:15:00.000Z",
                     *         "updated_at": "2026-11-22T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Enrollment"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Enrollment id (enr_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enrollment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "status": "active",
                     *         "progress_percent": 50,
                     *         "score": 75,
                     *         "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *         "completed_at": null,
                     *         "created_at": "2026-11-21T19:15:00.000Z",
                     *         "updated_at": "2026-11-22T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Enrollment"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getStudentProgress: {
        parameters: {
            query?: {
                /** @description Only this course. */
                course_id?: string;
            };
            header?: never;
            path: {
                /** @description Student id (stu_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The student's progress per course. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "courses": [
                     *           {
                     *             "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *             "enrollment_id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *             "status": "active",
                     *             "progress_percent": 50,
                     *             "lessons_completed": 1,
                     *             "lessons_total": 2,
                     *             "time_spent_seconds": 420,
                     *             "last_activity_at": "2026-11-22T10:00:00.000Z",
                     *             "lessons": [
                     *               {
                     *                 "lesson_id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
                     *                 "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *                 "status": "completed",
                     *                 "time_spent_seconds": 420,
                     *                 "completed_at": "2026-11-22T10:00:00.000Z",
                     *                 "last_activity_at": "2026-11-22T10:00:00.000Z"
                     *               },
                     *               {
                     *                 "lesson_id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
                     *                 "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *                 "status": "not_started",
                     *                 "time_spent_seconds": 0,
                     *                 "completed_at": null,
                     *                 "last_activity_at": null
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["StudentProgress"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordProgress: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Student id (stu_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "lesson_id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
                 *       "status": "completed",
                 *       "time_spent_seconds": 420
                 *     }
                 */
                "application/json": components["schemas"]["RecordProgressRequest"];
            };
        };
        responses: {
            /** @description The progress on the lesson. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "lesson_id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "status": "completed",
                     *         "time_spent_seconds": 420,
                     *         "started_at": "2026-11-22T09:53:00.000Z",
                     *         "completed_at": "2026-11-22T10:00:00.000Z",
                     *         "last_activity_at": "2026-11-22T10:00:00.000Z",
                     *         "enrollment": {
                     *           "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "status": "active",
                     *           "progress_percent": 50,
                     *           "score": 75,
                     *           "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *           "completed_at": null,
                     *           "created_at": "2026-11-21T19:15:00.000Z",
                     *           "updated_at": "2026-11-22T10:00:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Progress"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    submitQuizAttempt: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Lesson id (les_…) of a quiz lesson */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                 *       "answers": [
                 *         {
                 *           "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
                 *           "answer": 1
                 *         },
                 *         {
                 *           "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
                 *           "answer": true
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SubmitQuizAttemptRequest"];
            };
        };
        responses: {
            /** @description The graded attempt. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "att_01jd4z3s7t8v9w0x1y2z3a4b5c",
                     *         "lesson_id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
                     *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "score": 100,
                     *         "passed": true,
                     *         "per_question": [
                     *           {
                     *             "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
                     *             "correct": true
                     *           },
                     *           {
                     *             "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6c",
                     *             "correct": true
                     *           }
                     *         ],
                     *         "created_at": "2026-11-22T10:05:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["QuizAttempt"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    searchCourses: {
        parameters: {
            query: {
                /**
                 * @description Words to find (1..200 characters). Every word must match, each as the start of a word (`intro` finds "Introduction"), ignoring case and accents. Punctuation separates words and has no other meaning.
                 * @example intro alg
                 */
                q: string;
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Not supported: results come in relevance order, which a cursor cannot hold while the index changes. Any value answers 400 `invalid_parameter`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the results, best first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "title": "Introduction to Algebra",
                     *           "description": "Equations, functions and graphs, from the ground up.",
                     *           "published": true,
                     *           "enrollment_count": 42,
                     *           "external_id": "sis-alg-101",
                     *           "metadata": {
                     *             "level": "beginner"
                     *           },
                     *           "created_at": "2026-11-21T19:05:00.000Z",
                     *           "updated_at": "2026-11-22T08:30:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"][];
                        pagination: components["schemas"]["PagePagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchLessons: {
        parameters: {
            query: {
                /**
                 * @description Words to find (1..200 characters). Every word must match, each as the start of a word (`intro` finds "Introduction"), ignoring case and accents. Punctuation separates words and has no other meaning.
                 * @example intro alg
                 */
                q: string;
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Not supported: results come in relevance order, which a cursor cannot hold while the index changes. Any value answers 400 `invalid_parameter`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the results, best first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
                     *           "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "title": "What is an equation?",
                     *           "type": "text",
                     *           "content": "# Equations\nAn equation says that two expressions are equal.",
                     *           "video_url": null,
                     *           "duration_seconds": 300,
                     *           "position": 0,
                     *           "quiz": null,
                     *           "created_at": "2026-11-21T19:07:00.000Z",
                     *           "updated_at": "2026-11-21T19:07:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Lesson"][];
                        pagination: components["schemas"]["PagePagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchStudents: {
        parameters: {
            query: {
                /**
                 * @description Words to find (1..200 characters). Every word must match, each as the start of a word (`intro` finds "Introduction"), ignoring case and accents. Punctuation separates words and has no other meaning.
                 * @example intro alg
                 */
                q: string;
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Not supported: results come in relevance order, which a cursor cannot hold while the index changes. Any value answers 400 `invalid_parameter`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the results, best first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *           "email": "ada@example.com",
                     *           "name": "Ada Lovelace",
                     *           "external_id": "sis-1815",
                     *           "status": "active",
                     *           "metadata": {
                     *             "cohort": "2026-autumn"
                     *           },
                     *           "created_at": "2026-11-21T19:10:00.000Z",
                     *           "updated_at": "2026-11-21T19:10:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Student"][];
                        pagination: components["schemas"]["PagePagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCourseAnalytics: {
        parameters: {
            query?: {
                /**
                 * @description Start of the period (inclusive). Default: the beginning.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                from?: string;
                /**
                 * @description End of the period (exclusive). Default: now. Must be after `from`.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                to?: string;
            };
            header?: never;
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course's figures over the period. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "from": "2026-11-01T00:00:00.000Z",
                     *         "to": "2026-12-01T00:00:00.000Z",
                     *         "enrollments": {
                     *           "total": 42,
                     *           "active": 30,
                     *           "completed": 10,
                     *           "cancelled": 2
                     *         },
                     *         "active_students": {
                     *           "last_7_days": 18,
                     *           "last_30_days": 35
                     *         },
                     *         "completion_rate": 0.25,
                     *         "average_progress_percent": 61.5,
                     *         "median_time_to_complete_seconds": 604800,
                     *         "lessons": [
                     *           {
                     *             "lesson_id": "les_01jd4z3n5p6q7r8s9t0v1w2x3y",
                     *             "module_id": "mod_01jd4z3m2b7c8d9e0f1g2h3j4k",
                     *             "title": "What is an equation?",
                     *             "started": 38,
                     *             "completed": 33
                     *           }
                     *         ],
                     *         "enrollments_per_day": [
                     *           {
                     *             "date": "2026-11-21",
                     *             "enrollments": 12
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CourseAnalytics"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getStudentAnalytics: {
        parameters: {
            query?: {
                /**
                 * @description Start of the period (inclusive). Default: the beginning.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                from?: string;
                /**
                 * @description End of the period (exclusive). Default: now. Must be after `from`.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                to?: string;
            };
            header?: never;
            path: {
                /** @description Student id (stu_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The student's figures over the period. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *         "from": "2026-11-01T00:00:00.000Z",
                     *         "to": "2026-12-01T00:00:00.000Z",
                     *         "courses_enrolled": 2,
                     *         "courses_completed": 1,
                     *         "average_progress_percent": 75,
                     *         "time_spent_seconds": 5400,
                     *         "quiz_attempts": 3,
                     *         "quiz_average_score": 83.33,
                     *         "last_active_at": "2026-11-22T10:05:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["StudentAnalytics"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getQuizResults: {
        parameters: {
            query?: {
                /**
                 * @description Start of the period (inclusive). Default: the beginning.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                from?: string;
                /**
                 * @description End of the period (exclusive). Default: now. Must be after `from`.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                to?: string;
                /** @description Only the quizzes of this course (404 if unknown). */
                course_id?: string;
                /** @description Only this quiz lesson (404 if unknown, 400 if not a quiz). */
                lesson_id?: string;
                /** @description Only this student's attempts (404 if unknown). */
                student_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quizzes' results over the period. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "from": "2026-11-01T00:00:00.000Z",
                     *         "to": "2026-12-01T00:00:00.000Z",
                     *         "quizzes": [
                     *           {
                     *             "lesson_id": "les_01jd4z3p8r9s0t1v2w3x4y5z6a",
                     *             "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *             "title": "Check your understanding",
                     *             "attempts": 40,
                     *             "unique_students": 31,
                     *             "average_score": 78.5,
                     *             "median_score": 80,
                     *             "pass_rate": 0.825,
                     *             "questions": [
                     *               {
                     *                 "question_id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
                     *                 "attempts": 40,
                     *                 "correct_rate": 0.9
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["QuizResults"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /** @description Newest first (`-created_at`, the default) or oldest first. */
                sort?: "-created_at" | "created_at";
                /** @description Only events of this type (`student.enrolled`), or of a family (`student.*`). */
                type?: "course.created" | "course.updated" | "course.deleted" | "course.published" | "course.unpublished" | "module.created" | "module.updated" | "module.deleted" | "lesson.created" | "lesson.updated" | "lesson.deleted" | "student.created" | "student.updated" | "student.deleted" | "student.enrolled" | "student.unenrolled" | "student.completed_lesson" | "student.completed_course" | "quiz.submitted" | "quiz.passed" | "quiz.failed" | "export.completed" | "export.failed" | "import.completed" | "import.failed" | "import.awaiting_confirmation" | "usage.threshold_reached" | "webhook_endpoint.disabled" | "webhook_endpoint.test" | "course.*" | "module.*" | "lesson.*" | "student.*" | "quiz.*" | "export.*" | "import.*" | "usage.*" | "webhook_endpoint.*";
                /**
                 * @description Only events created at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                from?: string;
                /**
                 * @description Only events created before this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
                     *           "type": "student.enrolled",
                     *           "created_at": "2026-11-21T19:15:00.000Z",
                     *           "data": {
                     *             "object": {
                     *               "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *               "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *               "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *               "status": "active",
                     *               "progress_percent": 50,
                     *               "score": 75,
                     *               "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *               "completed_at": null,
                     *               "created_at": "2026-11-21T19:15:00.000Z",
                     *               "updated_at": "2026-11-22T10:00:00.000Z"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "evt_01jd4z3y2z3a4b5c6d7e8f9g0h",
                     *         "type": "student.enrolled",
                     *         "created_at": "2026-11-21T19:15:00.000Z",
                     *         "data": {
                     *           "object": {
                     *             "id": "enr_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *             "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *             "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *             "status": "active",
                     *             "progress_percent": 50,
                     *             "score": 75,
                     *             "enrolled_at": "2026-11-21T19:15:00.000Z",
                     *             "completed_at": null,
                     *             "created_at": "2026-11-21T19:15:00.000Z",
                     *             "updated_at": "2026-11-22T10:00:00.000Z"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Event"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description `hour` (default; the last 24 hours) or `day` (the last 30 UTC days). */
                granularity?: "hour" | "day";
                /**
                 * @description Start of the range (default: 24 hours ago for `hour`, 30 days ago for `day`).
                 * @example 2026-11-21T19:05:00.000Z
                 */
                from?: string;
                /**
                 * @description End of the range, exclusive (default: the end of the current hour or day). At most 31 days after `from` by hour, 366 by day.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                to?: string;
                /** @description Only this key of the workspace (404 for any other). */
                key_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage of the range. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "granularity": "hour",
                     *         "from": "2026-11-22T10:00:00.000Z",
                     *         "to": "2026-11-22T12:00:00.000Z",
                     *         "key_id": null,
                     *         "totals": {
                     *           "requests": 52,
                     *           "status_2xx": 48,
                     *           "status_4xx": 3,
                     *           "status_429": 1,
                     *           "status_5xx": 0
                     *         },
                     *         "buckets": [
                     *           {
                     *             "start": "2026-11-22T10:00:00.000Z",
                     *             "requests": 52,
                     *             "status_2xx": 48,
                     *             "status_4xx": 3,
                     *             "status_429": 1,
                     *             "status_5xx": 0
                     *           },
                     *           {
                     *             "start": "2026-11-22T11:00:00.000Z",
                     *             "requests": 0,
                     *             "status_2xx": 0,
                     *             "status_4xx": 0,
                     *             "status_429": 0,
                     *             "status_5xx": 0
                     *           }
                     *         ],
                     *         "keys": [
                     *           {
                     *             "key_id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
                     *             "key_name": "LMS sync",
                     *             "requests": 52,
                     *             "status_2xx": 48,
                     *             "status_4xx": 3,
                     *             "status_429": 1,
                     *             "status_5xx": 0
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Usage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRequestLogs: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only this status (`404`) or class (`4xx`, `5xx`).
                 * @example 404
                 */
                status?: string;
                /** @description Only the request with this id (`req_…`), as an error's `request_id` names it. */
                request_id?: string;
                /** @description Only requests of this key. */
                key_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "request_id": "req_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "key_id": "key_01jd4z3t0v1w2x3y4z5a6b7c8d",
                     *           "key_name": "LMS sync",
                     *           "method": "GET",
                     *           "route": "/api/v1/courses/:id",
                     *           "status": 404,
                     *           "error_code": "resource_not_found",
                     *           "latency_ms": 3,
                     *           "created_at": "2026-11-22T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RequestLog"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createExport: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Course id (crs_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "format": "imscc"
                 *     }
                 */
                "application/json": components["schemas"]["CreateExportRequest"];
            };
        };
        responses: {
            /** @description The export job, queued; `Location` is its URL. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "exp_01jd4z3x9y0z1a2b3c4d5e6f7g",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "format": "imscc",
                     *         "status": "queued",
                     *         "created_at": "2026-11-22T11:00:00.000Z",
                     *         "completed_at": null,
                     *         "download_url": null,
                     *         "expires_at": null,
                     *         "size_bytes": null,
                     *         "error": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Export"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Export id (exp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export job. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "exp_01jd4z3x9y0z1a2b3c4d5e6f7g",
                     *         "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "format": "imscc",
                     *         "status": "succeeded",
                     *         "created_at": "2026-11-22T11:00:00.000Z",
                     *         "completed_at": "2026-11-22T11:00:02.000Z",
                     *         "download_url": "/api/v1/exports/exp_01jd4z3x9y0z1a2b3c4d5e6f7g/download",
                     *         "expires_at": "2026-11-29T11:00:02.000Z",
                     *         "size_bytes": 48213,
                     *         "error": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Export"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    downloadExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Export id (exp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export file, as an attachment (`Content-Disposition`): `application/json` for a json export, `application/zip` for the others (imscc, scorm12, cmi5). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "course_export",
                     *       "version": 1,
                     *       "exported_at": "2026-11-22T11:00:02.000Z",
                     *       "course": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "modules": [
                     *           {
                     *             "title": "Linear equations",
                     *             "description": "Solving for x.",
                     *             "lessons": [
                     *               {
                     *                 "title": "What is an equation?",
                     *                 "type": "text",
                     *                 "content": "# Equations",
                     *                 "duration_seconds": 300
                     *               },
                     *               {
                     *                 "title": "Check your understanding",
                     *                 "type": "quiz",
                     *                 "quiz": {
                     *                   "passing_score": 60,
                     *                   "questions": [
                     *                     {
                     *                       "id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
                     *                       "prompt": "Solve 2x + 3 = 7. x = ?",
                     *                       "kind": "single_choice",
                     *                       "choices": [
                     *                         "1",
                     *                         "2",
                     *                         "5"
                     *                       ],
                     *                       "answer": 1
                     *                     }
                     *                   ]
                     *                 }
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CourseDocument"];
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    importCourse: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description A whole course: the json export, and the body of POST /courses/import. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "object": "course_export",
                 *       "version": 1,
                 *       "exported_at": "2026-11-22T11:00:02.000Z",
                 *       "course": {
                 *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                 *         "title": "Introduction to Algebra",
                 *         "description": "Equations, functions and graphs, from the ground up.",
                 *         "published": true,
                 *         "metadata": {
                 *           "level": "beginner"
                 *         },
                 *         "modules": [
                 *           {
                 *             "title": "Linear equations",
                 *             "description": "Solving for x.",
                 *             "lessons": [
                 *               {
                 *                 "title": "What is an equation?",
                 *                 "type": "text",
                 *                 "content": "# Equations",
                 *                 "duration_seconds": 300
                 *               },
                 *               {
                 *                 "title": "Check your understanding",
                 *                 "type": "quiz",
                 *                 "quiz": {
                 *                   "passing_score": 60,
                 *                   "questions": [
                 *                     {
                 *                       "id": "qst_01jd4z3p8r9s0t1v2w3x4y5z6b",
                 *                       "prompt": "Solve 2x + 3 = 7. x = ?",
                 *                       "kind": "single_choice",
                 *                       "choices": [
                 *                         "1",
                 *                         "2",
                 *                         "5"
                 *                       ],
                 *                       "answer": 1
                 *                     }
                 *                   ]
                 *                 }
                 *               }
                 *             ]
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CourseDocument"];
            };
        };
        responses: {
            /** @description The course. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "title": "Introduction to Algebra",
                     *         "description": "Equations, functions and graphs, from the ground up.",
                     *         "published": true,
                     *         "enrollment_count": 42,
                     *         "external_id": "sis-alg-101",
                     *         "metadata": {
                     *           "level": "beginner"
                     *         },
                     *         "created_at": "2026-11-21T19:05:00.000Z",
                     *         "updated_at": "2026-11-22T08:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Course"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    listImports: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
                /** @description Newest first (`-created_at`, the default) or oldest first. */
                sort?: "-created_at" | "created_at";
                /** @description `queued` → `running` → `succeeded` (every row applied) or `succeeded_with_errors` (some rows failed, the others applied), or `failed` (nothing written: `error` says why). A full sync that would deactivate more than `max_delete_percent` waits in `awaiting_confirmation` with nothing changed until POST /imports/{id}/confirm (then `queued` again) or /cancel (`canceled`). */
                status?: "queued" | "running" | "awaiting_confirmation" | "succeeded" | "succeeded_with_errors" | "failed" | "canceled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
                     *           "status": "succeeded_with_errors",
                     *           "format": "zip",
                     *           "type": null,
                     *           "mode": "upsert",
                     *           "sync": "full",
                     *           "source": "sis-nightly",
                     *           "dry_run": false,
                     *           "max_delete_percent": 10,
                     *           "progress": {
                     *             "done": 20000,
                     *             "total": 20000
                     *           },
                     *           "counts": {
                     *             "created": 120,
                     *             "updated": 35,
                     *             "unchanged": 19840,
                     *             "deactivated": 4,
                     *             "failed": 5,
                     *             "skipped": 0
                     *           },
                     *           "pending_deactivation": {
                     *             "students": 3,
                     *             "enrollments": 1,
                     *             "total": 4,
                     *             "of": 19900,
                     *             "percent": 0.02
                     *           },
                     *           "error": null,
                     *           "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
                     *           "created_at": "2026-11-29T02:00:00.000Z",
                     *           "updated_at": "2026-11-29T02:00:09.000Z",
                     *           "started_at": "2026-11-29T02:00:00.100Z",
                     *           "completed_at": "2026-11-29T02:00:09.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "per_page": 20,
                     *         "next_cursor": null,
                     *         "has_more": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Import"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createImport: {
        parameters: {
            query?: {
                /** @description Required with text/csv: what the CSV's rows are. Not taken with NDJSON or zip. */
                type?: "students" | "enrollments";
                /** @description `upsert` (the default) creates or updates; `create_only` skips rows whose object exists; `update_only` skips rows whose object does not. */
                mode?: "upsert" | "create_only" | "update_only";
                /** @description `delta` (the default) touches only the rows' objects; `full` also deactivates what earlier imports of `source` made and this file lacks (requires `source`). */
                sync?: "delta" | "full";
                /** @description `true`: read and check everything and report what a real run would do, writing nothing. */
                dry_run?: boolean;
                /** @description A full sync that would deactivate more than this percent of the source's active objects waits for confirmation (default 10). */
                max_delete_percent?: number;
                /** @description The name of the feed, e.g. `sis-nightly`: what a full sync compares against. */
                source?: string;
            };
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example external_id,email,name,status
                 *     S1001,ada@example.com,Ada Lovelace,active
                 */
                "text/csv": string;
                /**
                 * @example {"type":"student","external_id":"S1001","email":"ada@example.com","name":"Ada Lovelace"}
                 *     {"type":"enrollment","student_external_id":"S1001","course_external_id":"CHEM-101"}
                 */
                "application/x-ndjson": string;
                "application/zip": string;
            };
        };
        responses: {
            /** @description The import, queued (or the import of the first request with this Idempotency-Key, replayed). */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
                     *         "status": "queued",
                     *         "format": "zip",
                     *         "type": null,
                     *         "mode": "upsert",
                     *         "sync": "full",
                     *         "source": "sis-nightly",
                     *         "dry_run": false,
                     *         "max_delete_percent": 10,
                     *         "progress": {
                     *           "done": 0,
                     *           "total": null
                     *         },
                     *         "counts": {
                     *           "created": 0,
                     *           "updated": 0,
                     *           "unchanged": 0,
                     *           "deactivated": 0,
                     *           "failed": 0,
                     *           "skipped": 0
                     *         },
                     *         "pending_deactivation": null,
                     *         "error": null,
                     *         "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
                     *         "created_at": "2026-11-29T02:00:00.000Z",
                     *         "updated_at": "2026-11-29T02:00:09.000Z",
                     *         "started_at": null,
                     *         "completed_at": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Import id (imp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
                     *         "status": "succeeded_with_errors",
                     *         "format": "zip",
                     *         "type": null,
                     *         "mode": "upsert",
                     *         "sync": "full",
                     *         "source": "sis-nightly",
                     *         "dry_run": false,
                     *         "max_delete_percent": 10,
                     *         "progress": {
                     *           "done": 20000,
                     *           "total": 20000
                     *         },
                     *         "counts": {
                     *           "created": 120,
                     *           "updated": 35,
                     *           "unchanged": 19840,
                     *           "deactivated": 4,
                     *           "failed": 5,
                     *           "skipped": 0
                     *         },
                     *         "pending_deactivation": {
                     *           "students": 3,
                     *           "enrollments": 1,
                     *           "total": 4,
                     *           "of": 19900,
                     *           "percent": 0.02
                     *         },
                     *         "error": null,
                     *         "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
                     *         "created_at": "2026-11-29T02:00:00.000Z",
                     *         "updated_at": "2026-11-29T02:00:09.000Z",
                     *         "started_at": "2026-11-29T02:00:00.100Z",
                     *         "completed_at": "2026-11-29T02:00:09.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getImportResults: {
        parameters: {
            query?: {
                /** @description `error`: only the rows that failed. */
                status?: "error";
            };
            header?: never;
            path: {
                /** @description Import id (imp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result lines, streamed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["ImportResultLine"];
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    confirmImport: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Import id (imp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
                     *         "status": "succeeded_with_errors",
                     *         "format": "zip",
                     *         "type": null,
                     *         "mode": "upsert",
                     *         "sync": "full",
                     *         "source": "sis-nightly",
                     *         "dry_run": false,
                     *         "max_delete_percent": 10,
                     *         "progress": {
                     *           "done": 20000,
                     *           "total": 20000
                     *         },
                     *         "counts": {
                     *           "created": 120,
                     *           "updated": 35,
                     *           "unchanged": 19840,
                     *           "deactivated": 4,
                     *           "failed": 5,
                     *           "skipped": 0
                     *         },
                     *         "pending_deactivation": {
                     *           "students": 3,
                     *           "enrollments": 1,
                     *           "total": 4,
                     *           "of": 19900,
                     *           "percent": 0.02
                     *         },
                     *         "error": null,
                     *         "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
                     *         "created_at": "2026-11-29T02:00:00.000Z",
                     *         "updated_at": "2026-11-29T02:00:09.000Z",
                     *         "started_at": "2026-11-29T02:00:00.100Z",
                     *         "completed_at": "2026-11-29T02:00:09.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    cancelImport: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Import id (imp_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "imp_01jd4z3y2z3a4b5c6d7e8f9g0h",
                     *         "status": "succeeded_with_errors",
                     *         "format": "zip",
                     *         "type": null,
                     *         "mode": "upsert",
                     *         "sync": "full",
                     *         "source": "sis-nightly",
                     *         "dry_run": false,
                     *         "max_delete_percent": 10,
                     *         "progress": {
                     *           "done": 20000,
                     *           "total": 20000
                     *         },
                     *         "counts": {
                     *           "created": 120,
                     *           "updated": 35,
                     *           "unchanged": 19840,
                     *           "deactivated": 4,
                     *           "failed": 5,
                     *           "skipped": 0
                     *         },
                     *         "pending_deactivation": {
                     *           "students": 3,
                     *           "enrollments": 1,
                     *           "total": 4,
                     *           "of": 19900,
                     *           "percent": 0.02
                     *         },
                     *         "error": null,
                     *         "results_url": "/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results",
                     *         "created_at": "2026-11-29T02:00:00.000Z",
                     *         "updated_at": "2026-11-29T02:00:09.000Z",
                     *         "started_at": "2026-11-29T02:00:00.100Z",
                     *         "completed_at": "2026-11-29T02:00:09.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /** @description created_at (default) or -created_at. */
                sort?: "created_at" | "-created_at";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *           "url": "https://lms.example.com/webhooks/lectern",
                     *           "description": "LMS sync",
                     *           "events": [
                     *             "student.enrolled",
                     *             "student.completed_course"
                     *           ],
                     *           "enabled": true,
                     *           "disabled_reason": null,
                     *           "secret_hint": "whsec_5lnO…eaA=",
                     *           "previous_secret_hint": null,
                     *           "previous_secret_expires_at": null,
                     *           "created_at": "2026-11-21T19:20:00.000Z",
                     *           "updated_at": "2026-11-21T19:20:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://lms.example.com/webhooks/lectern",
                 *       "events": [
                 *         "student.enrolled",
                 *         "student.completed_course"
                 *       ],
                 *       "description": "LMS sync"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The new endpoint with its signing `secret`, this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "url": "https://lms.example.com/webhooks/lectern",
                     *         "description": "LMS sync",
                     *         "events": [
                     *           "student.enrolled",
                     *           "student.completed_course"
                     *         ],
                     *         "enabled": true,
                     *         "disabled_reason": null,
                     *         "secret_hint": "whsec_5lnO…eaA=",
                     *         "previous_secret_hint": null,
                     *         "previous_secret_expires_at": null,
                     *         "created_at": "2026-11-21T19:20:00.000Z",
                     *         "updated_at": "2026-11-21T19:20:00.000Z",
                     *         "secret": "whsec_5lnOWACAJ3Orl3zQBnTHPnIJpYXsBTxJBlKgfkiJeaA="
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "url": "https://lms.example.com/webhooks/lectern",
                     *         "description": "LMS sync",
                     *         "events": [
                     *           "student.enrolled",
                     *           "student.completed_course"
                     *         ],
                     *         "enabled": true,
                     *         "disabled_reason": null,
                     *         "secret_hint": "whsec_5lnO…eaA=",
                     *         "previous_secret_hint": null,
                     *         "previous_secret_expires_at": null,
                     *         "created_at": "2026-11-21T19:20:00.000Z",
                     *         "updated_at": "2026-11-21T19:20:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "*"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The webhook endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "url": "https://lms.example.com/webhooks/lectern",
                     *         "description": "LMS sync",
                     *         "events": [
                     *           "student.enrolled",
                     *           "student.completed_course"
                     *         ],
                     *         "enabled": true,
                     *         "disabled_reason": null,
                     *         "secret_hint": "whsec_5lnO…eaA=",
                     *         "previous_secret_hint": null,
                     *         "previous_secret_expires_at": null,
                     *         "created_at": "2026-11-21T19:20:00.000Z",
                     *         "updated_at": "2026-11-21T19:20:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint is gone, with its pending deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "whe_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @example whe_01jd4z3k9q8x7v6b5n4m3c2x1z */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description Webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "*"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The webhook endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "url": "https://lms.example.com/webhooks/lectern",
                     *         "description": "LMS sync",
                     *         "events": [
                     *           "student.enrolled",
                     *           "student.completed_course"
                     *         ],
                     *         "enabled": true,
                     *         "disabled_reason": null,
                     *         "secret_hint": "whsec_5lnO…eaA=",
                     *         "previous_secret_hint": null,
                     *         "previous_secret_expires_at": null,
                     *         "created_at": "2026-11-21T19:20:00.000Z",
                     *         "updated_at": "2026-11-21T19:20:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "grace_period_seconds": 3600
                 *     }
                 */
                "application/json": {
                    /** @description How long the old secret keeps working (default 86400; 0 stops it now). */
                    grace_period_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The endpoint with its new signing `secret`, this once; the old secret also signs until the grace period ends (`previous_secret_expires_at`). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "url": "https://lms.example.com/webhooks/lectern",
                     *         "description": "LMS sync",
                     *         "events": [
                     *           "student.enrolled",
                     *           "student.completed_course"
                     *         ],
                     *         "enabled": true,
                     *         "disabled_reason": null,
                     *         "secret_hint": "whsec_Qm9v…NTY=",
                     *         "previous_secret_hint": "whsec_5lnO…eaA=",
                     *         "previous_secret_expires_at": "2026-11-22T19:20:00.000Z",
                     *         "created_at": "2026-11-21T19:20:00.000Z",
                     *         "updated_at": "2026-11-21T19:20:00.000Z",
                     *         "secret": "whsec_Qm9vdGhQcm9tcHRseVJvdGF0ZWRTZWNyZXQxMjM0NTY="
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, with every attempt. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "dlv_01jd4z3w6x7y8z9a0b1c2d3e4f",
                     *         "endpoint_id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "event_id": "evt_01jd4z3w6x7y8z9a0b1c2d3e4e",
                     *         "event_type": "webhook_endpoint.test",
                     *         "status": "succeeded",
                     *         "attempt_count": 1,
                     *         "next_attempt_at": null,
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "status_code": 204,
                     *             "latency_ms": 8,
                     *             "response_excerpt": "",
                     *             "error": null,
                     *             "attempted_at": "2026-11-21T19:21:00.010Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-21T19:21:00.000Z",
                     *         "updated_at": "2026-11-21T19:21:00.010Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Delivery"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /** @description Newest first (-created_at, the default) or oldest first. */
                sort?: "-created_at" | "created_at";
                status?: "pending" | "succeeded" | "failed";
                /** @description Only the delivery of this event. */
                event_id?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "dlv_01jd4z3w6x7y8z9a0b1c2d3e4f",
                     *           "endpoint_id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *           "event_id": "evt_01jd4z3w6x7y8z9a0b1c2d3e4e",
                     *           "event_type": "webhook_endpoint.test",
                     *           "status": "succeeded",
                     *           "attempt_count": 1,
                     *           "next_attempt_at": null,
                     *           "attempts": [
                     *             {
                     *               "attempt": 1,
                     *               "status_code": 204,
                     *               "latency_ms": 8,
                     *               "response_excerpt": "",
                     *               "error": null,
                     *               "attempted_at": "2026-11-21T19:21:00.010Z"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-21T19:21:00.000Z",
                     *           "updated_at": "2026-11-21T19:21:00.010Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Delivery"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook delivery id (dlv_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, with every attempt. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "dlv_01jd4z3w6x7y8z9a0b1c2d3e4f",
                     *         "endpoint_id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "event_id": "evt_01jd4z3w6x7y8z9a0b1c2d3e4e",
                     *         "event_type": "webhook_endpoint.test",
                     *         "status": "succeeded",
                     *         "attempt_count": 1,
                     *         "next_attempt_at": null,
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "status_code": 204,
                     *             "latency_ms": 8,
                     *             "response_excerpt": "",
                     *             "error": null,
                     *             "attempted_at": "2026-11-21T19:21:00.010Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-21T19:21:00.000Z",
                     *         "updated_at": "2026-11-21T19:21:00.010Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Delivery"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook delivery id (dlv_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, with every attempt. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "dlv_01jd4z3w6x7y8z9a0b1c2d3e4f",
                     *         "endpoint_id": "whe_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "event_id": "evt_01jd4z3w6x7y8z9a0b1c2d3e4e",
                     *         "event_type": "webhook_endpoint.test",
                     *         "status": "succeeded",
                     *         "attempt_count": 1,
                     *         "next_attempt_at": null,
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "status_code": 204,
                     *             "latency_ms": 8,
                     *             "response_excerpt": "",
                     *             "error": null,
                     *             "attempted_at": "2026-11-21T19:21:00.010Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-21T19:21:00.000Z",
                     *         "updated_at": "2026-11-21T19:21:00.010Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Delivery"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            404: components["responses"]["NotFoundOnPost"];
            409: components["responses"]["ConflictOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    listLtiRegistrations: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /**
                 * @description Only records updated at or after this time.
                 * @example 2026-11-21T19:05:00.000Z
                 */
                updated_since?: string;
                /** @description created_at (default), -created_at, updated_at or -updated_at. */
                sort?: "created_at" | "-created_at" | "updated_at" | "-updated_at";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "ltr_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *           "issuer": "https://canvas.instructure.com",
                     *           "client_id": "10000000000042",
                     *           "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
                     *           "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
                     *           "jwks_url": "https://sso.canvaslms.com/api/lti/security/jwks",
                     *           "deployment_ids": [
                     *             "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                     *           ],
                     *           "unknown_deployments": "accept",
                     *           "student_id_claim": null,
                     *           "created_at": "2026-11-28T13:00:00.000Z",
                     *           "updated_at": "2026-11-28T13:00:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LtiRegistration"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createLtiRegistration: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "issuer": "https://canvas.instructure.com",
                 *       "client_id": "10000000000042",
                 *       "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
                 *       "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
                 *       "jwks_url": "https://sso.canvaslms.com/api/lti/security/jwks",
                 *       "deployment_ids": [
                 *         "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateLtiRegistrationRequest"];
            };
        };
        responses: {
            /** @description The registration. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "ltr_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "issuer": "https://canvas.instructure.com",
                     *         "client_id": "10000000000042",
                     *         "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
                     *         "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
                     *         "jwks_url": "https://sso.canvaslms.com/api/lti/security/jwks",
                     *         "deployment_ids": [
                     *           "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                     *         ],
                     *         "unknown_deployments": "accept",
                     *         "student_id_claim": null,
                     *         "created_at": "2026-11-28T13:00:00.000Z",
                     *         "updated_at": "2026-11-28T13:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LtiRegistration"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            409: components["responses"]["ConflictOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    getLtiRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description LTI registration id (ltr_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "ltr_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "issuer": "https://canvas.instructure.com",
                     *         "client_id": "10000000000042",
                     *         "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
                     *         "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
                     *         "jwks_url": "https://sso.canvaslms.com/api/lti/security/jwks",
                     *         "deployment_ids": [
                     *           "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                     *         ],
                     *         "unknown_deployments": "accept",
                     *         "student_id_claim": null,
                     *         "created_at": "2026-11-28T13:00:00.000Z",
                     *         "updated_at": "2026-11-28T13:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LtiRegistration"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateLtiRegistration: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description LTI registration id (ltr_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unknown_deployments": "reject",
                 *       "deployment_ids": [
                 *         "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateLtiRegistrationRequest"];
            };
        };
        responses: {
            /** @description The registration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "ltr_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "issuer": "https://canvas.instructure.com",
                     *         "client_id": "10000000000042",
                     *         "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
                     *         "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
                     *         "jwks_url": "https://sso.canvaslms.com/api/lti/security/jwks",
                     *         "deployment_ids": [
                     *           "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                     *         ],
                     *         "unknown_deployments": "accept",
                     *         "student_id_claim": null,
                     *         "created_at": "2026-11-28T13:00:00.000Z",
                     *         "updated_at": "2026-11-28T13:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LtiRegistration"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteLtiRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description LTI registration id (ltr_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The resource is gone. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "ltr_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @example ltr_01jd4z3k9q8x7v6b5n4m3c2x1z */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchLtiRegistration: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag of the version you read; the update fails with 412 if it changed. */
                "if-match"?: string;
            };
            path: {
                /** @description LTI registration id (ltr_…) */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; the others stay. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unknown_deployments": "reject",
                 *       "deployment_ids": [
                 *         "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateLtiRegistrationRequest"];
            };
        };
        responses: {
            /** @description The registration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "ltr_01jd4z3v3w4x5y6z7a8b9c0d1e",
                     *         "issuer": "https://canvas.instructure.com",
                     *         "client_id": "10000000000042",
                     *         "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
                     *         "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
                     *         "jwks_url": "https://sso.canvaslms.com/api/lti/security/jwks",
                     *         "deployment_ids": [
                     *           "42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb"
                     *         ],
                     *         "unknown_deployments": "accept",
                     *         "student_id_claim": null,
                     *         "created_at": "2026-11-28T13:00:00.000Z",
                     *         "updated_at": "2026-11-28T13:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LtiRegistration"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createLtiRegistrationLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the POST safe to retry: within 24 h the same key from the same workspace replays the first answer (status and body) with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, and 409 `idempotency_request_in_progress` while the first is still running.
                 * @example 3f2c9a4e-7b1d-4c8e-9f60-2a5d8e1b7c34
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expires_in_seconds": 86400
                 *     }
                 */
                "application/json": components["schemas"]["CreateLtiRegistrationLinkRequest"];
            };
        };
        responses: {
            /** @description The one-time Dynamic Registration URL, this once, and when it stops working. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "url": "https://lectern.school.example/lti/register?link=q5m1Yy0dZr5b0hD6cT1mCq5m1Yy0dZr5b0hD6cT1mCq",
                     *         "expires_at": "2026-12-05T13:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LtiRegistrationLink"];
                    };
                };
            };
            400: components["responses"]["BadRequestOnPost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenOnPost"];
            413: components["responses"]["PayloadTooLargeOnPost"];
            415: components["responses"]["UnsupportedMediaTypeOnPost"];
            422: components["responses"]["UnprocessableEntityOnPost"];
            429: components["responses"]["TooManyRequestsOnPost"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorOnPost"];
            503: components["responses"]["ServiceUnavailableOnPost"];
        };
    };
    listLtiGradeSends: {
        parameters: {
            query?: {
                /** @description Page number, 1-based (page mode). */
                page?: number;
                /** @description Records per page, 1..100 (default 20). */
                per_page?: number;
                /** @description Cursor mode: `next_cursor` of the previous page; empty to start from the beginning. */
                cursor?: string;
                /** @description Newest first (-created_at, the default) or oldest first. */
                sort?: "-created_at" | "created_at";
                /** @description `pending` until the platform accepts the score (`succeeded`), answers a 4xx other than 429 or the retry schedule runs out (`failed`); `superseded` when a newer score for the same line item and user came before this one was sent (the newer one is sent instead). */
                status?: "pending" | "succeeded" | "failed" | "superseded";
                /** @description Only the sends of this student. */
                student_id?: string;
            };
            header?: never;
            path: {
                /** @description LTI registration id (ltr_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. `Link` has the next page (and in page mode prev, first, last). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "lgs_01jd4z3r4s5t6v7w8x9y0z1a2b",
                     *           "registration_id": "ltr_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "launch_id": "lla_01jd4z3m1n2p3q4r5s6t7v8w9x",
                     *           "student_id": "stu_01jd4z3q1r2s3t4v5w6x7y8z9a",
                     *           "course_id": "crs_01jd4z3k9q8x7v6b5n4m3c2x1z",
                     *           "lineitem_url": "https://school.instructure.com/api/lti/courses/12/line_items/34",
                     *           "user_id": "a6d5c443-1f51-4783-ba1a-7686ffe3b54a",
                     *           "score_given": 83.5,
                     *           "score_maximum": 100,
                     *           "activity_progress": "InProgress",
                     *           "grading_progress": "FullyGraded",
                     *           "timestamp": "2026-11-28T14:20:00.000Z",
                     *           "status": "pending",
                     *           "attempt_count": 1,
                     *           "next_attempt_at": "2026-11-28T14:21:00.000Z",
                     *           "last_status_code": 503,
                     *           "last_error": "HTTP 503",
                     *           "created_at": "2026-11-28T14:20:00.000Z",
                     *           "updated_at": "2026-11-28T14:20:01.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "per_page": 20,
                     *         "total": 1,
                     *         "total_pages": 1,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LtiGradeSend"][];
                        /** @description PagePagination in page mode, CursorPagination in cursor mode. */
                        pagination: components["schemas"]["PagePagination"] | components["schemas"]["CursorPagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    onCourseCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseCreatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCourseUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseUpdatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCourseDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseDeletedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCoursePublished: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CoursePublishedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCourseUnpublished: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseUnpublishedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onModuleCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModuleCreatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onModuleUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModuleUpdatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onModuleDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModuleDeletedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onLessonCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LessonCreatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onLessonUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LessonUpdatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onLessonDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LessonDeletedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onStudentCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentCreatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onStudentUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentUpdatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onStudentDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentDeletedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onStudentEnrolled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentEnrolledEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onStudentUnenrolled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentUnenrolledEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onStudentCompletedLesson: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentCompletedLessonEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onStudentCompletedCourse: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentCompletedCourseEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuizSubmitted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuizSubmittedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuizPassed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuizPassedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuizFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuizFailedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onExportCompleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportCompletedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onExportFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportFailedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onImportCompleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportCompletedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onImportFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportFailedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onImportAwaitingConfirmation: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportAwaitingConfirmationEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onUsageThresholdReached: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UsageThresholdReachedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookEndpointDisabled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointDisabledEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookEndpointTest: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and for every endpoint. Deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (Standard Webhooks); two, space-separated, during a secret rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as GET /events/{id} answers it. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointTestEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded. The body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (or none within the timeout) fails the attempt; it is retried later. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
