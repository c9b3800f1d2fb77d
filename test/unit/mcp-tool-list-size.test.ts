import { describe, expect, it } from 'vitest';
import { measureToolList, TOOL_LIST_TOKEN_BUDGET } from '../../scripts/mcp-tool-list.js';

/** The size an assistant pays for Lectern's tool list on every conversation (docs/mcp.md, "Size of the tool list"). */
describe('MCP tool list size', () => {
  it(`keeps the tools/list answer of a * key under ${TOOL_LIST_TOKEN_BUDGET} tokens`, async () => {
    const size = await measureToolList(['*']);
    expect(size.tools).toBeGreaterThanOrEqual(13);
    expect(size.tokens, `${size.tools} tools, ${size.bytes} bytes, ${size.tokens} tokens: run npm run measure:mcp and trim`).toBeLessThan(TOOL_LIST_TOKEN_BUDGET);
  });

  it('shows a courses:read key only read tools, and fewer tokens', async () => {
    const all = await measureToolList(['*']);
    const read = await measureToolList(['courses:read']);
    expect(read.tokens).toBeLessThan(all.tokens);
    for (const tool of (JSON.parse(read.json) as { tools: { annotations: { readOnlyHint: boolean } }[] }).tools) expect(tool.annotations.readOnlyHint).toBe(true);
  });
});
