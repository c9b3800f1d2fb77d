import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';

// TypeBox stops collecting errors after 8 by default; a client fixing a body wants them all.
// Bodies are at most 1 MiB, so this stays bounded.
Settings.Set({ maxErrors: 100 });

/**
 * Validates each request part with TypeBox's compiled checker. Bodies are checked as sent:
 * a string where a number belongs is a 400, never coerced. Query strings, params and headers
 * arrive as text, so scalars are converted first, strictly: "20" becomes 20, "1.5" stays text
 * for an integer field and fails, rather than being truncated to 1.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const convert = httpPart === 'body' ? undefined : textConverter(schema);
  return (input: unknown) => {
    const value = convert ? convert(input) : input;
    if (check.Check(value)) return { value };
    return { error: check.Errors(value) as unknown as Error };
  };
};

type Converter = (value: unknown) => unknown;

function textConverter(schema: TSchema): Converter | undefined {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  if (!properties) return undefined;
  const converters = new Map<string, Converter>();
  for (const [name, property] of Object.entries(properties)) {
    const converter = scalarConverter(property);
    if (converter) converters.set(name, converter);
  }
  if (converters.size === 0) return undefined;
  return (input) => {
    if (typeof input !== 'object' || input === null) return input;
    const output: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [name, convert] of converters) {
      if (name in output) output[name] = convert(output[name]);
    }
    return output;
  };
}

function scalarConverter(schema: TSchema): Converter | undefined {
  switch ((schema as { type?: string }).type) {
    case 'integer':
      return (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v);
    case 'number':
      return (v) => (typeof v === 'string' && /^-?\d{1,15}(\.\d+)?$/.test(v) ? Number(v) : v);
    case 'boolean':
      return (v) => (v === 'true' ? true : v === 'false' ? false : v);
    default:
      return undefined;
  }
}
