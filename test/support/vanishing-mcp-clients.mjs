// Clients that leave the way Claude Code, Gemini CLI and OpenCode do: `node vanishing-mcp-clients.mjs
// URL COUNT` connects COUNT clients of the MCP SDK (StreamableHTTPClientTransport) to URL at once;
// each calls instructions_for_path and waits until its event stream (GET) is open; then the process
// exits without closing or deleting any session, so the server sees only its connections drop.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [url = '', count = '1'] = process.argv.slice(2);

async function vanishingClient(index) {
  let listening = () => {};
  const streamOpen = new Promise((resolve) => {
    listening = resolve;
  });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'GET' && response.ok) listening();
      return response;
    },
  });
  const client = new Client({ name: `vanishing-${index}`, version: '1.0.0' });
  await client.connect(transport);
  const result = await client.callTool({
    name: 'instructions_for_path',
    arguments: { path: 'packages/app/index.ts' },
  });
  if (result.isError) throw new Error(`client ${index}: ${JSON.stringify(result.content)}`);
  await streamOpen;
}

await Promise.all(Array.from({ length: Number(count) }, (_, index) => vanishingClient(index)));
process.stdout.write(`${count} clients served\n`);
process.exit(0);
