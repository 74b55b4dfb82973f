import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { maxRequestBytes } from './guarded-input.js';
import { connectClient, mcpTransports } from './mcp-test-clients.test-support.js';

/**
 * Generous on purpose: the answer comes at once, and only a refusal that is never answered (the
 * client waiting for its own timeout, 60 s by default) would reach it.
 */
const hangMs = 15_000;

describe.each(mcpTransports)('agent-context mcp over %s: a request over the size limit', (transport) => {
  it('is answered with an error naming the limit, and the connection goes on', async () => {
    const root = await useTemporaryDirectory('agent-context-mcp-');
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, 'AGENTS.md'), 'Use tabs.\n');
    const { client, close } = await connectClient(root, transport);
    try {
      const options = { timeout: hangMs };
      // The SDK client writes a request's id after its params: it is read from wherever it stands.
      const prompt = client.getPrompt(
        { name: 'review', arguments: { arguments: 'x'.repeat(5_000_000) } },
        options,
      );
      await expect(prompt).rejects.toThrow(String(maxRequestBytes));
      const call = client.callTool(
        { name: 'instructions_for_path', arguments: { path: 'y'.repeat(9_000_000) } },
        undefined,
        options,
      );
      await expect(call).rejects.toThrow(String(maxRequestBytes));
      expect(await client.ping(options)).toEqual({});
    } finally {
      await close();
    }
  }, 60_000);
});
