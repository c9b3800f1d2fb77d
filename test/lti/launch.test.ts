import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { countRows } from '../../src/db/count.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';
import { testDialects } from '../dialects.js';
import { type AppResponse, type Claims, LTI, launch, type LaunchOptions, login, PlatformSimulator, postLaunch, ROLES } from './platform-simulator.js';

/**
 * LTI 1.3 launches against the platform simulator (a real HTTP server Lectern fetches keys from),
 * through HTTP on every database: valid launches land on the player, and every invalid one answers
 * an HTML page saying why, with the counts of students, enrollments, launches and player sessions
 * unchanged.
 */

let sim: PlatformSimulator;
beforeAll(async () => {
  sim = await PlatformSimulator.start();
});
afterAll(async () => {
  await sim.close();
});

/** Registers the simulator in the workspace of `key` (the harness's main key by default); answers the registration. */
export async function registerPlatform(t: TestApp, platform: PlatformSimulator, overrides: Record<string, unknown> = {}, key?: string): Promise<{ id: string }> {
  const response = await t.request({ method: 'POST', url: '/api/v1/lti/registrations', body: platform.registration(overrides), ...(key ? { key } : {}) });
  if (response.status !== 201) throw new Error(`registration failed: ${show(response)}`);
  return response.body.data;
}

async function counts(t: TestApp) {
  const db = t.database;
  const [students, enrollments, launches, sessions] = await Promise.all([
    countRows(db.selectFrom('students')),
    countRows(db.selectFrom('enrollments')),
    countRows(db.selectFrom('lti_launches')),
    countRows(db.selectFrom('player_sessions')),
  ]);
  return { students, enrollments, launches, sessions };
}

function delta(before: Awaited<ReturnType<typeof counts>>, change: Partial<Awaited<ReturnType<typeof counts>>>) {
  return {
    students: before.students + (change.students ?? 0),
    enrollments: before.enrollments + (change.enrollments ?? 0),
    launches: before.launches + (change.launches ?? 0),
    sessions: before.sessions + (change.sessions ?? 0),
  };
}

function expectPage(response: AppResponse, status: number, says: RegExp) {
  const message = `${response.status} ${response.text.slice(0, 1500)}`;
  expect(response.status, message).toBe(status);
  expect(String(response.headers['content-type']), message).toMatch(/^text\/html/);
  expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
  expect(response.text, message).toMatch(says);
  expect(response.text).not.toMatch(/at .*\.(ts|js):\d+/); // no stack
}

describe.each(testDialects())('LTI launches (%s)', (dialect) => {
  // One app per database for the whole file: every test counts what it changed, not what there is.
  let t: TestApp;
  let courseId: string;
  let unpublishedId: string;
  let registrationId: string;
  /** A second platform, registered to refuse unknown deployments. */
  let strict: PlatformSimulator;
  beforeAll(async () => {
    // The simulator listens on 127.0.0.1: platform calls to private addresses are allowed, as in development.
    t = await setupApp(dialect, { config: { webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
    sim.now = () => Math.floor(t.clock.now() / 1000);
    strict = await PlatformSimulator.start({ clientId: 'lectern-strict' });
    strict.now = sim.now;
    courseId = (await createCourse(t, { title: 'Algebra I', published: true })).id;
    unpublishedId = (await createCourse(t, { title: 'Draft' })).id;
    registrationId = (await registerPlatform(t, sim)).id;
    await registerPlatform(t, strict, { unknown_deployments: 'reject' });
  });
  afterAll(async () => {
    await strict.close();
    await t.close();
  });
  let subs = 0;
  /** A user the platform has not launched before. */
  const newSub = () => `user-${dialect}-${++subs}`;

  it('a learner launch makes the student, enrolls them and lands on the player; a re-launch reuses both', async () => {
    const sub = newSub();
    const before = await counts(t);
    const first = await launch(t.app, sim, { courseId, claims: { sub } });
    expect(first.status, first.text).toBe(303);
    expect(String(first.headers.location)).toMatch(/\/play\/#[A-Za-z0-9_-]{43}$/);
    const students = await t.request({ url: `/api/v1/students?external_id=${encodeURIComponent(`lti:${sim.issuer}:${sub}`)}` });
    expect(students.body.data, show(students)).toHaveLength(1);
    expect(students.body.data[0]).toMatchObject({ name: 'Ada Lovelace', email: `${sub}@school.example` });
    const studentId = students.body.data[0].id as string;
    const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${studentId}` });
    expect(enrollments.body.data).toEqual([expect.objectContaining({ course_id: courseId, status: 'active' })]);
    const events = await t.request({ url: '/api/v1/events' });
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['student.created', 'student.enrolled']));

    const again = await launch(t.app, sim, { courseId, claims: { sub } });
    expect(again.status, again.text).toBe(303);
    expect(await counts(t)).toEqual(delta(before, { students: 1, enrollments: 1, launches: 2, sessions: 2 }));
    const sessions = await t.database.selectFrom('player_sessions').select(['mode', 'student_id', 'launch_id']).where('student_id', '=', studentId).execute();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ mode: 'learner', student_id: studentId });
    expect(sessions[0]!.launch_id).toMatch(/^lla_/);
  });

  it('records the AGS and NRPS endpoints of the launch', async () => {
    const lineitem = `${sim.origin}/lineitems/7?course=1`;
    const sub = newSub();
    const response = await launch(t.app, sim, {
      courseId,
      claims: {
        sub,
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { lineitem, lineitems: `${sim.origin}/lineitems`, scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'] },
        'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': { context_memberships_url: `${sim.origin}/memberships`, service_versions: ['2.0'] },
      },
    });
    expect(response.status, response.text).toBe(303);
    const row = await t.database.selectFrom('lti_launches').select(['ags_lineitem', 'ags_scopes', 'nrps_url', 'context_id', 'resource_link_id', 'sub']).where('sub', '=', sub).executeTakeFirstOrThrow();
    expect(row).toEqual({
      ags_lineitem: lineitem,
      ags_scopes: JSON.stringify(['https://purl.imsglobal.org/spec/lti-ags/scope/score']),
      nrps_url: `${sim.origin}/memberships`,
      context_id: 'context-1',
      resource_link_id: 'link-1',
      sub,
    });
  });

  it('an instructor (or a teaching assistant) opens a preview: no student, no enrollment', async () => {
    const before = await counts(t);
    for (const roles of [[ROLES.instructor], [ROLES.teachingAssistant], [ROLES.learner, ROLES.contentDeveloper], ['Instructor']]) {
      const response = await launch(t.app, sim, { courseId: unpublishedId, claims: { sub: newSub(), [`${LTI}roles`]: roles } });
      expect(response.status, response.text).toBe(303);
    }
    expect(await counts(t)).toEqual(delta(before, { launches: 4, sessions: 4 }));
    const modes = await t.database.selectFrom('player_sessions').select('mode').where('course_id', '=', unpublishedId).execute();
    expect(modes.map((m) => m.mode)).toEqual(['preview', 'preview', 'preview', 'preview']);
  });

  it('no roles, an unknown role, several roles, no personal data, no context, a name or an email alone: a learner with placeholders', async () => {
    const before = await counts(t);
    const anonSub = newSub();
    const cases: Claims[] = [
      { sub: newSub(), [`${LTI}roles`]: [] },
      { sub: newSub(), [`${LTI}roles`]: ['http://example.com/roles#Wizard'] },
      { sub: newSub(), [`${LTI}roles`]: [ROLES.learner, ROLES.institutionInstructor] },
      { sub: newSub(), [`${LTI}roles`]: [ROLES.mentor, ROLES.institutionStudent] },
      { sub: anonSub, name: undefined, given_name: undefined, family_name: undefined, email: undefined, [`${LTI}context`]: undefined },
      // The certification's other valid variants: no context alone, a name without an email, an email without a name.
      { sub: newSub(), [`${LTI}context`]: undefined },
      { sub: newSub(), email: undefined },
      { sub: newSub(), name: undefined, given_name: undefined, family_name: undefined },
    ];
    for (const claims of cases) {
      const response = await launch(t.app, sim, { courseId, claims });
      expect(response.status, response.text).toBe(303);
    }
    expect(await counts(t)).toEqual(delta(before, { students: 8, enrollments: 8, launches: 8, sessions: 8 }));
    const anon = await t.database.selectFrom('students').select(['email', 'name']).where('external_id', '=', `lti:${sim.issuer}:${anonSub}`).executeTakeFirstOrThrow();
    expect(anon.email).toMatch(new RegExp(`^lti-[0-9a-f]+@${registrationId}\\.invalid$`));
    expect(anon.name).toBe('LTI learner');
  });

  it('two workspaces registered on one issuer with different client_ids: a launch via each lands in its own workspace', async () => {
    // A platform of its own (its issuer registered nowhere else): this school's workspace registers it as one tool, another school's as another.
    const lms = await PlatformSimulator.start({ clientId: 'lectern-school-a' });
    lms.now = sim.now;
    try {
      const other = await t.newKey();
      const theirCourse = (await createCourse(t, { title: 'Geometry', published: true }, other.key)).id;
      const ours = await registerPlatform(t, lms);
      const theirs = await registerPlatform(t, lms, { client_id: 'lectern-school-b' }, other.key);
      const registrations = await t.database.selectFrom('lti_registrations').select(['id', 'workspace_id']).where('id', 'in', [ours.id, theirs.id]).execute();
      const workspaceOf = (id: string) => registrations.find((r) => r.id === id)!.workspace_id;
      expect(workspaceOf(ours.id)).not.toBe(workspaceOf(theirs.id));
      const viaTheirs = { loginParams: { client_id: 'lectern-school-b' } };
      const sub = newSub();
      const externalId = `lti:${lms.issuer}:${sub}`;

      const before = await counts(t);
      const first = await launch(t.app, lms, { courseId, claims: { sub } });
      expect(first.status, first.text).toBe(303);
      const second = await launch(t.app, lms, { ...viaTheirs, courseId: theirCourse, claims: { sub, aud: 'lectern-school-b' } });
      expect(second.status, second.text).toBe(303);
      expect(await counts(t)).toEqual(delta(before, { students: 2, enrollments: 2, launches: 2, sessions: 2 }));

      // The same platform user is a student of each workspace, each enrolled in their own workspace's course only.
      const students = await t.database.selectFrom('students').select(['id', 'workspace_id']).where('external_id', '=', externalId).execute();
      expect(students.map((s) => s.workspace_id).sort()).toEqual([workspaceOf(ours.id), workspaceOf(theirs.id)].sort());
      for (const [key, course, registration] of [[t.key, courseId, ours.id], [other.key, theirCourse, theirs.id]] as const) {
        const listed = await t.request({ url: `/api/v1/students?external_id=${encodeURIComponent(externalId)}`, key });
        expect(listed.body.data, show(listed)).toHaveLength(1);
        const student = students.find((s) => s.id === listed.body.data[0].id)!;
        expect(student.workspace_id).toBe(workspaceOf(registration));
        const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${student.id}`, key });
        expect(enrollments.body.data.map((e: { course_id: string }) => e.course_id), show(enrollments)).toEqual([course]);
      }
      const launches = await t.database.selectFrom('lti_launches').select(['registration_id', 'workspace_id']).where('sub', '=', sub).execute();
      expect(launches.map((l) => [l.registration_id, l.workspace_id]).sort()).toEqual([[ours.id, workspaceOf(ours.id)], [theirs.id, workspaceOf(theirs.id)]].sort());

      // Through the other school's tool, this workspace's course is not theirs to open.
      const crossed = await counts(t);
      expectPage(await launch(t.app, lms, { ...viaTheirs, courseId, claims: { sub: newSub(), aud: 'lectern-school-b' } }), 403, /not in the Lectern workspace/);
      expect(await counts(t)).toEqual(crossed);
    } finally {
      await lms.close();
    }
  });

  it('an unknown deployment is recorded when the registration accepts them', async () => {
    const response = await launch(t.app, sim, { courseId, claims: { sub: newSub(), [`${LTI}deployment_id`]: 'deployment-new' } });
    expect(response.status, response.text).toBe(303);
    const got = await t.request({ url: `/api/v1/lti/registrations/${registrationId}` });
    expect(got.body.data.deployment_ids).toEqual([sim.deploymentId, 'deployment-new']);
  });

  it('a rotated platform key is fetched on its first use (one refetch)', async () => {
    expect((await launch(t.app, sim, { courseId })).status).toBe(303);
    const fetches = sim.jwksFetches;
    await sim.rotateKey({ keepOld: false });
    t.clock.advance(10_000);
    const response = await launch(t.app, sim, { courseId });
    expect(response.status, response.text).toBe(303);
    expect(sim.jwksFetches).toBe(fetches + 1);
  });

  it('a learner deep-linking request is refused (403); an instructor\'s opens the course picker (deep-linking.test.ts)', async () => {
    const deepLinking = {
      [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI}resource_link`]: undefined,
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': { deep_link_return_url: `${sim.origin}/deep-link-return`, accept_types: ['ltiResourceLink'] },
    };
    const before = await counts(t);
    expectPage(await launch(t.app, sim, { claims: deepLinking }), 403, /instructors/);
    expect(await counts(t)).toEqual(before);
    expectPage(await launch(t.app, sim, { claims: { ...deepLinking, [`${LTI}roles`]: [ROLES.instructor] } }), 200, /Add a Lectern course/);
  });

  it('the login redirects to the platform with the OIDC request and sets the state cookie', async () => {
    const started = await login(t.app, sim, { client_id: undefined });
    expect(started.response.status, started.response.text).toBe(302);
    expect(started.auth).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: sim.clientId,
      redirect_uri: 'http://localhost:80/lti/launch',
      login_hint: 'user-1',
      lti_message_hint: 'hint-1',
    });
    expect(started.auth.state!.length).toBeGreaterThanOrEqual(43);
    expect(started.auth.nonce!.length).toBeGreaterThanOrEqual(43);
    expect(String(started.response.headers['set-cookie'])).toMatch(/HttpOnly; Secure; SameSite=None; Partitioned/);
    // A POST login works alike.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/lti/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ iss: sim.issuer, login_hint: 'user-1', target_link_uri: 'http://lectern.test/lti/launch', client_id: sim.clientId }).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(302);
    expect(posted.headers.location).toMatch(new RegExp(`^${sim.authUrl}\\?`));
    // A HEAD (a link checker) starts no login.
    const head = await t.app.inject({ method: 'HEAD', url: `/lti/login?iss=${encodeURIComponent(sim.issuer)}&login_hint=u&target_link_uri=x` });
    expect(head.statusCode).toBe(405);
  });

  it('refuses a login of an unknown platform or without its parameters (an HTML page)', async () => {
    expectPage((await login(t.app, sim, { iss: 'https://unknown.example' })).response, 400, /no registration/);
    expectPage((await login(t.app, sim, { login_hint: undefined })).response, 400, /login_hint/);
  });

  it('with lti_storage_target, the login page stores the state by postMessage and a cookie-less launch reads it back', async () => {
    const started = await login(t.app, sim, { lti_storage_target: '_parent' });
    expect(started.response.status).toBe(200);
    expect(String(started.response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(started.response.text).not.toMatch(/<script>/);
    const state = /data-value="([^"]+)"/.exec(started.response.text)![1]!;
    const next = /data-next="([^"]+)"/.exec(started.response.text)![1]!.replace(/&amp;/g, '&');
    expect(started.response.text).toContain(`data-origin="${sim.origin}"`);
    const auth = Object.fromEntries(new URL(next).searchParams);
    expect(auth.state).toBe(state);
    const script = await t.app.inject({ method: 'GET', url: '/lti/assets/lti-storage.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('lti.');

    const answer = await sim.authorize(auth, { [`${LTI}custom`]: { course_id: courseId } });
    const before = await counts(t);
    // No cookie: a page that reads the platform storage and posts again.
    const check = await postLaunch(t.app, { id_token: answer.id_token, state });
    expect(check.status, check.text).toBe(200);
    expect(check.text).toContain('name="lti_storage_checked" value="1"');
    expect(check.text).toContain('Open in a new window');
    expect(await counts(t)).toEqual(before);
    // The re-post from another site is refused; from Lectern's own page it opens the course.
    expectPage(await postLaunch(t.app, { id_token: answer.id_token, state, lti_storage_checked: '1' }, { 'sec-fetch-site': 'cross-site' }), 401, /did not keep/);
    const opened = await postLaunch(t.app, { id_token: answer.id_token, state, lti_storage_checked: '1' }, { 'sec-fetch-site': 'same-origin' });
    expect(opened.status, opened.text).toBe(303);
  });

  it('without cookie and platform storage: the "Open in a new window" page, and nothing spent', async () => {
    const response = await launch(t.app, sim, { courseId, noCookie: true });
    expectPage(response, 401, /Open in a new window/);
    expect(response.text).toMatch(/href="http:\/\/localhost:80\/lti\/login\?iss=/);
    // The state was not spent: the same launch with its cookie goes through.
    const retried = await postLaunch(t.app, { id_token: response.idToken, state: response.login.auth.state! }, { cookie: response.login.cookie });
    expect(retried.status, retried.text).toBe(303);
  });

  describe('invalid launches: an HTML page saying why, nothing created', () => {
    const hs256 = async (claims: Claims) => {
      const secret = new TextEncoder().encode(JSON.stringify(sim.currentKey.publicJwk));
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: sim.currentKey.kid }).sign(secret);
    };
    const unsigned = (claims: Claims) => {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part({ alg: 'none', kid: sim.currentKey.kid })}.${part(claims)}.`;
    };
    const tampered = async (claims: Claims) => {
      const [header, , signature] = (await sim.sign(claims)).split('.');
      return `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    };
    const several = () => ({ aud: [sim.clientId, 'another-tool'] });
    type Row = [name: string, status: number, says: RegExp, options: () => LaunchOptions & { platform?: PlatformSimulator }];
    const rows: Row[] = [
      ['bad signature (payload changed after signing)', 401, /signature does not verify/, () => ({ token: tampered })],
      ['signed by a key the platform does not publish', 401, /has no key/, () => ({ header: { kid: 'kid-unknown' } })],
      ['alg none', 401, /only RS256/, () => ({ token: unsigned })],
      ['HS256 with the public key as secret', 401, /only RS256/, () => ({ token: hs256 })],
      ['no kid', 401, /names no key/, () => ({ header: { kid: undefined } })],
      ['wrong iss', 401, /issuer/, () => ({ claims: { iss: 'https://evil.example' } })],
      ['wrong aud', 401, /not meant for Lectern/, () => ({ claims: { aud: 'another-tool' } })],
      ['several aud without azp', 401, /authorized party/, () => ({ claims: several() })],
      ['wrong azp', 401, /authorized party/, () => ({ claims: { ...several(), azp: 'another-tool' } })],
      ['expired', 401, /expired/, () => ({ claims: { exp: sim.now() - 3600, iat: sim.now() - 3900 } })],
      ['iat in the future', 401, /issued in the future/, () => ({ claims: { iat: sim.now() + 3600, exp: sim.now() + 7200 } })],
      ['nonce of another login', 401, /nonce is not the one/, () => ({ claims: { nonce: 'another-nonce-0123456789' } })],
      ['unknown state', 401, /unknown state/, () => ({ form: { state: 'made-up-state-0123456789abcdef' } })],
      ['no state', 400, /without its state/, () => ({ form: { state: '' } })],
      ['no id_token', 400, /without its id_token/, () => ({ form: { id_token: '' } })],
      ['not a JWT', 400, /not a signed JWT/, () => ({ token: () => 'not-a-jwt' })],
      ['missing message_type', 400, /message_type/, () => ({ claims: { [`${LTI}message_type`]: undefined } })],
      ['unknown message_type', 400, /does not take/, () => ({ claims: { [`${LTI}message_type`]: 'LtiSubmissionReviewRequest' } })],
      ['missing version', 400, /version/, () => ({ claims: { [`${LTI}version`]: undefined } })],
      ['wrong version', 400, /1\.3\.0/, () => ({ claims: { [`${LTI}version`]: '1.1' } })],
      ['missing deployment_id', 400, /deployment_id/, () => ({ claims: { [`${LTI}deployment_id`]: undefined } })],
      ['missing target_link_uri', 400, /target_link_uri/, () => ({ claims: { [`${LTI}target_link_uri`]: undefined } })],
      ['target_link_uri not the login\'s', 400, /target_link_uri/, () => ({ claims: { [`${LTI}target_link_uri`]: 'http://lectern.test/elsewhere' } })],
      ['missing resource_link', 400, /resource_link/, () => ({ claims: { [`${LTI}resource_link`]: undefined } })],
      ['resource_link without id', 400, /resource_link/, () => ({ claims: { [`${LTI}resource_link`]: { title: 'x' } } })],
      ['missing roles', 400, /roles/, () => ({ claims: { [`${LTI}roles`]: undefined } })],
      ['missing sub (anonymous)', 400, /sub/, () => ({ claims: { sub: undefined } })],
      // The certification's "missing LTI claims": not one claim of the LTI namespace.
      ['missing LTI claims (none of the namespace)', 400, /message_type/, () => ({ claims: Object.fromEntries(Object.keys(sim.claims()).filter((name) => name.startsWith(LTI)).map((name) => [name, undefined])) })],
      ['unknown deployment with reject', 401, /not known to Lectern/, () => ({ platform: strict, claims: { [`${LTI}deployment_id`]: 'deployment-x' } })],
      ['no course_id', 400, /course_id/, () => ({ claims: { [`${LTI}custom`]: {} } })],
      ['unpublished course for a learner', 403, /not published/, () => ({ courseId: unpublishedId })],
    ];

    it.each(rows)('%s → %i', async (_name, status, says, make) => {
      const { platform, ...options } = make();
      const before = await counts(t);
      const response = await launch(t.app, platform ?? sim, { courseId, claims: { sub: newSub(), ...options.claims }, ...options });
      expectPage(response, status, says);
      expect(await counts(t)).toEqual(before);
    });

    it('unknown kid after a refetch: one fetch more, then none within 5 s', async () => {
        expect((await launch(t.app, sim, { courseId })).status).toBe(303);
      const fetches = sim.jwksFetches;
      t.clock.advance(6_000);
      const before = await counts(t);
      expectPage(await launch(t.app, sim, { courseId, header: { kid: 'kid-unknown' } }), 401, /has no key/);
      expect(sim.jwksFetches).toBe(fetches + 1);
      expectPage(await launch(t.app, sim, { courseId, header: { kid: 'kid-unknown-2' } }), 401, /has no key/);
      expect(sim.jwksFetches).toBe(fetches + 1);
      expect(await counts(t)).toEqual(before);
    });

    it('replayed state: the same form twice', async () => {
        const first = await launch(t.app, sim, { courseId });
      expect(first.status).toBe(303);
      const before = await counts(t);
      const again = await postLaunch(t.app, { id_token: first.idToken, state: first.login.auth.state! }, { cookie: first.login.cookie });
      expectPage(again, 401, /already used/);
      expect(await counts(t)).toEqual(before);
    });

    it('replayed nonce: a used token\'s nonce in a new login', async () => {
        const first = await launch(t.app, sim, { courseId });
      expect(first.status).toBe(303);
      const before = await counts(t);
      const replay = await launch(t.app, sim, { courseId, claims: { nonce: first.claims.nonce } });
      expectPage(replay, 401, /nonce is single-use/);
      expect(await counts(t)).toEqual(before);
    });

    it('a course of another workspace (403)', async () => {
        const other = await t.newKey();
      const foreign = await createCourse(t, { title: 'Theirs', published: true }, other.key);
      const before = await counts(t);
      expectPage(await launch(t.app, sim, { courseId: foreign.id }), 403, /not in the Lectern workspace/);
      expect(await counts(t)).toEqual(before);
    });
  });
});
