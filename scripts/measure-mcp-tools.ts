import { measureToolList, TOOL_LIST_TOKEN_BUDGET } from './mcp-tool-list.js';

/** `npm run measure:mcp`: the size of the tools/list answer of a `*` key and of a courses:read key (docs/mcp.md). */
for (const scopes of [['*'], ['courses:read']]) {
  const size = await measureToolList(scopes);
  console.log(`${scopes.join(' ').padEnd(13)} ${String(size.tools).padStart(2)} tools  ${size.bytes} bytes  ${size.tokens} tokens (o200k_base; budget ${TOOL_LIST_TOKEN_BUDGET})`);
  if (scopes[0] === '*' && size.tokens >= TOOL_LIST_TOKEN_BUDGET) process.exitCode = 1;
}
