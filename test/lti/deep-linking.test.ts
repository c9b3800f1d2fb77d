import { createLocalJWKSet, decodeProtectedHeader, type JWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { countRows } from '../../src/db/count.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';
import { testDialects } from '../dialects.js';
import { type AppResponse, type Claims, expectPage, LTI, launch, PlatformSimulator, ROLES, tokenOf } from './platform-simulator.js';

/**
 * LTI Deep Linking 2.0 against the platform simulator, on every database: a teacher's
 * LtiDeepLinkingRequest opens the picker of the workspace's published courses; the answer is a
 * signed LtiDeepLinkingResponse the simulator verifies with Lectern's JWKS; the link it makes
 * launches the course.
 */

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

let sim: PlatformSimulator;
beforeAll(async () => {
  sim = await PlatformSimulator.start();
});
afterAll(async () => {
  await sim.close();
});

const courseIdsOf = (html: string): string[] => [...html.matchAll(/name="course_id" value="([^"]+)"/g)].map((m) => m[1]!);
const jwtOf = (html: string): string => /name="JWT" value="([^"]+)"/.exec(html)?.[1] ?? '';
const formActionOf = (html: string): string => /<form id="lti-autopost" method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';

describe.each(testDialects())('LTI Deep Linking (%s)', (dialect) => {
  let t: TestApp;
  let algebra: string;
  let geometry: string;
  let draft: string;
  let foreign: string;
  let toolJwks: () => Promise<{ keys: JWK[] }>;

  const post = async (url: string, form: Record<string, string | string[]>): Promise<AppResponse> => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    const r = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
    return { status: r.statusCode, headers: r.headers as AppResponse['headers'], text: r.body };
  };
  const deepLinking = (settings: Record<string, unknown> = {}, claims: Claims = {}): Claims => ({
    [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
    [`${LTI}resource_link`]: undefined,
    [`${LTI}roles`]: [ROLES.instructor],
    [`${DL}deep_linking_settings`]: {
      deep_link_return_url: `${sim.origin}/deep-link-return?ctx=42`,
      accept_types: ['link', 'ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      data: 'opaque-csrf-123',
      ...settings,
    },
    ...claims,
  });
  const openPicker = async (settings: Record<string, unknown> = {}) => {
    const response = await launch(t.app, sim, { claims: deepLinking(settings) });
    expectPage(response, 200, /Add a Lectern course/);
    return { response, token: tokenOf(response.text) };
  };
  const pageTokens = () => countRows(t.database.selectFrom('lti_page_tokens'));

  beforeAll(async () => {
    t = await setupApp(dialect, { config: { webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
    sim.now = () => Math.floor(t.clock.now() / 1000);
    toolJwks = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/lti/jwks' })).body) as { keys: JWK[] };
    sim.toolJwks = toolJwks;
    algebra = (await createCourse(t, { title: 'Algèbre I: équations', description: 'Linear equations', published: true })).id;
    geometry = (await createCourse(t, { title: 'Geometry', published: true })).id;
    draft = (await createCourse(t, { title: 'Algebra draft' })).id;
    const other = await t.newKey();
    foreign = (await createCourse(t, { title: 'Algebra elsewhere', published: true }, other.key)).id;
    const registration = await t.request({ method: 'POST', url: '/api/v1/lti/registrations', body: sim.registration() });
    if (registration.status !== 201) throw new Error(show(registration));
  });
  afterAll(async () => {
    await t.close();
  });

  it('the picker lists the published courses of the workspace, searches by title, and answers a signed response the platform verifies', async () => {
    const { response, token } = await openPicker();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(response.headers['content-security-policy'])).toContain("form-action 'self'");
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'none'");
    expect(courseIdsOf(response.text).sort()).toEqual([algebra, geometry].sort());
    expect(response.text).not.toContain(draft);
    expect(response.text).not.toContain(foreign);

    // Case and accents ignored; every word must be in the title.
    const search = await post('/lti/deep-linking', { token, q: 'ALGEBRE equa' });
    expectPage(search, 200, /Algèbre I/);
    expect(courseIdsOf(search.text)).toEqual([algebra]);
    const none = await post('/lti/deep-linking', { token, q: 'draft' });
    expectPage(none, 200, /No published course matches/);
    expect(courseIdsOf(none.text)).toEqual([]);

    const answer = await post('/lti/deep-linking/answer', { token, course_id: algebra });
    expectPage(answer, 200, /Adding “Algèbre I: équations”/);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain(`form-action ${sim.origin}`);
    expect(csp).toContain("script-src 'self'");
    expect(answer.text).toContain('<script src="/lti/assets/lti-instructor.js" defer></script>');
    expect(answer.text).not.toMatch(/<script>/);
    expect(formActionOf(answer.text)).toBe(`${sim.origin}/deep-link-return?ctx=42`);
    const jwt = jwtOf(answer.text);

    // The response, verified here with the tool's JWKS: every claim DL 2.0 requires.
    const jwks = await toolJwks();
    const header = decodeProtectedHeader(jwt);
    expect(header.alg).toBe('RS256');
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['RS256'], issuer: sim.clientId, audience: sim.issuer, currentDate: new Date(t.clock.now()) });
    expect(payload).toMatchObject({
      [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: sim.deploymentId,
      [`${DL}data`]: 'opaque-csrf-123',
    });
    expect(payload.nonce).toEqual(expect.any(String));
    expect(payload.exp! - payload.iat!).toBeGreaterThan(0);
    expect(payload[`${DL}content_items`]).toEqual([
      {
        type: 'ltiResourceLink',
        title: 'Algèbre I: équations',
        text: 'Linear equations',
        url: 'http://localhost:80/lti/launch',
        custom: { course_id: algebra },
        lineItem: { scoreMaximum: 100, label: 'Algèbre I: équations', resourceId: algebra },
      },
    ]);

    // The platform's return endpoint verifies it with Lectern's JWKS and keeps the link.
    const returned = await fetch(formActionOf(answer.text), { method: 'POST', body: new URLSearchParams({ JWT: jwt }) });
    expect(returned.status, await returned.clone().text()).toBe(200);
    const link = sim.deepLinks.at(-1)!;
    expect(link.contentItems[0]).toMatchObject({ type: 'ltiResourceLink', custom: { course_id: algebra } });

    // The link launches the course: a learner lands on the player, enrolled.
    const learner = await launch(t.app, sim, { claims: { sub: `dl-learner-${dialect}`, [`${LTI}custom`]: link.contentItems[0]!.custom } });
    expect(learner.status, learner.text).toBe(303);
    expect(String(learner.headers.location)).toMatch(/\/play\/#/);
    const enrollments = await t.request({ url: `/api/v1/enrollments?course_id=${algebra}` });
    expect(enrollments.body.data, show(enrollments)).toHaveLength(1);
  });

  it('the picker token is single use: a second answer, or a search after it, is refused', async () => {
    const { token } = await openPicker();
    expect((await post('/lti/deep-linking/answer', { token, course_id: geometry })).status).toBe(200);
    expectPage(await post('/lti/deep-linking/answer', { token, course_id: geometry }), 409, /already used/);
    expectPage(await post('/lti/deep-linking', { token, q: '' }), 409, /already used/);
    expectPage(await post('/lti/deep-linking/answer', { token: 'x'.repeat(43), course_id: geometry }), 401, /no longer valid/);
    expectPage(await post('/lti/deep-linking/answer', { course_id: geometry }), 401, /no longer valid/);
  });

  it('the token expires after half an hour', async () => {
    const { token } = await openPicker();
    // The simulator's iat and exp follow the app's clock: later launches stay valid.
    t.clock.advance(31 * 60 * 1000);
    expectPage(await post('/lti/deep-linking', { token }), 401, /no longer valid/);
  });

  it("another workspace's course, a draft or no course cannot be picked; the picker stays usable", async () => {
    const { token } = await openPicker();
    expectPage(await post('/lti/deep-linking/answer', { token, course_id: foreign }), 404, /not a published course of this Lectern workspace/);
    expectPage(await post('/lti/deep-linking/answer', { token, course_id: draft }), 404, /not a published course/);
    expectPage(await post('/lti/deep-linking/answer', { token, course_id: 'crs_nope' }), 404, /not a published course/);
    expectPage(await post('/lti/deep-linking/answer', { token }), 400, /Choose a course/);
    expectPage(await post('/lti/deep-linking/answer', { token, course_id: [algebra, geometry] }), 400, /takes one course/);
    expect((await post('/lti/deep-linking/answer', { token, course_id: geometry })).status).toBe(200);
  });

  it('accept_multiple takes several courses: one link each; no data, none echoed', async () => {
    const { response, token } = await openPicker({ accept_multiple: true, data: undefined });
    expect(response.text).toContain('type="checkbox"');
    const answer = await post('/lti/deep-linking/answer', { token, course_id: [algebra, geometry] });
    expect(answer.status, answer.text).toBe(200);
    const returned = await fetch(formActionOf(answer.text), { method: 'POST', body: new URLSearchParams({ JWT: jwtOf(answer.text) }) });
    expect(returned.status).toBe(200);
    const link = sim.deepLinks.at(-1)!;
    expect(link.contentItems.map((i) => (i.custom as { course_id: string }).course_id)).toEqual([algebra, geometry]);
    expect(link.claims).not.toHaveProperty(`${DL}data`);
  });

  it('accept_types without ltiResourceLink answers an error page and keeps no picker; a learner is refused (403)', async () => {
    const before = await pageTokens();
    expectPage(await launch(t.app, sim, { claims: deepLinking({ accept_types: ['file', 'html'] }) }), 400, /file, html.*ltiResourceLink/);
    expectPage(await launch(t.app, sim, { claims: deepLinking({ accept_types: undefined }) }), 400, /ltiResourceLink/);
    expectPage(await launch(t.app, sim, { claims: deepLinking({ deep_link_return_url: 'javascript:alert(1)' }) }), 400, /deep_link_return_url/);
    expectPage(await launch(t.app, sim, { claims: deepLinking({}, { [`${LTI}roles`]: [ROLES.learner] }) }), 403, /instructors/);
    expect(await pageTokens()).toBe(before);
  });

  it('a response signed with another key does not verify at the platform', async () => {
    const { token } = await openPicker();
    const answer = await post('/lti/deep-linking/answer', { token, course_id: algebra });
    const forged = jwtOf(answer.text).replace(/\.[^.]+$/, '.AAAA');
    const returned = await fetch(`${sim.origin}/deep-link-return`, { method: 'POST', body: new URLSearchParams({ JWT: forged }) });
    expect(returned.status).toBe(400);
  });

  it('serves the pages\' script', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/lti/assets/lti-instructor.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("getElementById('lti-autopost')");
  });
});
