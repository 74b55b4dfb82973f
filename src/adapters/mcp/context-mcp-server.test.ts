import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { commands } from '../../commands/commands.js';
import { createContextSession } from '../../session/context-session.js';
import { skills } from '../../skills/skills.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { connectClient, type McpTestClient, mcpTransports } from './mcp-test-clients.test-support.js';

/** A monorepo shape: linked CLAUDE.md, an import, nested files, commands, an offloaded result, an escaping link. */
async function makeRepository(base: string): Promise<{ base: string; root: string }> {
  const root = path.join(base, 'repo');
  const searchLines = Array.from({ length: 3_000 }, (_, line) => `src/file-${line}.ts: match ${line + 1}`);
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': '# Shop monorepo\nUse pnpm. Style rules: @docs/style.md\n',
    'docs/style.md': 'Prefer named exports.\n',
    'packages/app/AGENTS.md': '# App\nRun `pnpm test --filter app`.\n',
    'packages/app/src/index.ts': 'export const app = 1;\n',
    'packages/app/src/deep/CLAUDE.md': 'Generated code lives here: never edit it by hand.\n',
    'packages/app/src/deep/generated.ts': 'export const generated = true;\n',
    'packages/lib/.claude/CLAUDE.md': 'The lib package has no runtime dependencies.\n',
    'packages/lib/AGENTS.override.md': 'Lib is frozen until the next major.\n',
    'packages/lib/GEMINI.md': 'Lib examples run in the browser.\n',
    'node_modules/left-pad/AGENTS.md': 'Not ours.\n',
    '.claude/commands/review.md':
      '---\ndescription: Review a change with the team checklist.\nargument-hint: "[file]"\n---\n\nReview $ARGUMENTS against docs/style.md. Start with $ARGUMENTS itself.\n',
    '.claude/commands/frontend/build.md': '# Build\n\nBuild the frontend bundle.\n',
    '.gemini/commands/git/commit.toml':
      'description = "Write a commit message."\nprompt = "Write a commit message for {{args}}."\n',
    '.claude/skills/release-notes/SKILL.md':
      '---\nname: release-notes\ndescription: Write release notes from the merged changes.\n---\n\nList every merged change under its package.\n',
    '.context/search-call_1.txt': `${searchLines.join('\n')}\n`,
    '.claude/rules/app-sources.md':
      '---\npaths:\n  - "packages/app/src/**/*.ts"\n---\nApp sources: export named functions only.\n',
    '.cursor/rules/generated.mdc': '---\nglobs: "**/generated.ts"\n---\nNever hand-edit a generated file.\n',
    'packages/shop/.cursor/rules/money.mdc': '---\nalwaysApply: true\n---\nAmounts are integer cents.\n',
    'packages/shop/.cursor/rules/cart.mdc':
      '---\nglobs: src/cart/**\n---\nThe cart total is computed once.\n',
    'packages/shop/.cursor/rules/refunds.mdc':
      '---\ndescription: Handling a refund or a chargeback\n---\nRefunds go through the ledger.\n',
    'packages/shop/src/cart/total.ts': 'export const total = 0;\n',
    'packages/docs/.cursor/rules/docs.mdc':
      '---\nalwaysApply: true\n---\nThe docs package is not on the way.\n',
    '.github/instructions/docs.instructions.md':
      '---\napplyTo: "docs/**"\n---\nDocs: one sentence per line.\n',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  await symlink('AGENTS.md', path.join(root, 'CLAUDE.md'));
  await mkdir(path.join(base, 'outside'));
  await writeFile(path.join(base, 'outside/secret.md'), 'TOP SECRET\n');
  await symlink('../../../outside', path.join(root, 'packages/app/link'));
  return { base, root };
}

async function listTree(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true });
  return entries.map(String).sort();
}

function textOf(result: unknown): string {
  const content = ((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>;
  return content.map((part) => part.text ?? '').join('');
}

describe.each(mcpTransports)(
  'agent-context mcp over %s (a real child process, the SDK client)',
  (transport) => {
    let repository: { base: string; root: string };
    let connection: McpTestClient;
    let client: Client;
    let before: string[];

    beforeAll(async () => {
      repository = await makeRepository(await mkdtemp(path.join(tmpdir(), 'agent-context-mcp-')));
      before = await listTree(repository.base);
      connection = await connectClient(repository.root, transport);
      client = connection.client;
    });
    afterAll(async () => {
      await connection?.close();
      await rm(repository.base, { recursive: true, force: true });
    });

    it('lists its tools in a stable order, each with an object schema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'instructions_for_path',
        'inventory_agent_context',
        'load_skill',
        'read_offloaded',
      ]);
      for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
      expect(tools[0]!.inputSchema.required).toEqual(['path']);
    });

    it('instructions_for_path names every file that applies to a path and gives each as delivered', async () => {
      const result = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: 'packages/app/src/index.ts' },
      });
      expect(result.isError).toBeFalsy();
      const text = textOf(result);
      expect(text).toContain('# Instructions for packages/app/src/index.ts');
      const files = text.slice(text.indexOf('Files,'), text.indexOf('## Project instructions'));
      expect(files.trim().split('\n').slice(1)).toEqual([
        '- AGENTS.md: project instructions (loaded at every run start)',
        '- docs/style.md: project instructions (imported by AGENTS.md)',
        '- .claude/skills/release-notes/SKILL.md: skill release-notes (named in the skills catalog of every run; loaded with load_skill when a task matches its description)',
        '- packages/app/AGENTS.md: nested instructions (delivered when an agent touches packages/app/src/index.ts)',
        '- .claude/rules/app-sources.md: files rule (delivered when an agent touches packages/app/src/index.ts, matched packages/app/src/**/*.ts)',
      ]);
      expect(text).toContain(
        '<context-file path=".claude/rules/app-sources.md">\nApp sources: export named functions only.',
      );
      expect(text).not.toContain('Never hand-edit a generated file');
      expect(text).not.toContain('Docs: one sentence per line');
      expect(text).toContain('<context-file path="AGENTS.md">\n# Shop monorepo');
      expect(text).toContain('<context-file path="packages/app/AGENTS.md">\n# App');
      expect(text).not.toContain('Generated code lives here');
      // The linked CLAUDE.md is the same file: it is not listed twice.
      expect(text.split('# Shop monorepo').length - 1).toBe(1);
    });

    it('instructions_for_path answers as one assistant reads the repository, given assistant', async () => {
      const codex = textOf(
        await client.callTool({
          name: 'instructions_for_path',
          arguments: { path: 'packages/app/src/deep/generated.ts', assistant: 'codex' },
        }),
      );
      // Codex: AGENTS.md from the root down, nothing on a read, no imports, no other format's rules.
      expect(codex).toContain('<context-file path="AGENTS.md">\n# Shop monorepo');
      expect(codex).not.toContain('Generated code lives here');
      expect(codex).not.toContain('Never hand-edit a generated file');
      expect(codex).not.toContain('Prefer named exports.');
      const claude = textOf(
        await client.callTool({
          name: 'instructions_for_path',
          arguments: { path: 'packages/app/src/deep/generated.ts', assistant: 'claude-code' },
        }),
      );
      // Claude Code: the root CLAUDE.md (a link to AGENTS.md), so no nested AGENTS.md; the nested CLAUDE.md.
      expect(claude).toContain('Generated code lives here');
      expect(claude).not.toContain('# App\nRun `pnpm test --filter app`.');
      const refused = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: 'packages/app/src/index.ts', assistant: 'vim' },
      });
      expect(refused.isError).toBe(true);
    });

    it('instructions_for_path of a directory includes that directory, and is the same on every call', async () => {
      const first = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: 'packages/app/src/deep' },
      });
      const second = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: 'packages/app/src/deep' },
      });
      expect(textOf(first)).toContain('- packages/app/src/deep/CLAUDE.md: nested instructions');
      expect(textOf(first)).toContain('Generated code lives here');
      // A directory is no file: no files rule applies to it.
      expect(textOf(first)).not.toContain('files rule');
      expect(textOf(second)).toBe(textOf(first));
      const generated = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: 'packages/app/src/deep/generated.ts' },
      });
      expect(textOf(generated)).toContain(
        '- .claude/rules/app-sources.md: files rule (delivered when an agent touches packages/app/src/deep/generated.ts, matched packages/app/src/**/*.ts)\n- .cursor/rules/generated.mdc: files rule (delivered when an agent touches packages/app/src/deep/generated.ts, matched **/generated.ts)',
      );
      expect(textOf(generated)).toContain('Never hand-edit a generated file.');
      const notYetWritten = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: 'packages/app/src/new-file.ts' },
      });
      expect(textOf(notYetWritten)).toContain('- packages/app/AGENTS.md: nested instructions');
    });

    it('instructions_for_path includes the rule folders of the directories on the way to the path', async () => {
      const result = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: 'packages/shop/src/cart/total.ts' },
      });
      const text = textOf(result);
      const files = text.slice(text.indexOf('Files,'), text.indexOf('## Project instructions'));
      expect(files.trim().split('\n').slice(4)).toEqual([
        '- packages/shop/.cursor/rules/money.mdc: rule of its folder (applies to everything in it; delivered when an agent touches packages/shop/src/cart/total.ts)',
        '- packages/shop/.cursor/rules/refunds.mdc: described rule of its folder (named with its description when an agent touches packages/shop/src/cart/total.ts; read it when relevant)',
        '- packages/shop/.cursor/rules/cart.mdc: files rule (delivered when an agent touches packages/shop/src/cart/total.ts, matched src/cart/**)',
      ]);
      expect(text).toContain(
        '<context-file path="packages/shop/.cursor/rules/money.mdc">\nAmounts are integer cents.',
      );
      expect(text).toContain(
        '<context-file path="packages/shop/.cursor/rules/cart.mdc">\nThe cart total is computed once.',
      );
      expect(text).toContain('- packages/shop/.cursor/rules/refunds.mdc: Handling a refund or a chargeback');
      expect(text).not.toContain('Refunds go through the ledger.');
      expect(text).not.toContain('packages/docs');
    });

    it('inventory_agent_context returns the inventory once, as compact JSON text', async () => {
      const result = await client.callTool({ name: 'inventory_agent_context', arguments: {} });
      expect(result.isError).toBeFalsy();
      // One copy of the data: a client that passes everything to its model passes it once.
      expect(result.structuredContent).toBeUndefined();
      expect(result.content).toHaveLength(1);
      const structured = JSON.parse(textOf(result)) as {
        roots: Array<{ root: string; commands: Array<{ name: string }> }>;
      };
      expect(textOf(result)).toBe(JSON.stringify(structured));
      expect(structured.roots[0]!.root).toBe('.claude');
      expect(structured.roots[0]!.commands.map((command) => command.name)).toEqual(['build', 'review']);
      const { rules } = JSON.parse(textOf(result)) as {
        rules: Array<{ path: string; format: string; scope: string; globs?: string[]; body?: string }>;
      };
      expect(rules.map((rule) => [rule.path, rule.format, rule.scope, rule.globs])).toEqual([
        ['.claude/rules/app-sources.md', 'claude-code', 'files', ['packages/app/src/**/*.ts']],
        ['.cursor/rules/generated.mdc', 'cursor', 'files', ['**/generated.ts']],
        ['.github/instructions/docs.instructions.md', 'github-copilot', 'files', ['docs/**']],
      ]);
      expect(rules.every((rule) => rule.body === undefined)).toBe(true);
    });

    it('load_skill returns the instructions of a skill, and names the closest skills on a miss', async () => {
      const loaded = await client.callTool({ name: 'load_skill', arguments: { name: 'release-notes' } });
      expect(loaded.isError).toBeFalsy();
      expect(textOf(loaded)).toContain('List every merged change under its package.');
      const missed = await client.callTool({ name: 'load_skill', arguments: { name: 'release-note' } });
      expect(missed.isError).toBe(true);
      expect(textOf(missed)).toContain('release-notes');
    });

    it('read_offloaded lists the offloaded results and reads one in pages', async () => {
      const listing = textOf(await client.callTool({ name: 'read_offloaded', arguments: {} }));
      expect(listing).toMatch(
        /^1 offloaded result in \.context\/:\n- search-call_1\.txt: search call call_1, \d+ bytes$/,
      );
      const page = textOf(
        await client.callTool({
          name: 'read_offloaded',
          arguments: { file: 'search-call_1.txt', offset: 100, limit: 2 },
        }),
      );
      // Worded for what this server offers: it has no read_file.
      expect(page).toBe(
        '[read_offloaded: lines 100-101 of 3000 of search-call_1.txt. To read on, call read_offloaded with file "search-call_1.txt" and offset 102.]\nsrc/file-99.ts: match 100\nsrc/file-100.ts: match 101\n',
      );
      const last = textOf(
        await client.callTool({
          name: 'read_offloaded',
          arguments: { file: 'search-call_1.txt', offset: 2_999 },
        }),
      );
      expect(last.split('\n', 1)[0]).toBe(
        '[read_offloaded: lines 2999-3000 of 3000 of search-call_1.txt. This is the end of the file.]',
      );
      const whole = textOf(
        await client.callTool({ name: 'read_offloaded', arguments: { file: 'search-call_1.txt' } }),
      );
      expect(whole).not.toContain('read_file');
    });

    it('answers malformed arguments and unknown tools with tool errors that say what is wrong', async () => {
      const missing = await client.callTool({ name: 'instructions_for_path', arguments: {} });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toMatch(/^Invalid input for instructions_for_path: path: /);
      const wrongType = await client.callTool({
        name: 'read_offloaded',
        arguments: { file: 'search-call_1.txt', offset: 'ten' },
      });
      expect(wrongType.isError).toBe(true);
      expect(textOf(wrongType)).toContain('offset');
      const notOffloaded = await client.callTool({
        name: 'read_offloaded',
        arguments: { file: '../AGENTS.md' },
      });
      expect(notOffloaded.isError).toBe(true);
      expect(textOf(notOffloaded)).toContain('is not an offloaded result');
      const unknown = await client.callTool({ name: 'write_file', arguments: { path: 'x', content: 'y' } });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toBe(
        'Unknown tool "write_file". The tools are: instructions_for_path, inventory_agent_context, load_skill, read_offloaded.',
      );
    });

    it('refuses every path outside the served directory, lexical, absolute or through a link', async () => {
      for (const outside of [
        '../outside/secret.md',
        path.join(repository.base, 'outside/secret.md'),
        'packages/app/link/secret.md',
        '/etc',
      ]) {
        const result = await client.callTool({ name: 'instructions_for_path', arguments: { path: outside } });
        expect(result.isError, outside).toBe(true);
        expect(textOf(result)).toContain('is outside the working directory');
        expect(textOf(result)).not.toContain('TOP SECRET');
      }
    });

    it('serves the project instructions as one resource and each instruction file as its own', async () => {
      const { resources } = await client.listResources();
      const real = (label: string) => pathToFileURL(path.join(repository.root, label)).href;
      expect(resources.map((resource) => [resource.name, resource.uri])).toEqual([
        ['project-instructions', 'agent-context://instructions'],
        ['AGENTS.md', real('AGENTS.md')],
        ['docs/style.md', real('docs/style.md')],
        ['packages/app/AGENTS.md', real('packages/app/AGENTS.md')],
        ['packages/lib/.claude/CLAUDE.md', real('packages/lib/.claude/CLAUDE.md')],
        ['packages/lib/AGENTS.override.md', real('packages/lib/AGENTS.override.md')],
        ['packages/lib/GEMINI.md', real('packages/lib/GEMINI.md')],
        ['packages/app/src/deep/CLAUDE.md', real('packages/app/src/deep/CLAUDE.md')],
      ]);
      const whole = await client.readResource({ uri: 'agent-context://instructions' });
      const rendered = await runCliInProcess(repository.root, ['render']);
      expect((whole.contents[0] as { text: string }).text).toBe(rendered.stdout);
      for (const resource of resources.slice(1)) {
        const read = await client.readResource({ uri: resource.uri });
        const label = resource.name;
        const expected = {
          'AGENTS.md': '# Shop monorepo\nUse pnpm. Style rules: @docs/style.md\n',
          'docs/style.md': 'Prefer named exports.\n',
          'packages/app/AGENTS.md': '# App\nRun `pnpm test --filter app`.\n',
          'packages/app/src/deep/CLAUDE.md': 'Generated code lives here: never edit it by hand.\n',
          'packages/lib/.claude/CLAUDE.md': 'The lib package has no runtime dependencies.\n',
          'packages/lib/AGENTS.override.md': 'Lib is frozen until the next major.\n',
          'packages/lib/GEMINI.md': 'Lib examples run in the browser.\n',
        }[label];
        expect((read.contents[0] as { text: string }).text, label).toBe(expected);
      }
    });

    it('reads no file through a resource URI unless it is an instruction file of the workspace', async () => {
      for (const uri of [
        pathToFileURL(path.join(repository.base, 'outside/secret.md')).href,
        pathToFileURL(path.join(repository.root, 'packages/app/src/index.ts')).href,
        pathToFileURL(path.join(repository.root, 'packages/app/link/AGENTS.md')).href,
        'file:///etc/passwd',
      ]) {
        await expect(client.readResource({ uri }), uri).rejects.toThrow();
      }
    });

    it('serves the commands model as prompts: the same names, arguments and expansion as commands()', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => [prompt.name, prompt.description])).toEqual([
        ['release-notes', 'Write release notes from the merged changes.'],
        ['build', 'Build the frontend bundle.'],
        ['review', 'Review a change with the team checklist.'],
        ['git:commit', 'Write a commit message.'],
      ]);
      // Required where the command places its arguments (Gemini CLI passes typed words to required ones only).
      expect(prompts.map((prompt) => [prompt.name, prompt.arguments?.[0]?.required])).toEqual([
        ['release-notes', false],
        ['build', false],
        ['review', true],
        ['git:commit', true],
      ]);
      expect(prompts[2]!.arguments).toEqual([
        { name: 'arguments', description: 'The text typed after the command name: [file]', required: true },
      ]);
      // The library's own commands model, on the same directory.
      const session = createContextSession({
        workspace: localWorkspace(repository.root),
        capabilities: [skills(), commands()],
      });
      await session.startRun();
      const [capability] = session.capabilities.filter((candidate) => candidate.name === 'commands');
      const listed = await (capability as ReturnType<typeof commands>).list(session);
      expect(prompts.map((prompt) => prompt.name)).toEqual(listed.map((command) => command.name));
      for (const [name, typed] of [
        ['review', 'src/cart.ts'],
        ['review', ''],
        ['build', '--minify'],
        ['frontend:build', '--minify'],
        ['git:commit', 'the cart fix'],
        ['release-notes', 'v2'],
      ] as const) {
        const prompt = await client.getPrompt({ name, arguments: { arguments: typed } });
        const expected = await session.expandCommand(typed === '' ? `/${name}` : `/${name} ${typed}`);
        expect(prompt.messages, `${name} ${typed}`).toEqual([
          { role: 'user', content: { type: 'text', text: expected.text } },
        ]);
      }
      const review = await client.getPrompt({ name: 'review', arguments: { arguments: 'src/cart.ts' } });
      expect((review.messages[0]!.content as { text: string }).text).toBe(
        'Review src/cart.ts against docs/style.md. Start with src/cart.ts itself.\n',
      );
      const commit = await client.getPrompt({ name: 'git:commit', arguments: { arguments: 'the cart fix' } });
      expect((commit.messages[0]!.content as { text: string }).text).toBe(
        'Write a commit message for the cart fix.',
      );
      const bare = await client.getPrompt({ name: 'review', arguments: {} });
      expect((bare.messages[0]!.content as { text: string }).text).toBe(
        'Review  against docs/style.md. Start with  itself.\n',
      );
      await expect(client.getPrompt({ name: 'deploy', arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('"deploy"'),
      });
    });

    it('refuses a resource that is not one as invalid params (-32602), not an internal error', async () => {
      for (const uri of [
        pathToFileURL(path.join(repository.root, 'packages/app/src/index.ts')).href,
        'agent-context://secrets',
        'https://example.com/AGENTS.md',
      ]) {
        await expect(client.readResource({ uri }), uri).rejects.toMatchObject({ code: -32602 });
      }
    });

    it('never echoes a huge argument in an error: each refusal quotes 200 characters at most', async () => {
      const huge = 'x'.repeat(1024 * 1024);
      const replies = [
        textOf(await client.callTool({ name: 'read_offloaded', arguments: { file: huge } })),
        textOf(await client.callTool({ name: 'read_offloaded', arguments: { file: `search-${huge}.txt` } })),
        textOf(await client.callTool({ name: 'instructions_for_path', arguments: { path: huge } })),
        textOf(await client.callTool({ name: 'load_skill', arguments: { name: huge } })),
        textOf(await client.callTool({ name: huge, arguments: {} })),
        await client.readResource({ uri: `file:///${huge}` }).then(String, (error: Error) => error.message),
        await client
          .readResource({ uri: `agent-context://${huge}` })
          .then(String, (error: Error) => error.message),
        await client.getPrompt({ name: huge }).then(String, (error: Error) => error.message),
      ];
      for (const reply of replies) {
        expect(reply.length, reply.slice(0, 300)).toBeLessThan(1_000);
        expect(reply).not.toContain('x'.repeat(201));
      }
    });

    it('writes nothing: the tree is the same after every call above', async () => {
      expect(await listTree(repository.base)).toEqual(before);
    });
  },
);

describe.each(mcpTransports)('agent-context mcp over %s from a package directory', (transport) => {
  it('loads the ancestors instructions and refuses sibling packages', async () => {
    const { root } = await makeRepository(await useTemporaryDirectory('agent-context-mcp-'));
    await mkdir(path.join(root, 'packages/web'));
    await writeFile(path.join(root, 'packages/web/AGENTS.md'), '# Web\n');
    const { client, close } = await connectClient(path.join(root, 'packages/app'), transport);
    try {
      const text = textOf(
        await client.callTool({ name: 'instructions_for_path', arguments: { path: 'src/index.ts' } }),
      );
      expect(text).toContain('- ../../AGENTS.md: project instructions (loaded at every run start)');
      expect(text).toContain('- AGENTS.md: project instructions (loaded at every run start)');
      const sibling = await client.callTool({
        name: 'instructions_for_path',
        arguments: { path: '../web/index.ts' },
      });
      expect(sibling.isError).toBe(true);
    } finally {
      await close();
    }
  });

  it('answers prompts/list with an empty list where there are no commands', async () => {
    const root = await useTemporaryDirectory('agent-context-mcp-');
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, 'AGENTS.md'), 'Use tabs.\n');
    const { client, close } = await connectClient(root, transport);
    try {
      expect(await client.listPrompts()).toEqual({ prompts: [] });
      await expect(client.getPrompt({ name: 'review' })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await close();
    }
  });

  it('exits with code 1 and one line for a directory that does not exist', async () => {
    const base = await useTemporaryDirectory('agent-context-mcp-');
    const result = await runCliInProcess(base, [
      'mcp',
      ...(transport === 'http' ? ['--http', '--port', '0'] : []),
      '--dir',
      'missing',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^agent-context mcp: The directory .*missing does not exist\.\n$/);
  });
});
