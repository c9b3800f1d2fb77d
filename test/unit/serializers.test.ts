import { describe, expect, it } from 'vitest';
import { cachingSerializerFactory } from '../../src/plugins/serializers.js';

const route = (schema: unknown) => ({ method: 'GET', url: '/x', httpStatus: '200', schema });

describe('cachingSerializerFactory (src/plugins/serializers.ts)', () => {
  it('shares one serializer between schemas that differ only in documentation', () => {
    const compile = cachingSerializerFactory()({}, {});
    const a = compile(route({ type: 'object', description: 'A course', properties: { id: { type: 'string', description: 'Its id' } } }));
    const b = compile(route({ type: 'object', description: 'Another text', examples: [{ id: 'x' }], properties: { id: { type: 'string' } } }));
    expect(a).toBe(b);
    expect(a({ id: 'crs_1', secret: 'never written' })).toBe('{"id":"crs_1"}');
  });

  it('keeps a property called description apart from the description keyword', () => {
    const compile = cachingSerializerFactory()({}, {});
    const withProperty = compile(route({ type: 'object', properties: { id: { type: 'string' }, description: { type: 'string' } } }));
    const without = compile(route({ type: 'object', properties: { id: { type: 'string' } } }));
    expect(withProperty).not.toBe(without);
    expect(withProperty({ id: 'crs_1', description: 'Linear equations' })).toBe('{"id":"crs_1","description":"Linear equations"}');
    expect(without({ id: 'crs_1', description: 'Linear equations' })).toBe('{"id":"crs_1"}');
  });

  it('compiles again for other shared schemas, and resolves references to them', () => {
    const factory = cachingSerializerFactory();
    const schema = { $ref: 'Thing#' };
    const small = factory({ Thing: { $id: 'Thing', type: 'object', properties: { a: { type: 'integer' } } } }, {})(route(schema));
    const large = factory({ Thing: { $id: 'Thing', type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } } }, {})(route(schema));
    expect(small({ a: 1, b: 2 })).toBe('{"a":1}');
    expect(large({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
  });
});
