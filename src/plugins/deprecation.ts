import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A route's (or one of its fields') deprecation, as docs/versioning.md promises it. */
export interface Deprecation {
  /** When it was deprecated: an ISO 8601 date or date-time (`2027-01-15`). */
  since: string;
  /** When it may be removed, at least six months later: an ISO 8601 date or date-time. */
  sunset: string;
  /** The notice: what replaces it and how to move (the CHANGELOG entry or a docs page). */
  link: string;
  /**
   * The deprecated field, when the route itself stays (`data.legacy_code`); its schema also carries
   * `deprecated: true`. Every answer of the route then carries the headers, since the server cannot
   * tell whether the client reads the field.
   */
  field?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route (or `field` of it) is deprecated: its answers carry Deprecation, Sunset and Link. */
    deprecated?: Deprecation;
  }
}

const instant = (text: string, what: string): Date => {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`deprecated.${what} is not a date: ${text}`);
  return date;
};

/** The three headers of a deprecation, computed once per route. */
export function deprecationHeaders(deprecation: Deprecation): { deprecation: string; sunset: string; link: string } {
  const since = instant(deprecation.since, 'since');
  const sunset = instant(deprecation.sunset, 'sunset');
  if (sunset <= since) throw new Error(`deprecated.sunset (${deprecation.sunset}) must come after deprecated.since (${deprecation.since})`);
  return {
    // RFC 9745: a structured-field date, `@` and Unix seconds.
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    // RFC 8594: an HTTP-date.
    sunset: sunset.toUTCString(),
    link: `<${deprecation.link}>; rel="deprecation"; type="text/html"`,
  };
}

/**
 * Deprecation on the wire (docs/versioning.md): a route whose `config.deprecated` is set answers
 * every request, errors included, with `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link`
 * to the notice (added to any Link the route sends), and its operation shows `deprecated: true` in
 * the OpenAPI document, with the dates in its description. Registered before the openapi plugin,
 * so the document sees the marked schema.
 */
export const deprecationPlugin = fp(
  async (app: FastifyInstance) => {
    // The headers are added by an onSend hook of the deprecated routes alone: a hook of every route
    // would make every answer of the API wait for it (an async step between send() and the write).
    app.addHook('onRoute', (route) => {
      const deprecation = route.config?.deprecated;
      if (!deprecation) return;
      const headers = deprecationHeaders(deprecation);
      const what = deprecation.field ? `The field \`${deprecation.field}\` is deprecated` : 'Deprecated';
      const sentence = `${what} since ${deprecation.since} and may be removed after ${deprecation.sunset} (notice: ${deprecation.link}).`;
      const schema = route.schema ?? {};
      const description = typeof schema.description === 'string' ? `${sentence}\n\n${schema.description}` : sentence;
      route.schema = { ...schema, description, ...(deprecation.field ? {} : { deprecated: true }) };
      const announce = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const link = reply.getHeader('link');
        reply.header('deprecation', headers.deprecation);
        reply.header('sunset', headers.sunset);
        reply.header('link', link ? `${[link].flat().join(', ')}, ${headers.link}` : headers.link);
        return payload;
      };
      route.onSend = [...[route.onSend ?? []].flat(), announce];
    });
  },
  { name: 'deprecation' },
);
