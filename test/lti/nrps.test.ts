import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { countRows } from '../../src/db/count.js';
import { nextLink } from '../../src/modules/lti/nrps.service.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';
import { testDialects } from '../dialects.js';
import { type AppResponse, type Claims, expectPage, launch, NRPS_SCOPE, PlatformSimulator, ROLES, tokenOf } from './platform-simulator.js';

/**
 * LTI Names and Role Provisioning Services against the platform simulator, on every database: a
 * teacher's launch with the NRPS claim offers Members; the roster comes in two pages (Link
 * rel="next") on one client-credentials token whose client assertion the simulator verifies with
 * Lectern's JWKS; "Enroll all learners" makes students and enrollments once.
 */

const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

let sim: PlatformSimulator;
beforeAll(async () => {
  sim = await PlatformSimulator.start();
});
afterAll(async () => {
  await sim.close();
});


describe.each(testDialects())('LTI Names and Roles (%s)', (dialect) => {
  let t: TestApp;
  let courseId: string;

  const post = async (url: string, form: Record<string, string>): Promise<AppResponse> => {
    const r = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    return { status: r.statusCode, headers: r.headers as AppResponse['headers'], text: r.body };
  };
  const nrpsClaim = (): Claims => ({ [NRPS_CLAIM]: { context_memberships_url: `${sim.origin}/memberships`, service_versions: ['2.0'] } });
  const instructorLaunch = async () => {
    const response = await launch(t.app, sim, { courseId, claims: { sub: 'teacher-1', [`https://purl.imsglobal.org/spec/lti/claim/roles`]: [ROLES.instructor], ...nrpsClaim() } });
    expectPage(response, 200, /Members/);
    return { response, token: tokenOf(response.text) };
  };
  const counts = async () => ({
    students: await countRows(t.database.selectFrom('students')),
    enrollments: await countRows(t.database.selectFrom('enrollments')),
  });

  beforeAll(async () => {
    t = await setupApp(dialect, { config: { webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
    sim.now = () => Math.floor(t.clock.now() / 1000);
    sim.toolJwks = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/lti/jwks' })).body);
    courseId = (await createCourse(t, { title: 'Algebra I', published: true })).id;
    const registration = await t.request({ method: 'POST', url: '/api/v1/lti/registrations', body: sim.registration() });
    if (registration.status !== 201) throw new Error(show(registration));
    sim.members = [
      { user_id: 'teacher-1', roles: [ROLES.instructor], name: 'Grace Hopper', email: 'grace@school.example', status: 'Active' },
      { user_id: 'nrps-1', roles: [ROLES.learner], name: 'Ada Lovelace', email: 'ada.nrps@school.example', status: 'Active' },
      { user_id: 'nrps-2', roles: ['Learner'], given_name: 'Alan', family_name: 'Turing' },
      { user_id: 'nrps-3', roles: [ROLES.learner, ROLES.mentor], name: 'Emmy Noether', email: 'emmy@school.example', status: 'Active' },
      { user_id: 'nrps-4', roles: [ROLES.learner], name: 'Gone Student', email: 'gone@school.example', status: 'Inactive' },
      { user_id: 'nrps-5', roles: [ROLES.teachingAssistant, ROLES.learner], name: 'Kurt Gödel', status: 'Active' },
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  it('an instructor launch without the NRPS claim goes straight to the preview', async () => {
    const response = await launch(t.app, sim, { courseId, claims: { sub: 'teacher-2', [`https://purl.imsglobal.org/spec/lti/claim/roles`]: [ROLES.instructor] } });
    expect(response.status, response.text).toBe(303);
  });

  it('Members lists both pages of the roster on one token from a verified client assertion; enroll-all enrolls the learners once', async () => {
    // A learner who launched before is found, not made again.
    const earlier = await launch(t.app, sim, { courseId, claims: { sub: 'nrps-1', email: 'ada.nrps@school.example' } });
    expect(earlier.status, earlier.text).toBe(303);

    const tokensBefore = sim.received('/token').length;
    const { response, token } = await instructorLaunch();
    expect(response.text).toMatch(/<a class="button" href="[^"]+\/play\/#[A-Za-z0-9_-]{43}">Preview the course<\/a>/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'none'");
    const sessions = await t.database.selectFrom('player_sessions').select(['mode']).where('launch_id', 'is not', null).orderBy('created_at', 'desc').execute();
    expect(sessions[0]?.mode).toBe('preview');

    const pagesBefore = sim.received('/memberships').length;
    const members = await post('/lti/members', { token });
    expectPage(members, 200, /Members of Algebra I/);
    for (const name of ['Grace Hopper', 'Ada Lovelace', 'Alan Turing', 'Emmy Noether', 'Gone Student', 'Kurt Gödel']) expect(members.text).toContain(name);
    expect(members.text).toContain('Enroll all learners (3)');
    const pages = sim.received('/memberships').slice(pagesBefore);
    expect(pages.map((p) => p.url)).toEqual(['/memberships', '/memberships?page=2']);
    expect(pages[0]!.headers.accept).toBe('application/vnd.ims.lti-nrps.v2.membershipcontainer+json');
    expect(pages[0]!.headers.authorization).toMatch(/^Bearer token-/);
    expect(pages[1]!.headers.authorization).toBe(pages[0]!.headers.authorization);
    expect(pages[0]!.headers['user-agent']).toMatch(/^Lectern-LTI\//);

    // One token request, with a client assertion the simulator verified with Lectern's JWKS.
    const tokenRequests = sim.received('/token').slice(tokensBefore);
    expect(tokenRequests).toHaveLength(1);
    const form = new URLSearchParams(tokenRequests[0]!.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    expect(form.get('scope')).toBe(NRPS_SCOPE);
    const assertion = sim.assertions.at(-1)!;
    expect(assertion).toMatchObject({ iss: sim.clientId, sub: sim.clientId, aud: sim.tokenUrl });
    expect(assertion.jti).toEqual(expect.any(String));
    expect(assertion.exp).toBeGreaterThan(assertion.iat!);

    const before = await counts();
    const enrolled = await post('/lti/members/enroll', { token });
    expectPage(enrolled, 200, /2 enrolled \(2 new students\), 1 already enrolled/);
    expect(await counts()).toEqual({ students: before.students + 2, enrollments: before.enrollments + 2 });
    for (const sub of ['nrps-1', 'nrps-2', 'nrps-3']) {
      const students = await t.request({ url: `/api/v1/students?external_id=${encodeURIComponent(`lti:${sim.issuer}:${sub}`)}` });
      expect(students.body.data, show(students)).toHaveLength(1);
      const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${students.body.data[0].id}` });
      expect(enrollments.body.data).toEqual([expect.objectContaining({ course_id: courseId, status: 'active' })]);
    }
    const turing = await t.request({ url: `/api/v1/students?external_id=${encodeURIComponent(`lti:${sim.issuer}:nrps-2`)}` });
    expect(turing.body.data[0]).toMatchObject({ name: 'Alan Turing', email: expect.stringMatching(/\.invalid$/) });

    // Again: nothing new.
    const again = await post('/lti/members/enroll', { token });
    expectPage(again, 200, /0 enrolled \(0 new students\), 3 already enrolled/);
    expect(await counts()).toEqual({ students: before.students + 2, enrollments: before.enrollments + 2 });
    // Three rosters read (six pages), still on the one token.
    expect(sim.received('/token').length).toBe(tokensBefore + 1);
    expect(sim.received('/memberships').length).toBe(pagesBefore + 6);
  });

  it('a token past its expiry is asked for again', async () => {
    const { token } = await instructorLaunch();
    await post('/lti/members', { token });
    const tokensBefore = sim.received('/token').length;
    t.clock.advance(3600 * 1000);
    const { token: fresh } = await instructorLaunch();
    expectPage(await post('/lti/members', { token: fresh }), 200, /Members/);
    expect(sim.received('/token').length).toBe(tokensBefore + 1);
  });

  it('a refused token or roster answers a page saying so; a bad page token is refused', async () => {
    const { token } = await instructorLaunch();
    expectPage(await post('/lti/members', { token: 'y'.repeat(43) }), 401, /no longer valid/);
    expectPage(await post('/lti/members/enroll', {}), 401, /no longer valid/);
    // An assertion signed by keys the platform does not know.
    const keys = sim.toolJwks;
    sim.toolJwks = async () => ({ keys: [] });
    t.clock.advance(3600 * 1000); // the token held has expired: a new one is asked for

    try {
      const { token: other } = await instructorLaunch();
      expectPage(await post('/lti/members', { token: other }), 502, /did not give the course&#39;s members: The platform&#39;s token endpoint answered 401/);
    } finally {
      sim.toolJwks = keys;
    }
    expect(token).not.toBe('');
  });

  it('reads Link headers as RFC 8288 has them', () => {
    const base = 'https://lms.example/api/memberships?x=1';
    expect(nextLink('<https://lms.example/m?page=2>; rel="next"', base)).toBe('https://lms.example/m?page=2');
    expect(nextLink('<https://lms.example/m?page=1>; rel="prev", </m?page=3>; rel="next last"', base)).toBe('https://lms.example/m?page=3');
    expect(nextLink(['<https://lms.example/d>; rel=differences', '<https://lms.example/n>; rel=next'], base)).toBe('https://lms.example/n');
    expect(nextLink('<https://lms.example/m?page=1>; rel="prev"', base)).toBeNull();
    expect(nextLink(undefined, base)).toBeNull();
  });
});
