import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { countRows } from '../../src/db/count.js';
import { issuerMatches, TOOL_SCOPES } from '../../src/modules/lti/dynamic-registration.service.js';
import { LTI_CLOSE_SCRIPT, LTI_CLOSE_SCRIPT_PATH } from '../../src/modules/lti/dynamic-registration.routes.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';
import { testDialects } from '../dialects.js';
import { launch, PlatformSimulator, toolRegistrationProblems } from './platform-simulator.js';

/**
 * LTI Dynamic Registration (GET /lti/register) against the platform simulator, on every database:
 * the one-time link registers the platform (usable for a launch at once), and every refusal (a
 * spent, unknown or expired link; an issuer that does not match its configuration's address; a
 * platform that does not do LTI 1.3; a registration endpoint that refuses) answers an HTML page and
 * stores nothing.
 */

const PUBLIC_URL = 'http://lectern.test';

describe('issuerMatches (LTI Dynamic Registration 1.0, §3.5.1)', () => {
  it.each([
    ['https://lms.example', 'https://lms.example/.well-known/openid-configuration', true],
    ['https://lms.example/', 'https://lms.example/mod/lti/openid-configuration.php', true],
    ['https://school.example/moodle', 'https://school.example/moodle/mod/lti/openid-configuration.php', true],
    ['https://school.example/moodle', 'https://school.example/moodle2/openid-configuration', false],
    ['https://lms.example', 'https://evil.example/.well-known/openid-configuration', false],
    ['https://lms.example', 'http://lms.example/.well-known/openid-configuration', false],
    ['https://lms.example:8443', 'https://lms.example/.well-known/openid-configuration', false],
    ['https://canvas.instructure.com', 'https://school.instructure.com/api/lti/security/openid-configuration', false],
    ['not a url', 'https://lms.example/x', false],
  ])('%s for %s: %s', (issuer, url, matches) => {
    expect(issuerMatches(issuer, url)).toBe(matches);
  });
});

describe.each(testDialects())('LTI Dynamic Registration (%s)', (dialect) => {
  let t: TestApp;
  let sim: PlatformSimulator;
  let courseId: string;
  beforeAll(async () => {
    // The simulator listens on 127.0.0.1: platform calls to private addresses are allowed, as in development.
    t = await setupApp(dialect, { config: { publicUrl: PUBLIC_URL, webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
    sim = await PlatformSimulator.start({ clientId: 'dr-client-1', deploymentId: 'dr-deployment-1' });
    sim.now = () => Math.floor(t.clock.now() / 1000);
    courseId = (await createCourse(t, { title: 'Geometry', published: true })).id;
  });
  afterAll(async () => {
    await sim.close();
    await t.close();
  });
  beforeEach(() => {
    sim.registrationToken = 'reg-token-1';
    sim.registerStatus = 201;
    sim.registeredClientId = undefined;
    sim.configurationOverrides = {};
  });

  /** A new one-time link's token, from POST /api/v1/lti/registration-links. */
  const newLink = async (body: Record<string, unknown> = {}) => {
    const response = await t.request({ method: 'POST', url: '/api/v1/lti/registration-links', body });
    expect(response.status, show(response)).toBe(201);
    const url = new URL(response.body.data.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/lti/register`);
    return url.searchParams.get('link')!;
  };

  /** GET /lti/register as the LMS opens it (parameters overridable; `undefined` leaves one out). */
  const register = async (link: string, params: Record<string, string | undefined> = {}) => {
    const query = new URLSearchParams();
    const all: Record<string, string | undefined> = { link, openid_configuration: sim.openidConfigurationUrl, registration_token: sim.registrationToken, ...params };
    for (const [name, value] of Object.entries(all)) if (value !== undefined) query.set(name, value);
    const response = await t.app.inject({ method: 'GET', url: `/lti/register?${query.toString()}` });
    return { status: response.statusCode, headers: response.headers, text: response.body };
  };

  const expectPage = (response: { status: number; headers: Record<string, unknown>; text: string }, status: number, says: RegExp) => {
    const message = `${response.status} ${response.text.slice(0, 1500)}`;
    expect(response.status, message).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text, message).toMatch(says);
    expect(response.text).not.toMatch(/at .*\.(ts|js):\d+/);
  };

  const state = async () => {
    const [registrations, deployments, spent] = await Promise.all([
      countRows(t.database.selectFrom('lti_registrations')),
      countRows(t.database.selectFrom('lti_deployments')),
      countRows(t.database.selectFrom('lti_registration_links').where('used_at', 'is not', null)),
    ]);
    return { registrations, deployments, spent, platformRegistrations: sim.registrations.length };
  };

  it('registers the platform from its configuration, and the registration launches at once', async () => {
    const link = await newLink();
    const before = await state();
    const response = await register(link);
    expectPage(response, 200, /Lectern is registered/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.text).toContain(`<script src="${LTI_CLOSE_SCRIPT_PATH}" defer></script>`);
    expect(response.text).not.toMatch(/<script>/);

    // What the platform received: the bearer registration token and a valid tool configuration on PUBLIC_URL.
    const posted = sim.received('/register').at(-1)!;
    expect(posted.method).toBe('POST');
    expect(posted.headers.authorization).toBe('Bearer reg-token-1');
    expect(posted.headers['content-type']).toBe('application/json');
    expect(posted.headers['user-agent']).toBe('Lectern-LTI/1');
    const sent = JSON.parse(posted.body) as Record<string, unknown>;
    expect(toolRegistrationProblems(sent)).toEqual([]);
    expect(sent).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${PUBLIC_URL}/lti/login`,
      redirect_uris: [`${PUBLIC_URL}/lti/launch`],
      client_name: 'Lectern',
      jwks_uri: `${PUBLIC_URL}/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: TOOL_SCOPES.join(' '),
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        domain: 'lectern.test',
        target_link_uri: `${PUBLIC_URL}/lti/launch`,
        claims: expect.arrayContaining(['iss', 'sub', 'name', 'email']),
        messages: [
          expect.objectContaining({ type: 'LtiResourceLinkRequest', target_link_uri: `${PUBLIC_URL}/lti/launch` }),
          expect.objectContaining({ type: 'LtiDeepLinkingRequest', target_link_uri: `${PUBLIC_URL}/lti/launch` }),
        ],
      },
    });

    // Stored in the link's workspace with what the platform answered.
    expect(await state()).toEqual({ ...before, registrations: before.registrations + 1, deployments: before.deployments + 1, spent: before.spent + 1, platformRegistrations: before.platformRegistrations + 1 });
    const list = await t.request({ url: '/api/v1/lti/registrations' });
    expect(list.body.data, show(list)).toEqual([
      expect.objectContaining({
        issuer: sim.issuer,
        client_id: 'dr-client-1',
        auth_login_url: sim.authUrl,
        auth_token_url: sim.tokenUrl,
        jwks_url: sim.jwksUrl,
        deployment_ids: ['dr-deployment-1'],
        unknown_deployments: 'accept',
      }),
    ]);
    const noted = await t.database.selectFrom('lti_registration_links').select('registration_id').where('used_at', 'is not', null).execute();
    expect(noted.map((r) => r.registration_id)).toContain(list.body.data[0].id);

    const launched = await launch(t.app, sim, { courseId, claims: { sub: `dr-${dialect}` } });
    expect(launched.status, launched.text).toBe(303);
    expect(String(launched.headers.location)).toMatch(/\/play\/#/);

    // Links are one-time: the same link again is refused and writes nothing, not even a call to the platform.
    const afterFirst = await state();
    const calls = sim.requests.length;
    expectPage(await register(link), 403, /cannot be used/);
    expect(await state()).toEqual(afterFirst);
    expect(sim.requests.length).toBe(calls);
  });

  it('the close script posts org.imsglobal.lti.close to the opener or parent', async () => {
    const script = await t.app.inject({ method: 'GET', url: LTI_CLOSE_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toBe(LTI_CLOSE_SCRIPT);
    expect(script.body).toContain("(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*')");
  });

  it('an unknown or expired link: a page, nothing written, the platform never called', async () => {
    const expiring = await newLink({ expires_in_seconds: 60 });
    t.clock.advance(61_000);
    const before = await state();
    const calls = sim.requests.length;
    expectPage(await register(expiring), 403, /unknown, used already, or expired/);
    expectPage(await register('not-a-link-token-at-all-0000000000000000000'), 403, /cannot be used/);
    expect(await state()).toEqual(before);
    expect(sim.requests.length).toBe(calls);
  });

  it('without openid_configuration (a person or a link checker opening it): a page, and the link is not spent', async () => {
    const link = await newLink();
    const before = await state();
    expectPage(await register(link, { openid_configuration: undefined }), 400, /Dynamic Registration link/);
    expect(await state()).toEqual(before);
    expect((await t.app.inject({ method: 'HEAD', url: `/lti/register?link=${link}` })).statusCode).toBe(405);
  });

  it('an issuer that does not match its configuration\'s address: a page, nothing registered or stored, the link usable again', async () => {
    const link = await newLink();
    sim.configurationOverrides = { issuer: 'https://lms.other.example' };
    const before = await state();
    const posts = sim.received('/register').length;
    expectPage(await register(link), 400, /does not match the address it was read from/);
    expect(await state()).toEqual(before);
    expect(sim.received('/register')).toHaveLength(posts);
  });

  it.each([
    ['no RS256', { id_token_signing_alg_values_supported: ['HS256'] }, /RS256/],
    ['no LTI platform configuration', { 'https://purl.imsglobal.org/spec/lti-platform-configuration': undefined }, /not an LTI 1.3 platform/],
    ['no registration endpoint', { registration_endpoint: undefined }, /lacks registration_endpoint/],
  ])('a configuration with %s: a page, nothing stored', async (_name, overrides, says) => {
    const link = await newLink();
    sim.configurationOverrides = overrides;
    const before = await state();
    const posts = sim.received('/register').length;
    expectPage(await register(link), 400, says);
    expect(await state()).toEqual(before);
    expect(sim.received('/register')).toHaveLength(posts);
  });

  it('a registration endpoint that refuses (400, or 401 for a wrong token): a page, nothing stored, and the same link works once the LMS is fixed', async () => {
    const link = await newLink();
    sim.registeredClientId = 'dr-client-retry';
    const before = await state();
    sim.registerStatus = 400;
    expectPage(await register(link), 502, /refused the registration.*HTTP 400 \(invalid_client_metadata\)/s);
    expect(await state()).toEqual(before);
    sim.registerStatus = 201;
    expectPage(await register(link, { registration_token: 'wrong-token' }), 502, /HTTP 401 \(invalid_token\)/);
    expect(await state()).toEqual(before);

    expectPage(await register(link), 200, /Lectern is registered/);
    const after = await state();
    expect(after.registrations).toBe(before.registrations + 1);
    expect(after.spent).toBe(before.spent + 1);
  });

  it('a platform registered already: 409 page, and the link stays spent (the platform made a client)', async () => {
    const link = await newLink();
    // The simulator answers the client id of the first test's registration.
    const before = await state();
    expectPage(await register(link), 409, /registered already/);
    expect(await state()).toEqual({ ...before, spent: before.spent + 1, platformRegistrations: before.platformRegistrations + 1 });
  });

  it('without a registration_token (optional in the spec): no Authorization header', async () => {
    const link = await newLink();
    sim.registrationToken = undefined;
    sim.registeredClientId = 'dr-client-no-token';
    expectPage(await register(link, { registration_token: undefined }), 200, /Lectern is registered/);
    expect(sim.received('/register').at(-1)!.headers.authorization).toBeUndefined();
  });

  it('an unreachable configuration: a 502 page, nothing stored', async () => {
    const link = await newLink();
    const before = await state();
    expectPage(await register(link, { openid_configuration: 'http://127.0.0.1:1/.well-known/openid-configuration' }), 502, /could not be read: connection refused/);
    expect(await state()).toEqual(before);
  });

  it('GET /lti/register is not in the OpenAPI document', async () => {
    const doc = await t.request({ url: '/api/v1/openapi.json', key: null });
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths as object)).not.toContain('/lti/register');
  });
});
