import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import * as management from '../users/user-management.service.js';
import type { Session } from '../users/users.service.js';
import { assertOwner, consoleBaseUrl } from './console-session.js';
import { ChangeRoleBody, InviteUserBody, UserIdParams } from './console.schemas.js';

const hide = { hide: true } as const;

/**
 * The Users page's API (owners only): the account's users, invitations by one-time link, roles,
 * removal, recovery links and ending a user's sessions. Registered inside consoleApiRoutes, so its
 * origin and CSRF checks apply; `session` answers the request's session (401 without one).
 */
export function consoleUserRoutes(
  parent: FastifyInstance,
  options: { ctx: ServiceContext; publicUrl: string | undefined; session: (request: FastifyRequest) => Promise<Session> },
): void {
  const { ctx, publicUrl } = options;
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  /** The signed-in owner's account (403 for developers and viewers). */
  const ownerAccount = async (request: FastifyRequest) => {
    const { user } = await options.session(request);
    assertOwner(user.role);
    return user.account_id;
  };

  app.get('/console/api/users', { schema: hide }, async (request) => ({
    data: await management.listConsoleUsers(ctx, await ownerAccount(request)),
  }));
  app.post('/console/api/users', { schema: { ...hide, body: InviteUserBody } }, async (request, reply) => {
    const accountId = await ownerAccount(request);
    const invited = await management.inviteUser(ctx, accountId, request.body, consoleBaseUrl(request, publicUrl));
    reply.code(201);
    return { data: invited };
  });
  app.patch('/console/api/users/:id', { schema: { ...hide, params: UserIdParams, body: ChangeRoleBody } }, async (request) => ({
    data: await management.changeRole(ctx, await ownerAccount(request), request.params.id, request.body.role),
  }));
  app.delete('/console/api/users/:id', { schema: { ...hide, params: UserIdParams } }, async (request) => ({
    data: await management.removeUser(ctx, await ownerAccount(request), request.params.id),
  }));
  app.post('/console/api/users/:id/sign-in-link', { schema: { ...hide, params: UserIdParams } }, async (request) => ({
    data: await management.issueSignInLink(ctx, await ownerAccount(request), request.params.id, consoleBaseUrl(request, publicUrl)),
  }));
  app.delete('/console/api/users/:id/sessions', { schema: { ...hide, params: UserIdParams } }, async (request) => ({
    data: await management.endSessionsOf(ctx, await ownerAccount(request), request.params.id),
  }));
}
