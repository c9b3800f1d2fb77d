import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { expect } from 'vitest';

/**
 * An LTI 1.3 platform (an LMS) of our own, for tests: a real HTTP server on 127.0.0.1 with its own
 * RSA keys and JWKS (keys can be rotated), an OIDC auth endpoint that mints id_tokens for the tool's
 * logins, a token endpoint, AGS line items and scores, NRPS memberships, a Deep Linking return and
 * Dynamic Registration (openid-configuration, registration), and a course page (GET /lms?tool=<login
 * URL>) that frames the tool and offers it the LTI platform storage. Everything it receives is recorded in
 * `requests`. The claims of the id_tokens it mints come from `claims()` (sensible defaults of a
 * learner's resource-link launch) with the test's overrides.
 *
 * Lectern reaches it over real HTTP (JWKS, and later tokens, scores, rosters), so apps under test
 * need WEBHOOK_ALLOW_PRIVATE=true (config.webhooks.allowPrivate). Tests drive launches either
 * through `authorize()` (no browser: the auth request's answer as data) or, in a browser, through
 * GET /auth, which answers the auto-posting form a real platform would.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SigningKey {
  kid: string;
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  publicJwk: JWK;
}

export type Claims = Record<string, unknown>;

/** An answer the token or score endpoint gives instead of its normal one (a test's failure). */
export interface CannedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A score the score endpoint accepted. */
export interface ReceivedScore {
  /** The line item's path and query (the request's with `/scores` taken out). */
  lineitem: string;
  /** The request's path and query. */
  url: string;
  contentType: string;
  token: string;
  score: Record<string, unknown>;
}

export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

type JsonAnswer = (status: number, value: unknown, headers?: Record<string, string>) => void;

export const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const ROLES = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  teachingAssistant: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  contentDeveloper: 'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  administrator: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  institutionStudent: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
  institutionInstructor: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
} as const;

export interface SimulatorOptions {
  clientId?: string;
  deploymentId?: string;
  /** Cache-Control of the JWKS answer (default `max-age=300`). */
  jwksCacheControl?: string;
}

/** The OIDC authentication request a tool's login redirected to (its query). */
export type AuthRequest = Record<string, string>;

export class PlatformSimulator {
  readonly requests: RecordedRequest[] = [];
  /** Signing keys, the current one last; the JWKS publishes all of them. */
  keys: SigningKey[] = [];
  clientId: string;
  deploymentId: string;
  jwksCacheControl: string;
  /** Claims every minted id_token gets on top of the defaults (tests set it for GET /auth in a browser). */
  nextClaims: Claims = {};
  /** NRPS members answered by the memberships endpoint. */
  members: Claims[] = [];
  /** Status the JWKS endpoint answers (200 with the keys, else an empty error). */
  jwksStatus = 200;
  /** Status the score endpoint answers (AGS tests make it fail). */
  scoreStatus = 200;
  /** NRPS: members per page of the memberships endpoint (the members in two pages when undefined). */
  membersPageSize: number | undefined = undefined;
  /** NRPS: the context the memberships endpoint names. */
  membersContext: Claims = { id: 'context-1', label: 'ALG1', title: 'Algebra I' };
  /** Deep Linking: the responses the return endpoint verified (with the tool's JWKS, `toolJwks`), in order. */
  readonly deepLinks: DeepLinkReceived[] = [];
  /**
   * The tool's public keys (the app's /lti/jwks): the token endpoint verifies client assertions
   * with them (RS256, iss = sub = client_id, aud = the token URL, exp, iat, a jti never seen
   * before) and answers 401 invalid_client otherwise. Unset, it takes any assertion.
   */
  toolJwks: (() => Promise<{ keys: JWK[] }>) | undefined;
  /** The payloads of the client assertions the token endpoint verified, in order. */
  readonly assertions: JWTPayload[] = [];
  /** Tokens issued: token → scopes and expiry (seconds since the epoch, per `now`). */
  readonly issuedTokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  /** `expires_in` of the tokens issued. */
  tokenExpiresIn = 3600;
  /** Answers the token endpoint gives first, one per request, before it issues tokens again. */
  tokenFailures: CannedAnswer[] = [];
  /** Answers the score endpoint gives first, one per score posted, before it accepts scores again. */
  scoreFailures: CannedAnswer[] = [];
  /** Scores accepted (a valid bearer token of the score scope), in order. */
  readonly scores: ReceivedScore[] = [];
  /** Dynamic Registration: the bearer token POST /register requires (none when undefined). */
  registrationToken: string | undefined = undefined;
  /** Dynamic Registration: the status POST /register answers a valid registration with (201 registers it). */
  registerStatus = 201;
  /** Dynamic Registration: the client id a registration gets (`clientId` when undefined). */
  registeredClientId: string | undefined = undefined;
  /** Dynamic Registration: the tool registrations accepted, in order. */
  readonly registrations: Record<string, unknown>[] = [];
  /** Fields of the openid-configuration answer replaced by the test (`undefined` removes one). */
  configurationOverrides: Record<string, unknown> = {};
  /** Seconds since the epoch, for `iat`/`exp`; tests align it with the app's clock. */
  now: () => number = () => Math.floor(Date.now() / 1000);

  private server: http.Server;
  private port = 0;

  private constructor(options: SimulatorOptions) {
    this.clientId = options.clientId ?? 'lectern-tool';
    this.deploymentId = options.deploymentId ?? 'deployment-1';
    this.jwksCacheControl = options.jwksCacheControl ?? 'max-age=300';
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  /** A simulator listening on 127.0.0.1 at a free port, with one signing key. */
  static async start(options: SimulatorOptions = {}): Promise<PlatformSimulator> {
    const sim = new PlatformSimulator(options);
    await sim.rotateKey();
    await new Promise<void>((resolve) => sim.server.listen(0, '127.0.0.1', resolve));
    sim.port = (sim.server.address() as AddressInfo).port;
    return sim;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  /** The platform's `iss`. */
  get issuer(): string {
    return this.origin;
  }
  get authUrl(): string {
    return `${this.origin}/auth`;
  }
  get tokenUrl(): string {
    return `${this.origin}/token`;
  }
  get jwksUrl(): string {
    return `${this.origin}/jwks`;
  }
  /** Where the platform's openid-configuration is (the `openid_configuration` of a Dynamic Registration). */
  get openidConfigurationUrl(): string {
    return `${this.origin}/.well-known/openid-configuration`;
  }
  /** The platform's OpenID configuration (LTI Dynamic Registration 1.0, §3.4), with the test's overrides. */
  openidConfiguration(): Record<string, unknown> {
    const config: Record<string, unknown> = {
      issuer: this.issuer,
      authorization_endpoint: this.authUrl,
      token_endpoint: this.tokenUrl,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS256'],
      jwks_uri: this.jwksUrl,
      registration_endpoint: `${this.origin}/register`,
      scopes_supported: [
        'openid',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
        'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
      ],
      response_types_supported: ['id_token'],
      subject_types_supported: ['public', 'pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['sub', 'iss', 'name', 'given_name', 'family_name', 'email'],
      'https://purl.imsglobal.org/spec/lti-platform-configuration': {
        product_family_code: 'lectern-simulator',
        version: '1.0',
        messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      },
      ...this.configurationOverrides,
    };
    for (const [name, value] of Object.entries(config)) if (value === undefined) delete config[name];
    return config;
  }
  get currentKey(): SigningKey {
    return this.keys[this.keys.length - 1]!;
  }
  /** How many times the JWKS was fetched. */
  get jwksFetches(): number {
    return this.requests.filter((r) => r.url.startsWith('/jwks')).length;
  }

  /** The body of `POST /api/v1/lti/registrations` for this platform. */
  registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      issuer: this.issuer,
      client_id: this.clientId,
      auth_login_url: this.authUrl,
      auth_token_url: this.tokenUrl,
      jwks_url: this.jwksUrl,
      deployment_ids: [this.deploymentId],
      unknown_deployments: 'accept',
      ...overrides,
    };
  }

  /** Adds a new current key; `keepOld: false` drops the others from the JWKS. */
  async rotateKey(options: { keepOld?: boolean } = {}): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = `kid-${randomBytes(6).toString('hex')}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const key = { kid, privateKey, publicJwk };
    this.keys = options.keepOld === false ? [key] : [...this.keys, key];
    return key;
  }

  /** The claims of a learner's resource-link launch into `courseId`, with overrides (a value `undefined` removes the claim). */
  claims(overrides: Claims = {}, courseId?: string): Claims {
    const now = this.now();
    const base: Claims = {
      iss: this.issuer,
      aud: this.clientId,
      sub: 'user-1',
      iat: now,
      exp: now + 300,
      nonce: randomBytes(16).toString('base64url'),
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@school.example',
      [`${LTI}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: this.deploymentId,
      [`${LTI}target_link_uri`]: 'http://lectern.test/lti/launch',
      [`${LTI}resource_link`]: { id: 'link-1', title: 'Algebra' },
      [`${LTI}roles`]: [ROLES.learner],
      [`${LTI}context`]: { id: 'context-1', label: 'ALG1', title: 'Algebra I' },
      [`${LTI}custom`]: courseId ? { course_id: courseId } : {},
      ...this.nextClaims,
      ...overrides,
    };
    // Each user their own address, unless the test says otherwise (students' emails are unique in a workspace).
    if (!('email' in overrides) && !('email' in this.nextClaims) && typeof base.sub === 'string') base.email = `${base.sub}@school.example`;
    for (const [name, value] of Object.entries(base)) if (value === undefined) delete base[name];
    return base;
  }

  /** Signs claims as this platform (its current key unless `key` is given); header fields may be overridden. */
  async sign(claims: Claims, options: { key?: SigningKey; header?: Record<string, unknown> } = {}): Promise<string> {
    const key = options.key ?? this.currentKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...options.header }).sign(key.privateKey);
  }

  /**
   * What the auth endpoint answers for a tool's authentication request, as data: the id_token for
   * it (nonce from the request, target_link_uri from the login) and the state to post back.
   */
  async authorize(request: AuthRequest, claims: Claims = {}): Promise<{ id_token: string; state: string; redirect_uri: string }> {
    const idToken = await this.sign(this.claims({ nonce: request.nonce, ...claims }));
    return { id_token: idToken, state: request.state ?? '', redirect_uri: request.redirect_uri ?? '' };
  }

  /** Requests received at a path (prefix), in order. */
  received(pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.url.startsWith(pathPrefix));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * The memberships endpoint (NRPS 2.0): a bearer token of the NRPS scope, `members` in pages of
   * `membersPageSize` (two pages by default), each but the last with `Link: <…>; rel="next"`.
   */
  private memberships(req: http.IncomingMessage, url: URL, json: (status: number, value: unknown, headers?: Record<string, string>) => void): void {
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    const issued = this.issuedTokens.get(token);
    if (!issued || issued.expiresAt <= this.now()) return json(401, { error: 'invalid_token' });
    if (!issued.scopes.includes(NRPS_SCOPE)) return json(403, { error: 'insufficient_scope' });
    const size = Math.max(1, this.membersPageSize ?? Math.ceil(this.members.length / 2));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
    const members = this.members.slice((page - 1) * size, page * size);
    const headers: Record<string, string> = { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' };
    if (page * size < this.members.length) headers.link = `<${this.origin}/memberships?page=${page + 1}>; rel="next"`;
    json(200, { id: `${this.origin}/memberships`, context: this.membersContext, members }, headers);
  }

  /**
   * The Deep Linking return (DL 2.0 §4.2): the form's `JWT` verified with the tool's JWKS (RS256, a
   * kid, iss = client_id, aud = this platform, exp, iat, nonce, message type, version, deployment);
   * the content items recorded. A bad response answers 400 with the reason, as text.
   */
  private async deepLinkReturn(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const answer = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><p>${text.replace(/</g, '&lt;')}</p>`);
    };
    if (req.method !== 'POST') return answer(405, 'POST only');
    const jwt = new URLSearchParams(body).get('JWT');
    if (!jwt) return answer(400, 'no JWT');
    if (!this.toolJwks) return answer(400, 'the simulator has no tool JWKS to verify with (set toolJwks)');
    try {
      const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(await this.toolJwks()), {
        algorithms: ['RS256'],
        issuer: this.clientId,
        audience: this.issuer,
        currentDate: new Date(this.now() * 1000),
        requiredClaims: ['iat', 'exp', 'nonce'],
      });
      if (!protectedHeader.kid) throw new Error('no kid');
      if (payload[`${LTI}message_type`] !== 'LtiDeepLinkingResponse') throw new Error('not an LtiDeepLinkingResponse');
      if (payload[`${LTI}version`] !== '1.3.0') throw new Error('not version 1.3.0');
      if (payload[`${LTI}deployment_id`] !== this.deploymentId) throw new Error('another deployment');
      const items = payload[`${DL}content_items`];
      if (!Array.isArray(items)) throw new Error('no content_items');
      this.deepLinks.push({ header: { ...protectedHeader }, claims: payload, contentItems: items as Record<string, unknown>[] });
    } catch (error) {
      return answer(400, `invalid deep-linking response: ${(error as Error).message}`);
    }
    answer(200, 'Deep link received');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    this.requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
    const url = new URL(req.url ?? '/', this.origin);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    const path = url.pathname;
    if (path === '/jwks') {
      if (this.jwksStatus !== 200) return json(this.jwksStatus, { error: 'unavailable' });
      return json(200, { keys: this.keys.map((k) => k.publicJwk) }, { 'cache-control': this.jwksCacheControl });
    }
    if (path === '/auth') {
      const request = Object.fromEntries(url.searchParams);
      const answer = await this.authorize(request);
      if (url.searchParams.get('format') === 'json') return json(200, answer);
      // As a real platform does: a page that posts the id_token to the tool's redirect_uri.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><body><form id="f" method="post" action="${escapeAttr(answer.redirect_uri)}">` +
          `<input type="hidden" name="id_token" value="${escapeAttr(answer.id_token)}">` +
          `<input type="hidden" name="state" value="${escapeAttr(answer.state)}">` +
          `<button type="submit">Continue</button></form><script src="/autopost.js"></script></body></html>`,
      );
      return;
    }
    if (path === '/lms') {
      // A course page of the LMS framing the tool (its login URL in `tool`), as Canvas or Moodle do;
      // it offers the LTI platform storage to the frame (target `_parent`).
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><body><h1>LMS course</h1><iframe name="tool" id="tool" style="width:100%;height:600px" ` +
          `allow="storage-access-by-user-activation" src="${escapeAttr(url.searchParams.get('tool') ?? 'about:blank')}"></iframe><script src="/lms.js"></script></body></html>`,
      );
      return;
    }
    if (path === '/lms.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(PLATFORM_STORAGE_SCRIPT);
      return;
    }
    if (path === '/autopost.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end("document.getElementById('f').submit();");
      return;
    }
    if (path === '/token') return this.token(body, json);
    if (path.startsWith('/lineitems') && path.endsWith('/scores')) return this.score(req, url, body, json);
    if (path.startsWith('/lineitems')) return json(200, req.method === 'POST' ? { id: `${this.origin}/lineitems/${randomBytes(4).toString('hex')}`, ...safeJson(body) } : []);
    if (path === '/memberships') return this.memberships(req, url, json);
    if (path === '/deep-link-return') return this.deepLinkReturn(req, body, res);
    if (path === '/.well-known/openid-configuration') return json(200, this.openidConfiguration());
    if (path === '/register' && req.method === 'POST') {
      const auth = req.headers.authorization;
      if (this.registrationToken !== undefined && auth !== `Bearer ${this.registrationToken}`) return json(401, { error: 'invalid_token' });
      const registration = safeJson(body);
      const problems = toolRegistrationProblems(registration);
      if (problems.length > 0) return json(400, { error: 'invalid_client_metadata', error_description: problems.join('; ') });
      if (this.registerStatus !== 201) return json(this.registerStatus, { error: 'invalid_client_metadata', error_description: 'refused by the test' });
      this.registrations.push(registration);
      const tool = registration[TOOL_CONFIGURATION] as Record<string, unknown>;
      return json(201, { ...registration, client_id: this.registeredClientId ?? this.clientId, [TOOL_CONFIGURATION]: { ...tool, deployment_id: this.deploymentId } });
    }
    json(404, { error: 'not found' });
  }

  /** The token endpoint (client credentials with a client assertion, RFC 7523, as the 1EdTech Security Framework has it). */
  private async token(body: string, json: JsonAnswer): Promise<void> {
    const canned = this.tokenFailures.shift();
    if (canned) return json(canned.status, canned.body ?? { error: 'temporarily_unavailable' }, canned.headers);
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return json(400, { error: 'invalid_request' });
    const assertion = form.get('client_assertion') ?? '';
    if (this.toolJwks) {
      try {
        const { payload, protectedHeader } = await jwtVerify(assertion, createLocalJWKSet(await this.toolJwks()), {
          algorithms: ['RS256'],
          issuer: this.clientId,
          subject: this.clientId,
          audience: this.tokenUrl,
          currentDate: new Date(this.now() * 1000),
          requiredClaims: ['iat', 'exp', 'jti'],
        });
        if (!protectedHeader.kid || this.assertions.some((a) => a.jti === payload.jti)) throw new Error('no kid, or a jti seen before');
        this.assertions.push(payload);
      } catch {
        return json(401, { error: 'invalid_client' });
      }
    }
    const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const token = `token-${randomBytes(8).toString('hex')}`;
    this.issuedTokens.set(token, { scopes, expiresAt: this.now() + this.tokenExpiresIn });
    json(200, { access_token: token, token_type: 'Bearer', expires_in: this.tokenExpiresIn, scope: scopes.join(' ') });
  }

  /** The score endpoint of a line item (AGS 2.0 Score Publish Service): a bearer token of the score scope, the score media type. */
  private score(req: http.IncomingMessage, url: URL, body: string, json: JsonAnswer): void {
    if (req.method !== 'POST') return json(405, { error: 'method not allowed' });
    const canned = this.scoreFailures.shift();
    if (canned) return json(canned.status, canned.body ?? {}, canned.headers);
    if (this.scoreStatus !== 200) return json(this.scoreStatus, {});
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    const issued = this.issuedTokens.get(token);
    if (!issued || issued.expiresAt <= this.now() || !issued.scopes.includes(AGS_SCORE_SCOPE)) return json(401, { error: 'invalid_token' });
    const contentType = String(req.headers['content-type'] ?? '');
    if (contentType !== 'application/vnd.ims.lis.v1.score+json') return json(415, { error: 'unsupported media type' });
    const lineitem = `${url.pathname.replace(/\/scores$/, '')}${url.search}`;
    this.scores.push({ lineitem, url: `${url.pathname}${url.search}`, contentType, token, score: safeJson(body) });
    json(200, {});
  }
}

/** A Deep Linking response the return endpoint verified. */
export interface DeepLinkReceived {
  header: Record<string, unknown>;
  claims: JWTPayload;
  contentItems: Record<string, unknown>[];
}

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

/**
 * The LMS side of the LTI platform storage (LTI Client Side postMessages): answers lti.capabilities,
 * lti.put_data and lti.get_data from any frame, keeping values per origin (the spec's rule), and
 * records every message in window.ltiMessages for browser tests.
 */
const PLATFORM_STORAGE_SCRIPT = `(function () {
  var store = {};
  window.ltiMessages = [];
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m !== 'object' || typeof m.subject !== 'string') return;
    window.ltiMessages.push({ origin: event.origin, message: m });
    var answer = { subject: m.subject + '.response', message_id: m.message_id };
    if (m.subject === 'lti.capabilities') answer.supported_messages = [{ subject: 'lti.put_data' }, { subject: 'lti.get_data' }];
    else if (m.subject === 'lti.put_data') { store[event.origin + ' ' + m.key] = m.value; answer.key = m.key; answer.value = m.value; }
    else if (m.subject === 'lti.get_data') { answer.key = m.key; answer.value = store[event.origin + ' ' + m.key]; }
    else answer.error = { code: 'unsupported_subject', message: 'Not supported' };
    event.source.postMessage(answer, event.origin);
  });
})();
`;

const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

/**
 * What a platform checks in a tool's registration request (LTI Dynamic Registration 1.0, §3.5.2):
 * the problems found, none for a valid one.
 */
export function toolRegistrationProblems(registration: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const list = (name: string) => (Array.isArray(registration[name]) ? (registration[name] as unknown[]) : []);
  const url = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]/.test(value);
  if (registration.application_type !== 'web') problems.push('application_type must be web');
  if (!list('response_types').includes('id_token')) problems.push('response_types must include id_token');
  for (const grant of ['implicit', 'client_credentials']) if (!list('grant_types').includes(grant)) problems.push(`grant_types must include ${grant}`);
  if (!url(registration.initiate_login_uri)) problems.push('initiate_login_uri must be a URL');
  if (list('redirect_uris').length === 0 || !list('redirect_uris').every(url)) problems.push('redirect_uris must be URLs');
  if (!url(registration.jwks_uri)) problems.push('jwks_uri must be a URL');
  if (registration.token_endpoint_auth_method !== 'private_key_jwt') problems.push('token_endpoint_auth_method must be private_key_jwt');
  if (typeof registration.client_name !== 'string' || registration.client_name === '') problems.push('client_name is required');
  const tool = registration[TOOL_CONFIGURATION];
  if (typeof tool !== 'object' || tool === null) return [...problems, `${TOOL_CONFIGURATION} is required`];
  const config = tool as Record<string, unknown>;
  if (typeof config.domain !== 'string' || config.domain === '' || config.domain.includes('/')) problems.push('domain must be a host name');
  if (!url(config.target_link_uri)) problems.push('target_link_uri must be a URL');
  const messages = Array.isArray(config.messages) ? (config.messages as Record<string, unknown>[]) : [];
  for (const message of messages) if (typeof message?.type !== 'string') problems.push('each message needs a type');
  return problems;
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** What a request to the app answered (fastify inject's response, reduced). */
export interface AppResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The app under test, as the helpers need it: anything with fastify's `inject`. */
export interface Injectable {
  inject(options: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
}

export interface LoginResult {
  response: AppResponse;
  /** The auth request the login redirected to (its query), when it redirected. */
  auth: AuthRequest;
  /** `name=value` of the state cookie the login set, or '' when none. */
  cookie: string;
}

const reduce = (r: { statusCode: number; headers: Record<string, unknown>; body: string }): AppResponse => ({
  status: r.statusCode,
  headers: r.headers as AppResponse['headers'],
  text: r.body,
});

/** Starts a launch as the platform would: GET /lti/login with its parameters (overridable; `undefined` leaves one out). */
export async function login(app: Injectable, sim: PlatformSimulator, params: Record<string, string | undefined> = {}): Promise<LoginResult> {
  const query = new URLSearchParams();
  const all: Record<string, string | undefined> = {
    iss: sim.issuer,
    login_hint: 'user-1',
    target_link_uri: 'http://lectern.test/lti/launch',
    lti_message_hint: 'hint-1',
    client_id: sim.clientId,
    lti_deployment_id: sim.deploymentId,
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) query.set(name, value);
  const response = reduce(await app.inject({ method: 'GET', url: `/lti/login?${query.toString()}` }));
  const location = response.headers.location;
  const auth = typeof location === 'string' ? Object.fromEntries(new URL(location).searchParams) : {};
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return { response, auth, cookie: first ? first.split(';')[0]! : '' };
}

/** Posts a launch form to /lti/launch. */
export async function postLaunch(app: Injectable, form: Record<string, string>, headers: Record<string, string> = {}): Promise<AppResponse> {
  return reduce(
    await app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    }),
  );
}

export interface LaunchOptions {
  /** The course of the link (custom `course_id`). */
  courseId?: string;
  /** Claim overrides (`undefined` removes a claim). */
  claims?: Claims;
  /** JOSE header overrides (`kid`, `alg`…). */
  header?: Record<string, unknown>;
  /** Replaces the signed token altogether (alg none, HS256…); gets the claims that would have been signed. */
  token?: (claims: Claims) => Promise<string> | string;
  /** Login parameter overrides. */
  loginParams?: Record<string, string | undefined>;
  /** Form fields to send instead of (or beside) the minted ones. */
  form?: Record<string, string>;
  /** Sends no state cookie. */
  noCookie?: boolean;
  headers?: Record<string, string>;
}

/**
 * One whole launch without a browser: the login, the platform's answer to its auth request (a
 * token with the test's claims), and the form post to /lti/launch with the login's cookie.
 */
export async function launch(app: Injectable, sim: PlatformSimulator, options: LaunchOptions = {}): Promise<AppResponse & { login: LoginResult; idToken: string; claims: Claims }> {
  const started = await login(app, sim, options.loginParams);
  if (started.response.status !== 302) throw new Error(`login failed: ${started.response.status} ${started.response.text.slice(0, 500)}`);
  const claims = sim.claims({ nonce: started.auth.nonce, ...options.claims }, options.courseId);
  const idToken = options.token ? await options.token(claims) : await sim.sign(claims, { header: options.header ?? {} });
  const form = { id_token: idToken, state: started.auth.state ?? '', ...options.form };
  const headers = { ...(options.noCookie || !started.cookie ? {} : { cookie: started.cookie }), ...options.headers };
  const response = await postLaunch(app, form, headers);
  return { ...response, login: started, idToken, claims };
}

/** One of Lectern's LTI HTML pages (picker, roster, error): its status, type, strict CSP and what it says. */
export function expectPage(response: AppResponse, status: number, says: RegExp): void {
  const message = `${response.status} ${response.text.slice(0, 1500)}`;
  expect(response.status, message).toBe(status);
  expect(String(response.headers['content-type']), message).toMatch(/^text\/html/);
  expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
  expect(response.text, message).toMatch(says);
}

/** The page token an LTI instructor page carries in its forms. */
export const tokenOf = (html: string): string => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
