// Lectern's MCP server tried by clients nobody here wrote: the official conformance suite
// (@modelcontextprotocol/conformance, its active server scenarios at each protocol revision Lectern
// speaks, plus the 2026-07-28 stateless scenarios) and the MCP Inspector's CLI over Streamable HTTP
// and stdio. Both need Node >= 22: .ci/run runs this on Node 24 after `npm ci` in this folder and a
// build of Lectern (dist/). Exits 1 on the first failure, saying which.
//
//   (cd test/mcp-clients && npm ci) && node test/mcp-clients/run.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// The Node that runs Lectern itself (its better-sqlite3 is built for one Node): this one unless LECTERN_NODE says.
const lecternNode = process.env.LECTERN_NODE ?? process.execPath;
const root = resolve(here, '../..');
/** A client's command line, on this Node (its bin scripts' `#!/usr/bin/env node` could find another). */
const bin = (name, ...args) => [process.execPath, [join(here, 'node_modules/.bin', name), ...args]];
const dataDir = mkdtempSync(join(tmpdir(), 'lectern-mcp-clients-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
delete env.DATABASE_URL;
delete env.REDIS_URL;
const children = [];
let failures = 0;

function fail(what, detail = '') {
  failures += 1;
  console.error(`FAIL ${what}${detail ? `\n${detail}` : ''}`);
}
function pass(what) {
  console.log(`ok   ${what}`);
}
function check(condition, what, detail) {
  if (condition) pass(what);
  else fail(what, detail);
}

/**
 * Runs a command to completion: {status, stdout, stderr}. Asynchronous, so that the proxy below
 * (in this process) keeps serving while a client runs.
 */
function run(command, args, options = {}) {
  return new Promise((done, failed) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', failed);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

/** `lectern …` on this installation's database, answering its --json output. */
async function lectern(...args) {
  const result = await run(lecternNode, [join(root, 'dist/cli/main.js'), ...args, '--json']);
  if (result.status !== 0) throw new Error(`lectern ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

function freePort() {
  return new Promise((done, failed) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.on('error', failed);
  });
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The conformance suite connects without credentials, and /mcp answers 401 without one; this proxy
 * adds the key's Authorization header and passes everything else through as sent (Host and Origin
 * included, which the DNS-rebinding scenario varies).
 */
function authProxy(port, upstreamPort, key) {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    headers.authorization ??= `Bearer ${key}`;
    const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (err) => {
      res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

/** The Inspector's CLI: its parsed JSON answer and exit status. */
async function inspector(target, args, extraEnv = {}) {
  const result = await run(...bin('mcp-inspector', '--cli', ...target, ...args), { env: { ...env, ...extraEnv } });
  let body;
  try {
    body = JSON.parse(result.stdout);
  } catch {
    body = undefined;
  }
  return { status: result.status, body, output: `${result.stdout}\n${result.stderr}` };
}

async function main() {
  const { id: accountId } = await lectern('account', 'create', '--name', 'MCP clients', '--plan', 'professional');
  const { key } = await lectern('key', 'create', '--account', accountId, '--env', 'production', '--name', 'all scopes');
  const { key: readKey } = await lectern('key', 'create', '--account', accountId, '--env', 'production', '--name', 'read only', '--scopes', 'courses:read');

  const port = await freePort();
  const server = spawn(lecternNode, [join(root, 'dist/server.js')], { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health`);
  const rest = async (path) => (await fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } })).json();

  // 1. The conformance suite: its active scenarios at each revision, then the 2026-07-28 stateless ones.
  const proxyPort = await freePort();
  const proxy = await authProxy(proxyPort, port, key);
  const mcpUrl = `http://127.0.0.1:${proxyPort}/mcp`;
  const conformance = async (label, args) => {
    const output = join(dataDir, `conformance-${label}`);
    const result = await run(...bin('conformance', 'server', '--url', mcpUrl, '--expected-failures', join(here, 'expected-failures.yml'), '-o', output, ...args), { cwd: here });
    const summary = result.stdout.slice(result.stdout.indexOf('=== SUMMARY'));
    check(result.status === 0, `conformance suite, ${label}`, `${summary}\n${result.stderr}`);
    if (result.status === 0) console.log(summary.split('\n').filter((line) => /^Total|Baseline check passed/.test(line)).join('\n'));
  };
  for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) await conformance(`active scenarios at ${version}`, ['--spec-version', version]);
  for (const scenario of ['server-stateless', 'sep-2164-resource-not-found', 'caching', 'http-header-validation']) await conformance(`${scenario} (2026-07-28)`, ['--scenario', scenario]);
  proxy.close();

  // 2. The Inspector's CLI over Streamable HTTP, as a * key and as a courses:read key.
  const overHttp = (bearer) => [`${base}/mcp`, '--header', `Authorization: Bearer ${bearer}`];
  const toolNames = (answer) => (answer.body?.tools ?? []).map((tool) => tool.name);
  const all = await inspector(overHttp(key), ['--method', 'tools/list']);
  check(all.status === 0 && toolNames(all).includes('create_course_outline') && toolNames(all).includes('delete_course'), 'Inspector (HTTP): a * key lists the write tools', all.output);
  const read = await inspector(overHttp(readKey), ['--method', 'tools/list']);
  const readNames = toolNames(read);
  check(
    read.status === 0 && readNames.includes('get_course_outline') && !readNames.some((name) => ['create_course_outline', 'publish_course', 'delete_course', 'enroll_students', 'export_course'].includes(name)),
    'Inspector (HTTP): a courses:read key lists read tools only',
    read.output,
  );
  const modules = [
    { title: 'Fractions', lessons: [{ title: 'Halves', type: 'text', content: 'One of two equal parts.' }] },
    { title: 'Decimals', lessons: [{ title: 'Tenths', type: 'text', content: '0.1' }, { title: 'Check', type: 'quiz', quiz: { passing_score: 50, questions: [{ prompt: '0.5 = 1/2?', kind: 'true_false', answer: true }] } }] },
  ];
  const outlineArgs = ['--method', 'tools/call', '--tool-name', 'create_course_outline', '--tool-arg', 'title=Numbers, by the Inspector', `modules=${JSON.stringify(modules)}`];
  const before = (await rest('/courses')).total;
  const refused = await inspector(overHttp(readKey), outlineArgs);
  // The Inspector refuses a tool the server did not list before calling it; the server's own refusal
  // (insufficient_permissions) is tested with the SDK's client in test/mcp.
  check(refused.status !== 0 && /not found|insufficient_permissions/.test(refused.output) && (await rest('/courses')).total === before, 'Inspector (HTTP): the read key\'s create_course_outline is refused and changes nothing', refused.output);
  const created = await inspector(overHttp(key), outlineArgs);
  const courseId = created.body?.structuredContent?.course_id;
  check(created.status === 0 && typeof courseId === 'string', 'Inspector (HTTP): create_course_outline answers the course id', created.output);
  const course = await rest(`/courses/${courseId}`);
  const restModules = await rest(`/courses/${courseId}/modules`);
  check(course.data?.title === 'Numbers, by the Inspector' && restModules.data?.map((m) => m.title).join() === 'Fractions,Decimals', 'REST reads back the course the Inspector built', JSON.stringify({ course, restModules }));
  const listed = await inspector(overHttp(key), ['--method', 'resources/list']);
  check(listed.status === 0 && listed.body?.resources?.some((r) => r.uri === `lectern://courses/${courseId}/outline`), 'Inspector (HTTP): resources/list names the course outline', listed.output);
  const prompts = await inspector(overHttp(key), ['--method', 'prompts/list']);
  check(prompts.status === 0 && prompts.body?.prompts?.some((p) => p.name === 'draft_course_outline'), 'Inspector (HTTP): prompts/list offers draft_course_outline', prompts.output);

  // 3. The Inspector's CLI over stdio (`lectern mcp`, the key in LECTERN_API_KEY).
  const overStdio = [lecternNode, join(root, 'dist/cli/main.js'), 'mcp'];
  const stdioList = await inspector(overStdio, ['-e', `LECTERN_API_KEY=${readKey}`, '-e', `DATA_DIR=${dataDir}`, '--method', 'tools/list']);
  check(stdioList.status === 0 && toolNames(stdioList).includes('get_course_outline') && !toolNames(stdioList).includes('create_course_outline'), 'Inspector (stdio): a courses:read key lists read tools only', stdioList.output);
  const outline = await inspector(overStdio, ['-e', `LECTERN_API_KEY=${key}`, '-e', `DATA_DIR=${dataDir}`, '--method', 'tools/call', '--tool-name', 'get_course_outline', '--tool-arg', `course_id=${courseId}`]);
  const outlineModules = outline.body?.structuredContent?.modules ?? [];
  check(
    outline.status === 0 && outlineModules.map((m) => `${m.title}:${m.lessons.length}`).join() === 'Fractions:1,Decimals:2',
    'Inspector (stdio): get_course_outline reads the course in order',
    outline.output,
  );
}

try {
  await main();
} catch (err) {
  fail('MCP clients run', err instanceof Error ? err.stack : String(err));
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failures === 0 ? 'MCP clients: all checks passed' : `MCP clients: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
