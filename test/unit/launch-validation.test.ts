import { describe, expect, it } from 'vitest';
import { checkHeader, checkLtiClaims, checkOidcClaims, CLAIMS, launchAudience, learnerProfile, serviceEndpoints } from '../../src/modules/lti/launch-validation.js';
import { cacheLifetime, parseKeySet } from '../../src/modules/lti/platform-jwks.js';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';
const now = 1_800_000_000;
const platform = { issuer: 'https://lms.example', clientId: 'tool-1', now };
const oidc = (overrides: Record<string, unknown> = {}) => ({ iss: 'https://lms.example', aud: 'tool-1', exp: now + 300, iat: now, nonce: 'n-1', ...overrides });
const lti = (overrides: Record<string, unknown> = {}) => {
  const claims: Record<string, unknown> = {
    sub: 'u-1',
    [CLAIMS.messageType]: 'LtiResourceLinkRequest',
    [CLAIMS.version]: '1.3.0',
    [CLAIMS.deploymentId]: 'd-1',
    [CLAIMS.targetLinkUri]: 'https://lectern.example/lti/launch',
    [CLAIMS.resourceLink]: { id: 'rl-1' },
    [CLAIMS.roles]: [],
    ...overrides,
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return claims;
};

describe('checkHeader', () => {
  it.each([
    [{ alg: 'RS256', kid: 'k' }, undefined],
    [{ alg: 'none', kid: 'k' }, 'bad_alg'],
    [{ alg: 'HS256', kid: 'k' }, 'bad_alg'],
    [{ alg: 'RS512', kid: 'k' }, 'bad_alg'],
    [{ kid: 'k' }, 'bad_alg'],
    [{ alg: 'RS256' }, 'no_kid'],
    [{ alg: 'RS256', kid: '' }, 'no_kid'],
  ])('%j → %s', (header, code) => {
    expect(checkHeader(header)?.code).toBe(code);
  });
});

describe('checkOidcClaims', () => {
  it.each([
    ['valid', {}, undefined],
    ['aud as a list with azp', { aud: ['tool-1', 'other'], azp: 'tool-1' }, undefined],
    ['aud as a one-element list', { aud: ['tool-1'] }, undefined],
    ['wrong iss', { iss: 'https://evil.example' }, 'bad_iss'],
    ['no iss', { iss: undefined }, 'bad_iss'],
    ['wrong aud', { aud: 'other' }, 'bad_aud'],
    ['aud not text', { aud: 7 }, 'bad_aud'],
    ['several aud, no azp', { aud: ['tool-1', 'other'] }, 'no_azp'],
    ['azp not the client', { aud: ['tool-1', 'other'], azp: 'other' }, 'bad_azp'],
    ['azp not the client, one aud', { azp: 'other' }, 'bad_azp'],
    ['no exp', { exp: undefined }, 'no_exp'],
    ['expired beyond the skew', { exp: now - 61 }, 'expired'],
    ['expired within the skew', { exp: now - 30 }, undefined],
    ['iat in the future beyond the skew', { iat: now + 61 }, 'iat_future'],
    ['iat in the future within the skew', { iat: now + 30 }, undefined],
    ['no iat', { iat: undefined }, 'no_iat'],
    ['no nonce', { nonce: undefined }, 'no_nonce'],
  ])('%s', (_name, overrides, code) => {
    const claims = oidc(overrides);
    for (const [k, v] of Object.entries(claims)) if (v === undefined) delete (claims as Record<string, unknown>)[k];
    expect(checkOidcClaims(claims, platform)?.code).toBe(code);
  });
});

describe('checkLtiClaims', () => {
  it('answers what a valid resource-link launch carries', () => {
    const result = checkLtiClaims(lti({ [CLAIMS.context]: { id: 'c-1' }, [CLAIMS.custom]: { course_id: 'crs_1' } }));
    expect(result).toEqual({
      launch: {
        messageType: 'LtiResourceLinkRequest',
        deploymentId: 'd-1',
        targetLinkUri: 'https://lectern.example/lti/launch',
        sub: 'u-1',
        roles: [],
        resourceLinkId: 'rl-1',
        contextId: 'c-1',
        custom: { course_id: 'crs_1' },
      },
    });
  });

  it.each([
    ['no message_type', { [CLAIMS.messageType]: undefined }, 'missing_message_type'],
    ['another message type', { [CLAIMS.messageType]: 'LtiStartProctoring' }, 'bad_message_type'],
    ['no version', { [CLAIMS.version]: undefined }, 'missing_version'],
    ['version 1.1', { [CLAIMS.version]: '1.1' }, 'bad_version'],
    ['no deployment_id', { [CLAIMS.deploymentId]: undefined }, 'missing_deployment_id'],
    ['empty deployment_id', { [CLAIMS.deploymentId]: '' }, 'missing_deployment_id'],
    ['no target_link_uri', { [CLAIMS.targetLinkUri]: undefined }, 'missing_target_link_uri'],
    ['no roles', { [CLAIMS.roles]: undefined }, 'missing_roles'],
    ['roles not a list', { [CLAIMS.roles]: 'Learner' }, 'bad_roles'],
    ['no resource_link', { [CLAIMS.resourceLink]: undefined }, 'missing_resource_link'],
    ['resource_link without id', { [CLAIMS.resourceLink]: {} }, 'missing_resource_link'],
    ['anonymous resource link', { sub: undefined }, 'missing_sub'],
    ['empty sub', { sub: '' }, 'bad_sub'],
    ['deep linking without settings', { [CLAIMS.messageType]: 'LtiDeepLinkingRequest', [CLAIMS.resourceLink]: undefined }, 'missing_deep_linking_settings'],
  ])('%s → %s', (_name, overrides, code) => {
    const result = checkLtiClaims(lti(overrides));
    expect('problem' in result && result.problem.code).toBe(code);
  });

  it('a deep-linking request needs no resource link and may be anonymous', () => {
    const result = checkLtiClaims(lti({ [CLAIMS.messageType]: 'LtiDeepLinkingRequest', [CLAIMS.resourceLink]: undefined, sub: undefined, [CLAIMS.deepLinkingSettings]: { deep_link_return_url: 'https://lms.example/dl' } }));
    expect('launch' in result && result.launch.sub).toBe(null);
  });
});

describe('launchAudience', () => {
  it.each([
    [[], 'learner'],
    [[`${LIS}membership#Learner`], 'learner'],
    [[`${LIS}membership#Instructor`], 'teacher'],
    [[`${LIS}membership/Instructor#TeachingAssistant`], 'teacher'],
    [[`${LIS}membership#ContentDeveloper`], 'teacher'],
    [[`${LIS}membership#Administrator`], 'teacher'],
    [['Instructor'], 'teacher'],
    [['http://example.com/roles#Wizard'], 'learner'],
    // The context decides: an institution's instructor taking this course is a learner here.
    [[`${LIS}membership#Learner`, `${LIS}institution/person#Instructor`], 'learner'],
    [[`${LIS}institution/person#Instructor`], 'teacher'],
    [[`${LIS}institution/person#Student`], 'learner'],
    [[`${LIS}system/person#Administrator`], 'teacher'],
    [[`${LIS}membership#Mentor`], 'learner'],
  ])('%j → %s', (roles, audience) => {
    expect(launchAudience(roles)).toBe(audience);
  });
});

describe('learnerProfile', () => {
  it.each([
    [{ name: 'Ada Lovelace', email: 'ada@x.example' }, { name: 'Ada Lovelace', email: 'ada@x.example' }],
    [{ given_name: 'Ada', family_name: 'Lovelace' }, { name: 'Ada Lovelace', email: null }],
    [{ given_name: 'Ada' }, { name: 'Ada', email: null }],
    [{ name: '  ', email: 'not an address' }, { name: null, email: null }],
    [{ name: 'x'.repeat(300) }, { name: 'x'.repeat(200), email: null }],
    [{}, { name: null, email: null }],
  ])('%j', (claims, profile) => {
    expect(learnerProfile(claims)).toEqual(profile);
  });
});

describe('serviceEndpoints', () => {
  it('keeps http(s) URLs as given (query included) and the scopes', () => {
    expect(
      serviceEndpoints({
        [CLAIMS.ags]: { lineitem: 'https://lms.example/li/1?x=1', lineitems: 'javascript:alert(1)', scope: ['s1', 7] },
        [CLAIMS.nrps]: { context_memberships_url: 'https://lms.example/m' },
      }),
    ).toEqual({ lineitem: 'https://lms.example/li/1?x=1', lineitems: null, scopes: ['s1'], nrpsUrl: 'https://lms.example/m' });
    expect(serviceEndpoints({})).toEqual({ lineitem: null, lineitems: null, scopes: null, nrpsUrl: null });
  });
});

describe('platform key sets', () => {
  it.each([
    [undefined, 600_000],
    ['max-age=300', 300_000],
    ['public, max-age=5', 60_000],
    ['max-age=999999', 86_400_000],
    ['no-store', 60_000],
    ['private', 600_000],
  ])('Cache-Control %s → %i ms', (header, ms) => {
    expect(cacheLifetime(header)).toBe(ms);
  });

  it('keeps the RSA signing keys that have a kid', () => {
    const keys = parseKeySet(JSON.stringify({ keys: [{ kty: 'RSA', kid: 'a', n: 'x', e: 'AQAB' }, { kty: 'RSA', n: 'x', e: 'AQAB' }, { kty: 'RSA', kid: 'enc', use: 'enc' }, { kty: 'EC', kid: 'ec' }] }));
    expect([...keys.keys()]).toEqual(['a']);
    expect(() => parseKeySet('{}')).toThrow();
  });
});
