import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/program.js';
import { built } from '../built.js';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';

/** Runs a CLI command in this process with --json; answers its JSON object. */
async function json(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const status = await runCommand([...args, '--json'], { out: (text) => (stdout += text), err: (text) => (stderr += text), env });
  expect(status, `${stdout}\n${stderr}`).toBe(0);
  return JSON.parse(stdout);
}

/** `node dist/cli/main.js mcp` as an assistant starts it, driven by the SDK's own stdio client. */
async function connect(env: Record<string, string>, key: string): Promise<Client> {
  const client = new Client({ name: 'lectern-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [built('cli/main.js'), 'mcp'],
    env: { PATH: process.env.PATH ?? '', ...env, LECTERN_API_KEY: key },
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}

describe.each(testDialects())('lectern mcp over stdio (%s)', (dialect) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let writer: string;
  let reader: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    ({ env, drop } = await freshDatabaseEnv(dialect));
    const { id } = await json(['account', 'create', '--name', 'Stdio School', '--plan', 'professional'], env);
    writer = (await json(['key', 'create', '--account', id, '--env', 'production', '--name', 'assistant'], env)).key;
    reader = (await json(['key', 'create', '--account', id, '--env', 'production', '--name', 'reader', '--scopes', 'courses:read'], env)).key;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await drop();
  });

  it('refuses to start without a valid key, saying why on stderr and nothing on stdout', () => {
    for (const key of [undefined, 'lct_prod_0000000000000000000000000000000000000000']) {
      const run = spawnSync(process.execPath, [built('cli/main.js'), 'mcp'], { env: { PATH: process.env.PATH ?? '', ...env, ...(key ? { LECTERN_API_KEY: key } : {}) }, input: '', encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(key ? /API key is invalid/ : /LECTERN_API_KEY/);
    }
  });

  it('lists the tools the key allows, builds a course outline and reads it back; a read key cannot write', { timeout: 60_000 }, async () => {
    const client = await connect(env, writer);
    clients.push(client);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_courses', 'get_course_outline', 'create_course_outline', 'publish_course', 'delete_course']));
    const created = await client.callTool({
      name: 'create_course_outline',
      arguments: { title: 'Over stdio', modules: [{ title: 'One', lessons: [{ title: 'Read me', type: 'text', content: 'Hello' }] }, { title: 'Two', lessons: [] }] },
    });
    expect(created.isError, JSON.stringify(created)).toBeFalsy();
    const courseId = (created.structuredContent as { course_id: string }).course_id;
    const outline = await client.callTool({ name: 'get_course_outline', arguments: { course_id: courseId } });
    expect((outline.structuredContent as { modules: { title: string }[] }).modules.map((m) => m.title)).toEqual(['One', 'Two']);

    const readOnly = await connect(env, reader);
    clients.push(readOnly);
    const readNames = (await readOnly.listTools()).tools.map((tool) => tool.name);
    expect(readNames).toContain('get_course_outline');
    expect(readNames).not.toContain('create_course_outline');
    const before = await readOnly.callTool({ name: 'list_courses', arguments: { limit: 100 } });
    const refused = await readOnly.callTool({ name: 'delete_course', arguments: { course_id: courseId, confirm: true } }).catch((err: Error) => ({ isError: true, error: err.message }));
    expect(refused.isError, JSON.stringify(refused)).toBe(true);
    const after = await readOnly.callTool({ name: 'list_courses', arguments: { limit: 100 } });
    expect(after.structuredContent).toEqual(before.structuredContent);
  });
});
