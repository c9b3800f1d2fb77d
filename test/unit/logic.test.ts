import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/modules/idempotency/idempotency.service.js';
import { hasScope } from '../../src/modules/api-keys/scopes.js';
import { generateKey, keyPattern } from '../../src/modules/api-keys/key-format.js';
import { validatorCompiler } from '../../src/plugins/validation.js';
import { newId } from '../../src/shared/ids.js';
import { encodeCursor, parseListQuery } from '../../src/shared/pagination.js';

describe('query coercion', () => {
  const schema = Type.Object({ n: Type.Optional(Type.Integer({ minimum: 1 })), b: Type.Optional(Type.Boolean()), s: Type.Optional(Type.String()) });
  const validate = (httpPart: string, input: unknown) => (validatorCompiler({ schema, httpPart, method: 'GET', url: '/' }) as (v: unknown) => { value?: unknown; error?: unknown })(input);

  it('converts integer and boolean text strictly in the query', () => {
    expect(validate('querystring', { n: '20', b: 'false', s: '7' }).value).toEqual({ n: 20, b: false, s: '7' });
    for (const n of ['1.5', '1e3', ' 2', '0x10', '', '99999999999999999']) expect(validate('querystring', { n }).error, n).toBeDefined();
    for (const b of ['1', 'yes', 'TRUE']) expect(validate('querystring', { b }).error, b).toBeDefined();
  });

  it('never converts the body', () => {
    expect(validate('body', { n: '20' }).error).toBeDefined();
    expect(validate('body', { n: 20, b: true }).value).toEqual({ n: 20, b: true });
  });
});

describe('ids', () => {
  it('are prefixed, 26 base32 characters, and sort by creation order within a process', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => newId('crs', 1_800_000_000_000 + Math.floor(i / 100)));
    for (const id of ids) expect(id).toMatch(/^crs_[0-9a-hjkmnp-tv-z]{26}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('keys and scopes', () => {
  it('generates keys of the documented format with the environment marker', () => {
    expect(generateKey('production')).toMatch(/^lct_prod_[0-9A-Za-z]{40}$/);
    expect(generateKey('staging')).toMatch(keyPattern);
    expect(generateKey('development').startsWith('lct_dev_')).toBe(true);
  });

  it('lets write imply read, and * imply everything', () => {
    expect(hasScope(new Set(['courses:write']), 'courses:read')).toBe(true);
    expect(hasScope(new Set(['courses:read']), 'courses:write')).toBe(false);
    expect(hasScope(new Set(['students:write']), 'courses:read')).toBe(false);
    expect(hasScope(new Set(['*']), 'keys:write')).toBe(true);
  });
});

describe('cursors', () => {
  const sorts = { created_at: { column: 'created_at', direction: 'asc' as const }, title: { column: 'title', direction: 'asc' as const } };

  it('round-trip their position and sort, bound to list and workspace', () => {
    const cursor = encodeCursor('courses', 'wsp_a', 'title', { value: 'Algebra', id: 'crs_1' });
    expect(parseListQuery('courses', 'wsp_a', { cursor }, sorts, 'created_at')).toMatchObject({
      mode: 'cursor',
      sortName: 'title',
      after: { value: 'Algebra', id: 'crs_1' },
    });
    expect(() => parseListQuery('students', 'wsp_a', { cursor }, sorts, 'created_at')).toThrow(/cursor/);
    expect(() => parseListQuery('courses', 'wsp_b', { cursor }, sorts, 'created_at')).toThrow(/cursor/);
  });
});

describe('request fingerprints', () => {
  it('ignore object key order but not values, arrays order, or the path', () => {
    const base = requestFingerprint('POST', '/a', { x: 1, y: { p: [1, 2], q: null } });
    expect(requestFingerprint('POST', '/a', { y: { q: null, p: [1, 2] }, x: 1 })).toBe(base);
    expect(requestFingerprint('POST', '/a', { x: 1, y: { p: [2, 1], q: null } })).not.toBe(base);
    expect(requestFingerprint('POST', '/b', { x: 1, y: { p: [1, 2], q: null } })).not.toBe(base);
    expect(requestFingerprint('POST', '/a', undefined)).not.toBe(requestFingerprint('POST', '/a', {}));
  });
});
