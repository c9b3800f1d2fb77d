import { claim, finish, requestFingerprint } from '../idempotency/idempotency.service.js';
import type { ToolCall } from './tool-definition.js';

/** How long a running call holds its key before a retry may take it over. */
const LOCK_SECONDS = 60;

/**
 * A write tool's `idempotency_key`, meaning what the Idempotency-Key header means over REST, in
 * the same store: the first call with a key runs and its answer is kept for 24 hours; a retry with
 * the same key and arguments answers that answer again; other arguments under the key are refused
 * (idempotency_key_reused). A call that fails keeps nothing, so that a retry runs again.
 */
export async function idempotent<T>(call: ToolCall, tool: string, key: string | undefined, input: unknown, run: () => Promise<T>): Promise<T> {
  if (key === undefined) return run();
  const { ctx, auth } = call;
  const held = await claim(ctx, auth.workspaceId, `mcp:${key}`, requestFingerprint('MCP', tool, input), LOCK_SECONDS);
  if (held.kind === 'replay') return JSON.parse(held.body) as T;
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await finish(ctx, auth.workspaceId, held.claim, 500, '');
    throw err;
  }
  await finish(ctx, auth.workspaceId, held.claim, 200, JSON.stringify(result));
  return result;
}
