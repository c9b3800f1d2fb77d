import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

type Era = 'legacy' | '2026-07-28';

/** The SDK's own client over Streamable HTTP, speaking one protocol era. */
async function connect(address: string, key: string, era: Era): Promise<Client> {
  const client = new Client({ name: 'lectern-test', version: '1.0.0' }, { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: era } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${address}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

/** A tool result's structuredContent, or its error text when it is one. */
function structured(result: Awaited<ReturnType<Client['callTool']>>): any {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

function errorOf(result: Awaited<ReturnType<Client['callTool']>>): { code: string; message: string } {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  const content = result.content as { type: string; text: string }[];
  return (JSON.parse(content[0]!.text) as { error: { code: string; message: string } }).error;
}

const outline = {
  title: 'Statistics for teachers',
  description: 'Mean, spread and samples.',
  modules: [
    {
      title: 'Describing data',
      lessons: [
        { title: 'The mean', type: 'text', content: '# Mean\nAdd and divide.' },
        { title: 'A video on spread', type: 'video', video_url: 'https://video.example/spread.mp4' },
      ],
    },
    {
      title: 'Checking understanding',
      lessons: [
        {
          title: 'Quiz',
          type: 'quiz',
          quiz: {
            passing_score: 50,
            questions: [
              { prompt: 'Mean of 2 and 4?', kind: 'single_choice', choices: ['2', '3', '4'], answer: 1 },
              { prompt: 'The median resists outliers.', kind: 'true_false', answer: true },
            ],
          },
        },
      ],
    },
  ],
};

describe.each(testDialects())('MCP over Streamable HTTP (%s)', (dialect) => {
  let t: TestApp;
  let address: string;
  const clients: Client[] = [];
  const open = async (key: string, era: Era) => {
    const client = await connect(address, key, era);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await setupApp(dialect);
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t.close();
  });

  describe.each(['legacy', '2026-07-28'] as const)('protocol era %s', (era) => {
    it('lists every tool to a * key and only read tools to a courses:read key, whose write call changes nothing', async () => {
      const all = await open(t.key, era);
      const names = (await all.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['list_courses', 'get_course_outline', 'create_course_outline', 'publish_course', 'delete_course']));
      for (const name of names) expect(name).toMatch(/^[a-z0-9_]{1,64}$/);

      const { key } = await t.newKey({ scopes: ['courses:read'] });
      const reader = await open(key, era);
      const readTools = (await reader.listTools()).tools;
      expect(readTools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['list_courses', 'get_course_outline']));
      for (const tool of readTools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(readTools.map((tool) => tool.name)).not.toContain('create_course_outline');

      const before = (await t.request({ url: '/api/v1/courses?per_page=100' })).body.data.length;
      const refused = await reader.callTool({ name: 'create_course_outline', arguments: outline });
      const error = errorOf(refused);
      expect(error.code).toBe('insufficient_permissions');
      expect(error.message).toContain('courses:write');
      expect((await t.request({ url: '/api/v1/courses?per_page=100' })).body.data.length).toBe(before);
    });

    it('create_course_outline builds a two-module course that the REST API reads back identically', async () => {
      const client = await open(t.key, era);
      const created = structured(await client.callTool({ name: 'create_course_outline', arguments: outline }));
      expect(created.module_count).toBe(2);
      expect(created.lesson_count).toBe(3);

      const course = await t.request({ url: `/api/v1/courses/${created.course_id}` });
      expect(course.status, show(course)).toBe(200);
      const modules = await t.request({ url: `/api/v1/courses/${created.course_id}/modules` });
      const rest = { ...course.body.data, modules: [] as unknown[] };
      for (const module of modules.body.data) {
        const lessons = await t.request({ url: `/api/v1/modules/${module.id}/lessons` });
        rest.modules.push({ ...module, lessons: lessons.body.data });
      }
      const read = structured(await client.callTool({ name: 'get_course_outline', arguments: { course_id: created.course_id } }));
      expect(read).toEqual(rest);
      expect(read.title).toBe(outline.title);
      expect(read.modules.map((m: { title: string }) => m.title)).toEqual(['Describing data', 'Checking understanding']);
      expect(read.modules[1].lessons[0].quiz.questions.map((q: { prompt: string }) => q.prompt)).toEqual(['Mean of 2 and 4?', 'The median resists outliers.']);
      expect(created.modules.map((m: { module_id: string }) => m.module_id)).toEqual(read.modules.map((m: { id: string }) => m.id));

      const listed = structured(await client.callTool({ name: 'list_courses', arguments: { limit: 100 } }));
      expect(listed.items.map((c: { id: string }) => c.id)).toContain(created.course_id);
      expect(listed).toHaveProperty('next_cursor');
    });

    it("answers another workspace's course as not found, as REST does", async () => {
      const other = await t.newKey();
      const theirs = (await t.request({ method: 'POST', url: '/api/v1/courses', key: other.key, body: { title: 'Not yours' } })).body.data;
      const client = await open(t.key, era);
      const error = errorOf(await client.callTool({ name: 'get_course_outline', arguments: { course_id: theirs.id } }));
      const rest = await t.request({ url: `/api/v1/courses/${theirs.id}` });
      expect(rest.status).toBe(404);
      expect(error.code).toBe(rest.body.error.code);
      expect(error.message).toBe(rest.body.error.message);
      expect(error.message).toContain('not found');
    });

    it('replays a create with the same idempotency_key, and delete_course without confirm changes nothing', async () => {
      const client = await open(t.key, era);
      const idempotency_key = `outline-${era}`;
      const first = structured(await client.callTool({ name: 'create_course_outline', arguments: { ...outline, idempotency_key } }));
      const again = structured(await client.callTool({ name: 'create_course_outline', arguments: { ...outline, idempotency_key } }));
      expect(again).toEqual(first);
      const titled = (await t.request({ url: '/api/v1/courses?per_page=100' })).body.data.filter((c: { id: string }) => c.id === first.course_id);
      expect(titled).toHaveLength(1);

      const preview = structured(await client.callTool({ name: 'delete_course', arguments: { course_id: first.course_id } }));
      expect(preview).toMatchObject({ course_id: first.course_id, deleted: false, module_count: 2 });
      expect((await t.request({ url: `/api/v1/courses/${first.course_id}` })).status).toBe(200);
      const deleted = structured(await client.callTool({ name: 'delete_course', arguments: { course_id: first.course_id, confirm: true } }));
      expect(deleted.deleted).toBe(true);
      expect((await t.request({ url: `/api/v1/courses/${first.course_id}` })).status).toBe(404);
    });
  });

  it('spends one request per tool call (not for tools/list): an exhausted key answers isError with the seconds to wait', async () => {
    const { key, accountId } = await t.newKey();
    await setPlan(t.ctx, accountId, 'professional', { hourly_limit: 1000, burst_limit: 3 });
    const before = await t.request({ url: '/api/v1/rate-limits', key });
    const client = await open(key, '2026-07-28');
    await client.listTools();
    structured(await client.callTool({ name: 'list_courses', arguments: {} }));
    structured(await client.callTool({ name: 'list_courses', arguments: {} }));
    const after = await t.request({ url: '/api/v1/rate-limits', key });
    expect(after.status, show(after)).toBe(200);
    const remaining = (r: typeof after) => Number(r.headers['x-ratelimit-remaining']);
    expect(remaining(before) - remaining(after), `${show(before)}\n${show(after)}`).toBe(2);

    structured(await client.callTool({ name: 'list_courses', arguments: {} }));
    const error = errorOf(await client.callTool({ name: 'list_courses', arguments: {} }));
    expect(error.code).toBe('rate_limit_exceeded');
    expect(error.message).toMatch(/retry in \d+ seconds/);
  });

  it('keeps a list under 25,000 tokens: fewer items than asked, a cursor and a note saying so', async () => {
    const { key } = await t.newKey();
    const metadata = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`field_${i}`, 'x'.repeat(500)]));
    for (let i = 0; i < 6; i++) {
      const created = await t.request({ method: 'POST', url: '/api/v1/courses', key, body: { title: `Big ${i}`, description: 'd'.repeat(20_000), metadata } });
      expect(created.status, show(created)).toBe(201);
    }
    const client = await open(key, '2026-07-28');
    const result = await client.callTool({ name: 'list_courses', arguments: { limit: 100 } });
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text.length / 4).toBeLessThan(25_000);
    const page = structured(result);
    expect(page.items.length).toBeLessThan(6);
    expect(page.next_cursor).not.toBeNull();
    expect(page.note).toContain('25000 tokens');
    const rest = structured(await client.callTool({ name: 'list_courses', arguments: { limit: 100, cursor: page.next_cursor } }));
    expect(rest.items[0].id).not.toBe(page.items.at(-1).id);
  });

  it('counts MCP requests in the key’s usage', async () => {
    const { key, keyId } = await t.newKey();
    const client = await open(key, '2026-07-28');
    await client.callTool({ name: 'list_courses', arguments: {} });
    const usage = await t.request({ url: `/api/v1/usage?key_id=${keyId}`, key });
    expect(usage.status, show(usage)).toBe(200);
    // The connection's requests (handshake or discovery, the tool call), beside the usage read itself.
    expect(usage.body.data.totals.requests).toBeGreaterThanOrEqual(2);
  });

  it.each(['2025-06-18', '2025-11-25'])('answers an initialize of revision %s in that revision', async (version) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const response = await fetch(`${address}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${t.key}` },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id'), 'stateless: no session').toBeNull();
    const text = await response.text();
    const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!;
    expect((JSON.parse(json) as { result: { protocolVersion: string } }).result.protocolVersion, text).toBe(version);
  });

  it('answers 401 with WWW-Authenticate without a credential, and serves the protected resource metadata', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const response = await fetch(`${address}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${address}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = (await (await fetch(`${address}/.well-known/oauth-protected-resource/mcp`)).json()) as { scopes_supported: string[] };
    expect(metadata).toMatchObject({ resource: `${address}/mcp`, authorization_servers: [address], bearer_methods_supported: ['header'] });
    expect(metadata.scopes_supported).toContain('courses:read');
  });

  it('refuses a browser Origin that is not allowed (403) and answers GET and DELETE with 405', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${t.key}` };
    const refused = await fetch(`${address}/mcp`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body });
    expect(refused.status).toBe(403);
    // DNS rebinding: a page whose name resolves to 127.0.0.1 sends its own name as Host and Origin.
    const rebound = await fetch(`${address}/mcp`, { method: 'POST', headers: { ...headers, origin: 'http://evil.example:80' }, body });
    expect(rebound.status).toBe(403);
    // A page served by this server on a loopback address (same Host and Origin, both loopback names) is served.
    const sameOrigin = await fetch(`${address}/mcp`, { method: 'POST', headers: { ...headers, origin: address }, body });
    expect(sameOrigin.status).toBe(200);
    const otherPort = await fetch(`${address}/mcp`, { method: 'POST', headers: { ...headers, origin: 'http://127.0.0.1:1' }, body });
    expect(otherPort.status, 'another loopback origin is another site').toBe(403);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${address}/mcp`, { method, headers });
      expect(response.status, method).toBe(405);
    }
  });
});
