// Spawning, readiness, memory and teardown of the server child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { residentMemory } from '../src/plugins/metrics.js';

export interface ServerSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** Added to the bench's own environment. */
  env: Record<string, string>;
  port: number;
  host: string;
  /** Path polled until it answers 200. */
  readyPath: string;
  readyHeaders?: Record<string, string>;
  readyTimeoutMs?: number;
}

export interface ServerHandle {
  name: string;
  pid: number;
  baseUrl: string;
  child: ChildProcess;
}

const children = new Set<ChildProcess>();

/** Asks the OS for a port that is free right now. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Starts a server (stdout discarded, stderr forwarded with a prefix) and waits until it is ready. */
export async function startServer(spec: ServerSpec): Promise<ServerHandle> {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));

  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
  });

  // stderr is forwarded live, so startup errors are already visible above our own message.
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (line.trim() !== '') process.stderr.write(`[${spec.name}] ${line}\n`);
    }
  });

  const baseUrl = `http://${spec.host}:${spec.port}`;
  const deadline = Date.now() + (spec.readyTimeoutMs ?? 20_000);
  let lastProblem = 'no answer yet';
  for (;;) {
    if (spawnError) throw new Error(`${spec.name} could not be spawned: ${spawnError.message}`);
    if (hasExited(child)) {
      throw new Error(`${spec.name} exited during startup (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${spec.name} not ready at ${baseUrl}${spec.readyPath}: ${lastProblem}`);
    }
    try {
      const res = await fetch(baseUrl + spec.readyPath, {
        headers: spec.readyHeaders ?? {},
        signal: AbortSignal.timeout(1000),
      });
      await res.arrayBuffer();
      if (res.status === 200) break;
      lastProblem = `HTTP ${res.status}`;
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
    }
    await sleep(150);
  }

  if (child.pid === undefined) throw new Error(`${spec.name} has no pid`);
  return { name: spec.name, pid: child.pid, baseUrl, child };
}

/** A server's resident memory in MB: all of it, and the anonymous and file-backed parts. */
export interface ResidentMb {
  /** VmRSS. */
  total: number;
  /** RssAnon: heaps (V8's and native, SQLite's page cache): what the process holds. */
  anonymous: number;
  /** RssFile: mapped files (code, SQLite's mmap of the database): page cache the kernel reclaims. */
  file: number;
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Resident memory of a process in MB (Linux /proc), or null when unavailable. */
export function rssMb(pid: number): ResidentMb | null {
  const memory = residentMemory(pid);
  return memory ? { total: mb(memory.total), anonymous: mb(memory.anonymous), file: mb(memory.file) } : null;
}

/**
 * Resets a process's peak resident memory (VmHWM) to its current resident memory (Linux: `5` to
 * /proc/<pid>/clear_refs), so that the next peakRssMb says the peak of what ran since; false when
 * the system does not allow it (then the peak is the process's whole life's).
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A process's peak resident memory in MB since it started or since resetPeakRss (VmHWM, Linux /proc), or null when unavailable. */
export function peakRssMb(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? mb(Number(match[1]) * 1024) : null;
  } catch {
    return null;
  }
}

async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut && !hasExited(child)) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Stops every server started by this process: SIGTERM, then SIGKILL after a grace period. */
export async function stopAllServers(graceMs = 3000): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child, graceMs)));
}

/** Last-resort synchronous kill, for process 'exit' handlers. */
export function killAllServersNow(): void {
  for (const child of children) {
    if (!hasExited(child)) child.kill('SIGKILL');
  }
}

/** Stops one server started by this process. */
export async function stopServer(server: ServerHandle, graceMs = 3000): Promise<void> {
  await stopChild(server.child, graceMs);
}
