/**
 * npm run check:package: the release as an operator gets it. `npm pack` (which runs prepare: the
 * build and the console) into a temporary folder, `npm install ./lectern-<version>.tgz` into an
 * empty one (dependencies only: better-sqlite3 compiles from source, a minute or so), then
 * `npx lectern --help` and `npx lectern serve` there, and over HTTP: the console page and one of its
 * scripts, /docs, the OpenAPI document, the demo key of the first start (so the migrations ran),
 * and a scorm12 export downloaded and opened (its manifest and the player's assets). Nothing here
 * reads the checkout's src/ or node_modules/: only the installed package runs.
 *
 * Slow (npm install), so not part of `npm test`; CI runs it on its own. Prints its duration, and
 * removes its folders and stops the server it started, whether it passes or fails.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const elapsed = (since = started) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

class CheckFailed extends Error {}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/**
 * An operator's shell: without what `npm run check:package` adds about this checkout (its package,
 * its folder as the local prefix, the script's log level), which would point npm back here. The
 * other npm_config_* are the effective settings (cache, registry, nodedir) and stay.
 */
const fromNpmRun = /^npm_(package_|lifecycle_|command$|execpath$|node_execpath$|config_(local_prefix|loglevel|user_agent|npm_version)$)/i;
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !fromNpmRun.test(name))) as Record<string, string>;

/** Runs a command to its end, its output shown; fails with its last lines when it exits non-zero. */
function run(command: string, args: string[], cwd: string, timeoutMs: number): string {
  const since = Date.now();
  console.log(`\n$ ${[command, ...args].join(' ')}   (in ${cwd})`);
  const result = spawnSync(command, args, { cwd, env: cleanEnv, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.error) throw new CheckFailed(`${command} ${args.join(' ')}: ${result.error.message}\n${output.slice(-4000)}`);
  check(result.status === 0, `${command} ${args.join(' ')} exited ${result.status ?? result.signal}:\n${output.slice(-4000)}`);
  console.log(`  ok (${elapsed(since)})`);
  return output;
}

let server: ChildProcess | undefined;
let serverOut = '';

/** The server's whole process group: npx, the shell it may start and node. */
function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const force = setTimeout(() => signal('SIGKILL'), 10_000);
  return exited.finally(() => clearTimeout(force));
}

async function startServer(cwd: string, dataDir: string): Promise<string> {
  console.log(`\n$ npx lectern serve   (in ${cwd}; DATA_DIR=${dataDir} HOST=127.0.0.1 PORT=0)`);
  const child = spawn('npx', ['--no', '--', 'lectern', 'serve'], {
    cwd,
    env: { ...cleanEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopServer reaches node behind npx.
    detached: true,
  });
  server = child;
  child.stdout.on('data', (chunk: Buffer) => (serverOut += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (serverOut += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(serverOut);
    if (match) return match[1]!;
    check(child.exitCode === null && child.signalCode === null, `npx lectern serve exited (${child.exitCode ?? child.signalCode}) before listening:\n${serverOut}`);
    check(Date.now() < deadline, `npx lectern serve did not listen within 60 s:\n${serverOut}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every entry name of a zip archive. */
function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function checkHttp(base: string, key: string, version: string) {
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, { headers });
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) };
  };
  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, data: (text ? JSON.parse(text) : {}).data };
  };

  const consolePage = await get('/console/');
  check(consolePage.status === 200 && consolePage.type.startsWith('text/html'), `GET /console/ answered ${consolePage.status} ${consolePage.type}: ${consolePage.body.toString().slice(0, 300)}`);
  const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(consolePage.body.toString())?.[1];
  check(script, `GET /console/ names no script under /console/assets/:\n${consolePage.body.toString().slice(0, 500)}`);
  const scriptFile = await get(script);
  check(scriptFile.status === 200 && scriptFile.type.includes('javascript') && scriptFile.body.length > 1000, `GET ${script} answered ${scriptFile.status} ${scriptFile.type}, ${scriptFile.body.length} bytes`);
  console.log(`  GET /console/ 200 (HTML), GET ${script} 200 (${scriptFile.body.length} bytes)`);

  const docs = await get('/docs');
  check(docs.status === 200 && docs.type.startsWith('text/html'), `GET /docs answered ${docs.status} ${docs.type}`);
  const swaggerUi = /src="(\/docs\/static\/[^"]+\.js)"/.exec(docs.body.toString())?.[1];
  check(swaggerUi, `GET /docs names no script under /docs/static/:\n${docs.body.toString().slice(0, 500)}`);
  const swaggerScript = await get(swaggerUi);
  check(swaggerScript.status === 200, `GET ${swaggerUi} answered ${swaggerScript.status}`);
  console.log(`  GET /docs 200 (HTML), GET ${swaggerUi} 200`);

  const openapi = await get('/api/v1/openapi.json');
  check(openapi.status === 200, `GET /api/v1/openapi.json answered ${openapi.status}`);
  const document = JSON.parse(openapi.body.toString()) as { openapi: string; info: { version: string } };
  check(document.openapi.startsWith('3.1') && document.info.version === version, `the OpenAPI document is ${document.openapi}, version ${document.info.version} (the package is ${version})`);
  console.log(`  GET /api/v1/openapi.json 200 (OpenAPI ${document.openapi}, version ${document.info.version})`);

  const course = await api('POST', '/courses', { title: 'Packaged course', description: 'Made by check-package', published: true });
  check(course.status === 201, `POST /courses answered ${course.status}: ${course.text}`);
  const module = await api('POST', `/courses/${course.data.id}/modules`, { title: 'The only module' });
  check(module.status === 201, `POST /courses/:id/modules answered ${module.status}: ${module.text}`);
  const lesson = await api('POST', `/modules/${module.data.id}/lessons`, { title: 'The only lesson', type: 'text', content: 'Read me to the end.' });
  check(lesson.status === 201, `POST /modules/:id/lessons answered ${lesson.status}: ${lesson.text}`);
  console.log(`  the demo key works: course ${course.data.id} with a module and a lesson`);

  const created = await api('POST', `/courses/${course.data.id}/export`, { format: 'scorm12' });
  check(created.status === 202, `POST /courses/:id/export answered ${created.status}: ${created.text}`);
  let job = created;
  const deadline = Date.now() + 60_000;
  while (job.data.status === 'queued' || job.data.status === 'running') {
    check(Date.now() < deadline, `the scorm12 export is still ${job.data.status} after 60 s; the server's log:\n${serverOut.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = await api('GET', `/exports/${created.data.id}`);
    check(job.status === 200, `GET /exports/:id answered ${job.status}: ${job.text}`);
  }
  check(job.data.status === 'succeeded', `the scorm12 export ended ${job.data.status}: ${job.text}\n(a build without the player's assets fails here: dist/modules/exports/assets)\n${serverOut.slice(-3000)}`);
  const download = await get(`/api/v1/exports/${created.data.id}/download`, { authorization: `Bearer ${key}` });
  check(download.status === 200, `GET /exports/:id/download answered ${download.status}: ${download.body.toString().slice(0, 300)}`);
  const entries = await zipEntries(download.body);
  for (const name of ['imsmanifest.xml', 'player/player.js', 'player/player.css', 'adlcp_rootv1p2.xsd', 'imscp_rootv1p1p2.xsd']) {
    check(entries.includes(name), `the scorm12 package lacks ${name}; it holds: ${entries.join(', ')}`);
  }
  console.log(`  scorm12 export succeeded: ${download.body.length} bytes, ${entries.length} entries with imsmanifest.xml, player/player.js and the SCORM schemas`);
}

async function main() {
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-package-'));
  const cleanUp = async () => {
    await stopServer();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    // 1. The tarball, as a release is made.
    const packDir = path.join(tmp, 'pack');
    fs.mkdirSync(packDir);
    run('npm', ['pack', '--pack-destination', packDir], root, 600_000);
    const tarball = path.join(packDir, `lectern-${version}.tgz`);
    check(fs.existsSync(tarball), `npm pack wrote no ${path.basename(tarball)} (found: ${fs.readdirSync(packDir).join(', ') || 'nothing'})`);
    const listing = run('tar', ['-tzf', tarball], packDir, 60_000).split('\n').filter((line) => line.startsWith('package/'));
    for (const file of ['package/dist/cli/main.js', 'package/dist/server.js', 'package/dist/console/index.html', 'package/dist/modules/exports/assets/player.js', 'package/dist/modules/exports/assets/scorm12/imscp_rootv1p1p2.xsd', 'package/README.md', 'package/LICENSE', 'package/CHANGELOG.md']) {
      check(listing.includes(file), `the tarball lacks ${file}`);
    }
    const strays = listing.filter((file) => /^package\/(src|test|console|node_modules|data)\//.test(file) || file.endsWith('.map'));
    check(strays.length === 0, `the tarball holds files a release must not: ${strays.slice(0, 10).join(', ')}`);
    console.log(`  ${path.basename(tarball)}: ${(fs.statSync(tarball).size / 1024).toFixed(0)} KiB, ${listing.length} files`);

    // 2. Installed into an empty folder, as an operator installs it: no prepare, no devDependencies.
    const app = path.join(tmp, 'app');
    fs.mkdirSync(app);
    run('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], app, 900_000);
    const installed = path.join(app, 'node_modules');
    check(fs.existsSync(path.join(installed, 'lectern/dist/cli/main.js')), 'node_modules/lectern/dist/cli/main.js is missing after npm install');
    for (const dev of ['typescript', 'vite', 'tsx', 'vitest']) {
      check(!fs.existsSync(path.join(installed, dev)), `npm install of the tarball installed the devDependency ${dev}: it must need none`);
    }

    // 3. The CLI and the server, from the installed package.
    const help = run('npx', ['--no', '--', 'lectern', '--help'], app, 60_000);
    check(/\bserve\b/.test(help) && /\bmigrate\b/.test(help), `npx lectern --help does not list serve and migrate:\n${help}`);
    const base = await startServer(app, path.join(tmp, 'data'));
    const key = /\b(lct_prod_\S+)/.exec(serverOut)?.[1];
    check(key, `the first start printed no demo key (did the migrations run?):\n${serverOut}`);
    console.log(`  listening at ${base}; the first start printed the demo key`);
    await checkHttp(base, key, version);
    await stopServer();
    console.log(`\ncheck-package: passed in ${elapsed()}`);
  } finally {
    await cleanUp();
  }
}

main().catch((err: unknown) => {
  const message = err instanceof CheckFailed ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  console.error(`\ncheck-package: FAILED after ${elapsed()}\n${message}`);
  process.exit(1);
});
