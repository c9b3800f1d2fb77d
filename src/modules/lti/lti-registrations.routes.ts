import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { publicBaseUrl } from '../../shared/public-url.js';
import { pageReply, resourceReply } from '../../shared/reply.js';
import { IfMatchHeaders, responses, withExamples } from '../../shared/schemas.js';
import {
  CreateLtiRegistrationBody,
  CreateLtiRegistrationLinkBody,
  ListLtiRegistrationsQuery,
  LtiRegistrationDeletedResponse,
  LtiRegistrationLinkResponse,
  LtiRegistrationListResponse,
  LtiRegistrationParams,
  LtiRegistrationResponse,
  linkBodyOf,
  UpdateLtiRegistrationBody,
} from './lti-registrations.schemas.js';
import * as service from './lti-registrations.service.js';

const tags = ['lti'];

const URL_RULES =
  'The three platform URLs must be https and may not point to a loopback, private, link-local or metadata address (400 `validation_error` naming each one); the dev switch `WEBHOOK_ALLOW_PRIVATE=true` lifts both outside production.';

/** The workspace's LTI 1.3 platform registrations and its one-time Dynamic Registration links (docs/lti.md). */
export async function ltiRegistrationRoutes(parent: FastifyInstance, { ctx, publicUrl }: { ctx: service.LtiContext; publicUrl: string | undefined }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/lti/registrations', {
    config: { scope: 'lti:read' },
    schema: {
      tags,
      operationId: 'listLtiRegistrations',
      summary: 'List LTI platform registrations',
      description: 'The LMS platforms this workspace accepts launches from, each with its known deployment ids. Filter: `updated_since`. Page mode by default; cursor mode with `cursor`.',
      querystring: ListLtiRegistrationsQuery,
      response: responses({ 200: LtiRegistrationListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listRegistrations(ctx, request.auth.workspaceId, request.query)),
  });

  app.post('/lti/registrations', {
    config: { scope: 'lti:write' },
    schema: {
      tags,
      operationId: 'createLtiRegistration',
      summary: 'Register an LTI platform',
      description:
        'Registers an LMS by the values it shows when Lectern is added as an LTI 1.3 tool. A platform is found by (`issuer`, `client_id`): that pair is registered once across every workspace ' +
        '(409 `lti_registration_exists`), while two workspaces may register one issuer with different client ids. `unknown_deployments` defaults to `accept`. ' +
        URL_RULES,
      body: CreateLtiRegistrationBody,
      response: responses({ 201: LtiRegistrationResponse }, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { data: await service.createRegistration(ctx, request.auth.workspaceId, request.body) };
    },
  });

  app.get('/lti/registrations/:id', {
    config: { scope: 'lti:read' },
    schema: {
      tags,
      operationId: 'getLtiRegistration',
      summary: 'Get an LTI platform registration',
      description: 'The registration with its known deployment ids, and its `ETag`.',
      responseHeaders: ['ETag'],
      params: LtiRegistrationParams,
      response: responses({ 200: LtiRegistrationResponse }, 404),
    },
    handler: async (request, reply) => resourceReply(reply, await service.getRegistration(ctx, request.auth.workspaceId, request.params.id)),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/lti/registrations/:id',
      config: { scope: 'lti:write' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateLtiRegistration' : 'patchLtiRegistration',
        summary: method === 'PUT' ? 'Update an LTI platform registration' : 'Update an LTI platform registration (alias of PUT)',
        description: `Changes the fields given; \`deployment_ids\` replaces the known ids. ${URL_RULES}`,
        responseHeaders: ['ETag'],
        params: LtiRegistrationParams,
        headers: IfMatchHeaders,
        body: UpdateLtiRegistrationBody,
        response: responses({ 200: LtiRegistrationResponse }, 404, 409, 412, 413, 415),
      },
      handler: async (request, reply) =>
        resourceReply(reply, await service.updateRegistration(ctx, request.auth.workspaceId, request.params.id, request.body, request.headers['if-match'])),
    });
  }

  app.delete('/lti/registrations/:id', {
    config: { scope: 'lti:write' },
    schema: {
      tags,
      operationId: 'deleteLtiRegistration',
      summary: 'Delete an LTI platform registration',
      description: 'Launches from this platform are refused from then on; its known deployment ids go with it. Students and enrollments its launches made stay.',
      params: LtiRegistrationParams,
      response: responses({ 200: LtiRegistrationDeletedResponse }, 404),
    },
    handler: async (request) => ({ data: await service.deleteRegistration(ctx, request.auth.workspaceId, request.params.id) }),
  });

  app.post('/lti/registration-links', {
    config: { scope: 'lti:write', secretFields: ['url'], readsBody: true },
    schema: {
      tags,
      operationId: 'createLtiRegistrationLink',
      summary: 'Make a one-time LTI Dynamic Registration link',
      description:
        'A URL to paste into the LMS\'s "register a tool by URL" (LTI Dynamic Registration): the LMS opens it, and Lectern registers that platform in this workspace. ' +
        'It works once, until `expires_at` (`expires_in_seconds`: 60 s to 30 days, default 7 days). The URL is shown only in this answer. ' +
        'It is built on PUBLIC_URL when set, else on the address this request came to.',
      documentedBody: withExamples(CreateLtiRegistrationLinkBody, [{ expires_in_seconds: 86_400 }]),
      bodyRequired: false,
      response: responses({ 201: LtiRegistrationLinkResponse }, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      const body = linkBodyOf(request.body);
      return { data: await service.createRegistrationLink(ctx, request.auth.workspaceId, body, publicBaseUrl(request, publicUrl)) };
    },
  });
}
