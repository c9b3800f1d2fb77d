import fastJsonStringify, { type Options } from 'fast-json-stringify';

type Serializer = (data: unknown) => string;
type ExternalSchemas = Record<string, unknown>;

/** Keywords that document a schema and never change what it writes. */
const DOCUMENTATION = new Set(['description', 'examples', 'example', 'summary', 'title']);
/** Keywords whose value is a map from names (of properties, of definitions) to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, never a schema: kept as they are. */
const DATA = new Set(['enum', 'const', 'default', 'required']);

/**
 * The schema without its documentation keywords, for comparing what two schemas write. A property
 * called `description` (a course has one) is a name under `properties`, not a keyword: it stays.
 */
function withoutDocumentation(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDocumentation);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema as Record<string, unknown>)) {
    if (DOCUMENTATION.has(keyword)) continue;
    if (DATA.has(keyword)) out[keyword] = value;
    else if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === 'object')
      out[keyword] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, sub]) => [name, withoutDocumentation(sub)]));
    else out[keyword] = withoutDocumentation(value);
  }
  return out;
}

/**
 * Fastify's serializer factory (`schemaController.compilersFactory.buildSerializer`, a public
 * server option) doing what its default does — fast-json-stringify over the route's response
 * schema with the shared schemas — once per distinct schema instead of once per route and status.
 *
 * Every route declares its error answers (400, 401, 403, 404, 409, 429, 500, 503 …) with the same
 * ErrorResponse, and many routes answer the same shared resource schema: ~700 response schemas but
 * a few dozen distinct ones. Compiling each one again was most of the start-up time (fast-json-
 * stringify and its reference resolver: ~4.7 s of CPU at 1.0.0, bench/README.md). Two schemas that
 * differ only in documentation (descriptions, examples) write the same JSON and share a serializer.
 * The shared schemas are part of the key, so encapsulated contexts with schemas of their own never
 * share a serializer they should not.
 */
/**
 * One cache for the process: its key is everything the serializer depends on (the shared schemas,
 * the options, the schema), so apps built in one process (the test suite builds dozens; the console
 * and the API in one server) share it safely.
 */
const serializers = new Map<string, Serializer>();
const externalKeys = new WeakMap<object, string>();
/**
 * Each distinct set of shared schemas (their JSON: hundreds of kilobytes) by a short number, which
 * the serializers' keys hold instead of a copy of that JSON each (tens of megabytes of heap).
 */
const externalSets = new Map<string, string>();

export function cachingSerializerFactory() {
  return (externalSchemas?: unknown, serializerOptions?: Options) => {
    const schemas = (externalSchemas ?? {}) as ExternalSchemas;
    let externalKey = externalKeys.get(schemas);
    if (externalKey === undefined) {
      const json = JSON.stringify(schemas);
      externalKey = externalSets.get(json);
      if (externalKey === undefined) {
        externalKey = String(externalSets.size);
        externalSets.set(json, externalKey);
      }
      externalKeys.set(schemas, externalKey);
    }
    const optionsKey = JSON.stringify(serializerOptions ?? {});
    return ({ schema: routeSchema }: { schema?: unknown }): Serializer => {
      const schema = (routeSchema ?? {}) as Record<string, unknown>;
      const key = `${externalKey}\u0000${optionsKey}\u0000${JSON.stringify(withoutDocumentation(schema))}`;
      let serializer = serializers.get(key);
      if (!serializer) {
        // As Fastify's own compiler: a response schema that is itself a shared one is not also an external.
        let external = schemas;
        if (typeof schema.$id === 'string' && schema.$id in external) {
          external = { ...external };
          delete external[schema.$id];
        }
        serializer = fastJsonStringify(schema, { ...serializerOptions, schema: external as Options['schema'] }) as Serializer;
        serializers.set(key, serializer);
      }
      return serializer;
    };
  };
}
