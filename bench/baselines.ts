// The two baseline servers (hello-world.ts, floor.ts): compiled to plain ESM JavaScript and run
// on bare `node`, exactly like Lectern's dist/ build. Running them through tsx's loader instead
// would add ~20-30 MB RSS and a loader thread, which skews the memory comparison.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { freePort, startServer, type ServerHandle } from './servers.js';

function transpile(sourceFile: string, outFile: string): void {
  const output = ts.transpileModule(readFileSync(sourceFile, 'utf8'), {
    fileName: sourceFile,
    reportDiagnostics: true,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  });
  const errors = (output.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const text = errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n');
    throw new Error(`cannot compile ${sourceFile}:\n${text}`);
  }
  writeFileSync(outFile, output.outputText);
}

/** Writes compiled baselines into `outDir`; packages resolve through a node_modules symlink. */
function compileBaselines(root: string, outDir: string): { helloWorld: string; floor: string; floorPostgres: string } {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(root, 'node_modules'), join(outDir, 'node_modules'), 'dir');
  const compiled = { helloWorld: join(outDir, 'hello-world.js'), floor: join(outDir, 'floor.js'), floorPostgres: join(outDir, 'floor-postgres.js') };
  transpile(join(root, 'bench', 'hello-world.ts'), compiled.helloWorld);
  transpile(join(root, 'bench', 'floor.ts'), compiled.floor);
  transpile(join(root, 'bench', 'floor-postgres.ts'), compiled.floorPostgres);
  return compiled;
}

async function startBaseline(
  name: string,
  script: string,
  host: string,
  env: Record<string, string>,
  ready: { path: string; headers?: Record<string, string> },
): Promise<ServerHandle> {
  const port = await freePort(host);
  return startServer({
    name,
    command: process.execPath,
    args: [script],
    cwd: join(script, '..'),
    env: { ...env, HOST: host, PORT: String(port), NODE_ENV: 'production' },
    host,
    port,
    readyPath: ready.path,
    ...(ready.headers ? { readyHeaders: ready.headers } : {}),
  });
}

export interface PostgresFloorSetup {
  /** The PostgreSQL database of Lectern's PostgreSQL rows, already migrated and seeded. */
  databaseUrl: string;
  apiKey: string;
  probeCourseId: string;
}

export interface FloorSetup {
  /** Lectern's SQLite file, already migrated and seeded. */
  dbFile: string;
  apiKey: string;
  /** A seeded course id; the floor counts as ready once it serves it. */
  probeCourseId: string;
}

/** Compiles and starts hello-world and floor (and, given a PostgreSQL database, floor-postgres), each on its own free port. */
export async function startBaselines(
  root: string,
  outDir: string,
  host: string,
  setup: FloorSetup,
  postgres?: PostgresFloorSetup,
): Promise<{ hello: ServerHandle; floor: ServerHandle; floorPostgres: ServerHandle | undefined }> {
  const scripts = compileBaselines(root, outDir);
  const hello = await startBaseline('hello-world', scripts.helloWorld, host, {}, { path: '/' });
  const floor = await startBaseline(
    'floor',
    scripts.floor,
    host,
    { FLOOR_DB: setup.dbFile, FLOOR_TOKEN: setup.apiKey },
    { path: `/courses/${setup.probeCourseId}`, headers: { authorization: `Bearer ${setup.apiKey}` } },
  );
  const floorPostgres = postgres
    ? await startBaseline(
        'floor-postgres',
        scripts.floorPostgres,
        host,
        { FLOOR_DATABASE_URL: postgres.databaseUrl, FLOOR_TOKEN: postgres.apiKey },
        { path: `/courses/${postgres.probeCourseId}`, headers: { authorization: `Bearer ${postgres.apiKey}` } },
      )
    : undefined;
  return { hello, floor, floorPostgres };
}
