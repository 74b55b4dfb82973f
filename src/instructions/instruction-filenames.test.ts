import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBuiltCli } from '../../test/support/cli.js';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import { createContextSession } from '../session/context-session.js';
import { ScriptedConversation } from '../session/scripted-conversation.test-support.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { discoverInstructions } from './discover-instructions.js';
import { resolveInstructionFilenames } from './instruction-filenames.js';
import { nestedInstructions } from './nested/nested-instructions.js';
import { projectInstructions } from './project-instructions.js';

/**
 * A monorepo whose team uses Codex, Claude Code and Gemini CLI side by side: `CLAUDE.md` is a link to
 * `AGENTS.md` (the usual way to share one file), Claude Code's second location and personal file sit
 * beside it, and the packages show each case of Codex's override file.
 */
const files: Record<string, string> = {
  'AGENTS.md': 'Run every script through pnpm.\n',
  'GEMINI.md': 'Keep each change small enough to review in one sitting.\n',
  '.claude/CLAUDE.md': 'Run the unit tests before every commit.\n',
  'CLAUDE.local.md': 'My sandbox database listens on port 5433.\n',
  // An override with text replaces AGENTS.md in its directory.
  'packages/api/AGENTS.md': 'The API package is built on Fastify.\n',
  'packages/api/AGENTS.override.md': 'Release freeze: only bug fixes in the API this week.\n',
  'packages/api/src/server.ts': 'export const port = 8080;\n',
  // A blank override is passed over, as Codex does: AGENTS.md applies.
  'packages/web/AGENTS.md': 'The web package is bundled with Vite.\n',
  'packages/web/AGENTS.override.md': '\n  \n',
  'packages/web/index.ts': 'export {};\n',
  // An override with no AGENTS.md beside it.
  'packages/docs/AGENTS.override.md': 'Docs are written for readers new to the product.\n',
  'packages/docs/guide.md': '# Guide\n',
};

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

async function repository(): Promise<TemporaryTree> {
  tree = await createTemporaryTree(files, { symlinks: { 'CLAUDE.md': 'AGENTS.md' } });
  await mkdir(tree.at('.git'));
  return tree;
}

const workspaceAt = (root: TemporaryTree, cwd = '.') => localWorkspace(root.root, { cwd });
const codesOf = (diagnostics: ReadonlyArray<{ code: string; path?: string }>) =>
  diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path]);

describe('resolveInstructionFilenames', () => {
  it("adds the selected formats' per-directory files after the defaults, and Codex's override", () => {
    const all = resolveInstructionFilenames(undefined, undefined, ['AGENTS.md', 'CLAUDE.md']);
    expect(all.filenames).toEqual([
      'AGENTS.md',
      'CLAUDE.md',
      '.claude/CLAUDE.md',
      'CLAUDE.local.md',
      'GEMINI.md',
      'QWEN.md',
      'AGENT.md',
    ]);
    expect([...all.overrides]).toEqual([['AGENTS.md', 'AGENTS.override.md']]);
    const gemini = resolveInstructionFilenames(undefined, ['gemini-cli'], ['AGENTS.md', 'CLAUDE.md']);
    expect(gemini.filenames).toEqual(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md']);
    expect(gemini.overrides.size).toBe(0);
    const none = resolveInstructionFilenames(undefined, [], ['AGENTS.md', 'CLAUDE.md']);
    expect(none.filenames).toEqual(['AGENTS.md', 'CLAUDE.md']);
  });

  it('uses a given list as is, and refuses an unknown format', () => {
    const given = resolveInstructionFilenames(['AGENTS.md'], undefined, ['AGENTS.md', 'CLAUDE.md']);
    expect(given).toEqual({ filenames: ['AGENTS.md'], overrides: new Map() });
    expect(() => resolveInstructionFilenames(undefined, ['aider' as never], [])).toThrow(
      /Unknown rule format "aider"/,
    );
  });
});

describe('per-directory files of every format, walking up', () => {
  it('reads GEMINI.md, .claude/CLAUDE.md and CLAUDE.local.md by default, and the override in place of AGENTS.md', async () => {
    const root = await repository();
    const found = await discoverInstructions({ workspace: workspaceAt(root, 'packages/api') });
    expect(found.items.map((item) => item.label)).toEqual([
      '../../AGENTS.md',
      '../../.claude/CLAUDE.md',
      '../../CLAUDE.local.md',
      '../../GEMINI.md',
      'AGENTS.override.md',
    ]);
    expect(codesOf(found.diagnostics)).toEqual([
      ['duplicate', '../../CLAUDE.md'],
      ['replaced', 'AGENTS.md'],
    ]);
    expect(found.diagnostics[1]!.message).toBe(
      'Skipped AGENTS.md: AGENTS.override.md replaces it in its directory.',
    );
  });

  it('passes over a blank override, saying so, and reads an override that has no AGENTS.md beside it', async () => {
    const root = await repository();
    const web = await discoverInstructions({
      workspace: workspaceAt(root, 'packages/web'),
      formats: ['codex'],
    });
    expect(web.items.map((item) => item.label)).toEqual(['../../AGENTS.md', 'AGENTS.md']);
    expect(codesOf(web.diagnostics)).toEqual([
      ['duplicate', '../../CLAUDE.md'],
      ['blank-override', 'AGENTS.override.md'],
    ]);
    const docs = await discoverInstructions({
      workspace: workspaceAt(root, 'packages/docs'),
      formats: ['codex'],
    });
    expect(docs.items.map((item) => item.label)).toEqual(['../../AGENTS.md', 'AGENTS.override.md']);
    expect(codesOf(docs.diagnostics)).toEqual([['duplicate', '../../CLAUDE.md']]);
  });

  it("reads only the selected formats' files; `formats: []` and a given `filenames` read exactly the names listed", async () => {
    const root = await repository();
    const workspace = workspaceAt(root, 'packages/api');
    const claude = await discoverInstructions({ workspace, formats: ['claude-code'] });
    expect(claude.items.map((item) => item.label)).toEqual([
      '../../AGENTS.md',
      '../../.claude/CLAUDE.md',
      '../../CLAUDE.local.md',
      'AGENTS.md',
    ]);
    const none = await discoverInstructions({ workspace, formats: [] });
    expect(none.items.map((item) => item.label)).toEqual(['../../AGENTS.md', 'AGENTS.md']);
    const given = await discoverInstructions({ workspace, filenames: ['GEMINI.md', 'AGENTS.md'] });
    expect(given.items.map((item) => item.label)).toEqual([
      '../../GEMINI.md',
      '../../AGENTS.md',
      'AGENTS.md',
    ]);
  });

  it("counts the override as the directory's one file with perDirectory 'first'", async () => {
    const root = await repository();
    const found = await discoverInstructions({
      workspace: workspaceAt(root, 'packages/api'),
      perDirectory: 'first',
    });
    expect(found.items.map((item) => item.label)).toEqual(['../../AGENTS.md', 'AGENTS.override.md']);
  });

  it('reports the replaced file as a skipped event of the project instructions', async () => {
    const root = await repository();
    const session = createContextSession({
      workspace: workspaceAt(root, 'packages/api'),
      capabilities: [projectInstructions({ formats: ['codex'] })],
    });
    const events: Array<{ type: string; path?: string }> = [];
    session.on((event) => events.push(event));
    const run = await session.startRun();
    expect(run.instructions).toContain('Release freeze: only bug fixes in the API this week.');
    expect(run.instructions).not.toContain('built on Fastify');
    expect(events.filter((event) => event.path === 'AGENTS.md').map((event) => event.type)).toEqual([
      'skipped',
    ]);
  });
});

describe('per-directory files of every format, on touch', () => {
  async function conversation(options: Parameters<typeof nestedInstructions>[0] = {}) {
    const root = await repository();
    const session = createContextSession({
      workspace: workspaceAt(root),
      capabilities: [fileTools(), nestedInstructions(options)],
    });
    const events: Array<{ type: string; path?: string; diagnostic?: { code: string } }> = [];
    session.on((event) => events.push(event));
    const chat = new ScriptedConversation(session, await session.startRun());
    return { chat, events, session };
  }

  it('delivers the override in place of AGENTS.md, AGENTS.md under a blank override, and says why', async () => {
    const { chat, events, session } = await conversation();
    await chat.call('read_file', { path: 'packages/api/src/server.ts' });
    await chat.call('read_file', { path: 'packages/web/index.ts' });
    await chat.call('read_file', { path: 'packages/docs/guide.md' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'packages/api/AGENTS.override.md',
      'packages/web/AGENTS.md',
      'packages/docs/AGENTS.override.md',
    ]);
    const prompt = chat.prompt().join('\n');
    expect(prompt).toContain('Release freeze');
    expect(prompt).not.toContain('built on Fastify');
    const notes = events
      .filter((event) => event.type === 'skipped')
      .map((event) => [event.diagnostic?.code, event.path]);
    expect(notes).toEqual([
      ['replaced', 'packages/api/AGENTS.md'],
      ['blank-override', 'packages/web/AGENTS.override.md'],
    ]);
  });

  it('delivers GEMINI.md, .claude/CLAUDE.md and CLAUDE.local.md of a touched directory', async () => {
    const { chat, session } = await conversation();
    const root = tree!;
    const { writeFile } = await import('node:fs/promises');
    await mkdir(root.at('tools/.claude'), { recursive: true });
    await writeFile(root.at('tools/GEMINI.md'), 'Tools run on Node 20.\n');
    await writeFile(root.at('tools/.claude/CLAUDE.md'), 'Tools never import from packages/.\n');
    await writeFile(root.at('tools/CLAUDE.local.md'), 'I keep scratch scripts in tools/tmp.\n');
    await writeFile(root.at('tools/build.ts'), 'export {};\n');
    await chat.call('read_file', { path: 'tools/build.ts' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'tools/.claude/CLAUDE.md',
      'tools/CLAUDE.local.md',
      'tools/GEMINI.md',
    ]);
  });

  it('with `formats: []`, checks only AGENTS.md and CLAUDE.md', async () => {
    const { chat, session } = await conversation({ formats: [] });
    await chat.call('read_file', { path: 'packages/api/src/server.ts' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual(['packages/api/AGENTS.md']);
  });
});

describe('agent-context inspect (built CLI)', () => {
  it('lists the override in place of AGENTS.md and names the replaced file', async () => {
    const root = await repository();
    const { code, stdout } = runBuiltCli(['inspect', path.join(root.root, 'packages/api')]);
    expect(code).toBe(0);
    expect(stdout).toContain('AGENTS.override.md');
    expect(stdout).toContain('../../GEMINI.md');
    expect(stdout).toMatch(/AGENTS\.md: AGENTS\.override\.md replaces it in its directory/);
  });
});
