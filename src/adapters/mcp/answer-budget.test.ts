import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { instructionsForPath } from '../../presets/instructions-for-path.js';
import { mcpAnswerDefaults } from './answer-parts.js';
import { contextMcpServers } from './context-mcp-server.js';
import { renderPathInstructions } from './instructions-for-path-tool.js';
import { serveMcpOverHttp } from './serve-mcp-over-http.js';

/** A file body of about `chars` characters, its lines naming the file (so a misplaced piece shows). */
function body(name: string, chars: number): string {
  const line = `- ${name}: keep this rule in mind when you work here.\n`;
  return `# ${name}\n\n${line.repeat(Math.ceil(chars / line.length))}`;
}

const deepPath = 'packages/app/src/features/checkout/payment/card.ts';
const nestedDirectories = [
  'packages',
  'packages/app',
  'packages/app/src',
  'packages/app/src/features',
  'packages/app/src/features/checkout',
  'packages/app/src/features/checkout/payment',
];

/** A repository whose full `instructions_for_path` answer for {@link deepPath} is about 125 KB. */
async function makeLargeRepository(): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-mcp-budget-');
  await mkdir(path.join(root, '.git'));
  await writeFile(path.join(root, 'AGENTS.md'), body('AGENTS.md', 16_000));
  await writeFile(path.join(root, 'CLAUDE.md'), body('CLAUDE.md', 10_000));
  for (const directory of nestedDirectories) {
    await mkdir(path.join(root, directory), { recursive: true });
    await writeFile(path.join(root, directory, 'AGENTS.md'), body(`${directory}/AGENTS.md`, 11_000));
  }
  await mkdir(path.join(root, '.cursor/rules'), { recursive: true });
  await writeFile(
    path.join(root, '.cursor/rules/typescript.mdc'),
    `---\nglobs: "**/*.ts"\n---\n${body('.cursor/rules/typescript.mdc', 8_000)}`,
  );
  await mkdir(path.join(root, 'packages/app/.cursor/rules'), { recursive: true });
  await writeFile(
    path.join(root, 'packages/app/.cursor/rules/app.mdc'),
    `---\nalwaysApply: true\n---\n${body('packages/app/.cursor/rules/app.mdc', 6_000)}`,
  );
  for (let index = 0; index < 40; index += 1) {
    const name = `skill-${String(index).padStart(2, '0')}`;
    await mkdir(path.join(root, '.claude/skills', name), { recursive: true });
    await writeFile(
      path.join(root, '.claude/skills', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Use when the task is about ${name}, its checks and its release notes.\n---\n${body(name, 500)}`,
    );
  }
  return root;
}

function textOf(result: unknown): string {
  const content = ((result as { content?: unknown }).content ?? []) as Array<{ text?: string }>;
  return content.map((part) => part.text ?? '').join('');
}

/** The piece of a part: without its first line and, but in the last part, its last line. */
function pieceOf(part: string, last: boolean): string {
  const body = part.slice(part.indexOf('\n') + 1);
  return last ? body : body.slice(0, body.lastIndexOf('\n'));
}

/** The `<context-file>` labels of a text, in order. */
function labelsOf(text: string): string[] {
  return [...text.matchAll(/<context-file path="([^"]+)">/g)].map((match) => match[1] ?? '');
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'budget', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Every part of one tool's answer, read through the client: part 1 says how many there are. */
async function readAllParts(client: Client, name: string, args: Record<string, unknown>): Promise<string[]> {
  const first = textOf(await client.callTool({ name, arguments: args }));
  const total = Number(new RegExp(`^\\[${name}: part 1 of (\\d+) `).exec(first)?.[1] ?? 1);
  const parts = [first];
  for (let part = 2; part <= total; part += 1) {
    parts.push(textOf(await client.callTool({ name, arguments: { ...args, part } })));
  }
  return parts;
}

describe('tool answers within the budget', () => {
  it('instructions_for_path on a 125 KB answer: parts within the budget, the deepest nested files and the matching rules first, the rest complete', async () => {
    const root = await makeLargeRepository();
    const servers = await contextMcpServers({ directory: root });
    const full = renderPathInstructions(
      await instructionsForPath({ workspace: servers.workspace, path: deepPath }),
    );
    expect(full.length).toBeGreaterThan(115_000);
    expect(full.length).toBeLessThan(140_000);
    const http = await serveMcpOverHttp({ createServer: servers.createServer, port: 0 });
    const client = await connect(http.url);
    try {
      const parts = await readAllParts(client, 'instructions_for_path', { path: deepPath });
      expect(parts.length).toBeGreaterThanOrEqual(6);
      for (const part of parts) expect(part.length).toBeLessThanOrEqual(mcpAnswerDefaults.maxAnswerChars);
      const pieces = parts.map((part, index) => pieceOf(part, index === parts.length - 1));
      expect(pieces.join('')).toBe(full);
      // One answer: the same fingerprint in every part.
      expect(new Set(parts.map((part) => /fingerprint ([0-9a-f]{8})/.exec(part)?.[1])).size).toBe(1);

      // The first part starts with the nested files of the deepest directories, then the matching rules.
      const first = parts[0] ?? '';
      expect(first).toMatch(/^\[instructions_for_path: part 1 of \d+ of a \d+-character answer/);
      expect(labelsOf(full).slice(0, 8)).toEqual([
        ...[...nestedDirectories].reverse().map((directory) => `${directory}/AGENTS.md`),
        '.cursor/rules/typescript.mdc',
        'packages/app/.cursor/rules/app.mdc',
      ]);
      expect(labelsOf(first)[0]).toBe('packages/app/src/features/checkout/payment/AGENTS.md');
      // The project-wide files every run has come last.
      expect(labelsOf(full).slice(-2)).toEqual(['AGENTS.md', 'CLAUDE.md']);
      // What is left, and how to get it, is said in every part but the last.
      expect(first).toContain(
        'the rest: call instructions_for_path again with the same arguments and "part": 2',
      );
      expect(first).toMatch(/\n\[Left for parts 2-\d+: .+; \d+ characters\.\]$/);
      const past = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: deepPath, part: parts.length + 1 },
      });
      expect(past.isError).toBe(true);
      expect(textOf(past)).toContain(`has ${parts.length} parts`);
      const invalid = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: deepPath, part: 0 },
      });
      expect(invalid.isError).toBe(true);
      expect(textOf(invalid)).toContain('part: a whole number from 1');
    } finally {
      await client.close();
      await http.close();
    }
  }, 120_000);

  it('inventory_agent_context in parts of 2,000 characters (Qwen Code keeps 2,000) joins back to the whole JSON', async () => {
    const root = await makeLargeRepository();
    const small = await contextMcpServers({ directory: root, maxAnswerChars: 2_000 });
    const whole = await contextMcpServers({ directory: root, maxAnswerChars: 1_000_000 });
    const smallHttp = await serveMcpOverHttp({ createServer: small.createServer, port: 0 });
    const wholeHttp = await serveMcpOverHttp({ createServer: whole.createServer, port: 0 });
    const smallClient = await connect(smallHttp.url);
    const wholeClient = await connect(wholeHttp.url);
    try {
      const full = textOf(await wholeClient.callTool({ name: 'inventory_agent_context', arguments: {} }));
      expect(full.length).toBeGreaterThan(4_000);
      const parts = await readAllParts(smallClient, 'inventory_agent_context', {});
      expect(parts.length).toBeGreaterThan(2);
      for (const part of parts) expect(part.length).toBeLessThanOrEqual(2_000);
      const joined = parts.map((part, index) => pieceOf(part, index === parts.length - 1)).join('');
      expect(joined).toBe(full);
      expect(JSON.parse(joined)).toMatchObject({ roots: expect.any(Array) });
      const tools = await smallClient.listTools();
      for (const tool of tools.tools) {
        expect(tool.inputSchema.properties).toMatchObject({ part: { type: 'integer', minimum: 1 } });
      }
    } finally {
      await Promise.all([smallClient.close(), wholeClient.close()]);
      await Promise.all([smallHttp.close(), wholeHttp.close()]);
    }
  }, 120_000);

  it('read_offloaded pages an offloaded result by lines within the budget, so it needs no parts', async () => {
    const root = await makeLargeRepository();
    await mkdir(path.join(root, '.context'));
    const lines = Array.from({ length: 3_000 }, (_, index) => `result line ${index + 1}: ${'x'.repeat(40)}`);
    await writeFile(path.join(root, '.context/search-call_1.txt'), `${lines.join('\n')}\n`);
    const servers = await contextMcpServers({ directory: root });
    const http = await serveMcpOverHttp({ createServer: servers.createServer, port: 0 });
    const client = await connect(http.url);
    try {
      const pages: string[] = [];
      let offset: number | undefined = 1;
      while (offset !== undefined) {
        const page = textOf(
          await client.callTool({ name: 'read_offloaded', arguments: { file: 'search-call_1.txt', offset } }),
        );
        expect(page.length).toBeLessThanOrEqual(mcpAnswerDefaults.maxAnswerChars);
        expect(page).not.toContain('[read_offloaded: part');
        pages.push(page);
        offset = Number(/and offset (\d+)\.\]/.exec(page)?.[1]) || undefined;
      }
      expect(pages.length).toBeGreaterThan(5);
      const read = pages.flatMap((page) => page.split('\n').slice(1)).filter((line) => line !== '');
      expect(read).toEqual(lines);
    } finally {
      await client.close();
      await http.close();
    }
  }, 120_000);

  it('refuses a budget under 1,000 characters, in the library and the CLI (exit 2)', async () => {
    const root = await makeLargeRepository();
    await expect(contextMcpServers({ directory: root, maxAnswerChars: 500 })).rejects.toMatchObject({
      code: 'invalid-option',
    });
    const refused = await runCliInProcess(root, ['mcp', '--max-answer-chars', '500']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--max-answer-chars takes a whole number of at least 1000, got "500"');
  });
});
