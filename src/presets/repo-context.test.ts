import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { inventoryHint } from '../inventory/inventory.js';
import { scanInventory } from '../inventory/scan-inventory.js';
import type { ToolCall } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { repoContext } from './repo-context.js';

/** home/ holds CLAUDE.md; home/project/ holds CLAUDE.md, AGENTS.md, a skill and a nested package. */
async function makeHome() {
  const base = await useTemporaryDirectory();
  const home = path.join(base, 'home');
  const project = path.join(home, 'project');
  const files: Record<string, string> = {
    [path.join(home, 'CLAUDE.md')]: 'home rules\n',
    [path.join(project, 'CLAUDE.md')]: 'project claude rules\n',
    [path.join(project, 'AGENTS.md')]: 'project agents rules\n',
    [path.join(project, 'packages/app/AGENTS.md')]: 'app rules\n',
    [path.join(project, 'packages/app/index.ts')]: 'export {};\n',
    [path.join(project, '.claude/skills/pdf/SKILL.md')]: '---\nname: pdf\ndescription: Reads PDFs.\n---\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return { home, project };
}

const hint = inventoryHint('inventory_agent_context');

describe('repoContext', () => {
  it('loads the ancestor file before the workspace files when homeDir is given', async () => {
    const { home, project } = await makeHome();
    const run = await createContextSession(repoContext({ workspaceDir: project, homeDir: home })).startRun();
    const texts = ['home rules', 'project claude rules', 'project agents rules', hint];
    const positions = texts.map((text) => run.instructions.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
    expect(run.instructions).toMatch(/^<context-file path="[^"]*CLAUDE\.md">\nhome rules\n<\/context-file>/);
  });

  it('loads the workspace directory only without homeDir, both filenames, CLAUDE.md first', async () => {
    const { project } = await makeHome();
    const run = await createContextSession(repoContext({ workspaceDir: project })).startRun();
    expect(run.instructions).toBe(
      [
        '<context-file path="CLAUDE.md">\nproject claude rules\n</context-file>',
        '<context-file path="AGENTS.md">\nproject agents rules\n</context-file>',
        hint,
      ].join('\n\n'),
    );
  });

  it('loads the workspace directory only when homeDir is not an ancestor', async () => {
    const { home, project } = await makeHome();
    const run = await createContextSession(
      repoContext({ workspaceDir: project, homeDir: path.join(home, 'elsewhere') }),
    ).startRun();
    expect(run.instructions).not.toContain('home rules');
    expect(run.instructions).toContain('project claude rules');
  });

  it('exposes the inventory tool with the hint, under the given name', async () => {
    const { project } = await makeHome();
    const run = await createContextSession(
      repoContext({ workspaceDir: project, inventoryToolName: 'map_repo', autoloadInstructions: false }),
    ).startRun();
    expect(run.instructions).toBe(inventoryHint('map_repo'));
    expect(run.tools.map((tool) => tool.name)).toEqual(['map_repo']);
  });

  it('adds the skills catalog and load_skill only with skills: true', async () => {
    const { project } = await makeHome();
    const plain = await createContextSession(repoContext({ workspaceDir: project })).startRun();
    expect(plain.instructions).not.toContain('<available_skills>');
    expect(plain.tools.map((tool) => tool.name)).toEqual(['inventory_agent_context']);

    const run = await createContextSession(repoContext({ workspaceDir: project, skills: true })).startRun();
    expect(run.instructions).toContain(
      '<skill><name>pdf</name><description>Reads PDFs.</description><location>.claude/skills/pdf/SKILL.md</location></skill>',
    );
    expect(run.tools.map((tool) => tool.name)).toEqual(['inventory_agent_context', 'load_skill']);
    const loaded = await run.executeTool({ id: 'call_1', toolName: 'load_skill', input: { name: 'pdf' } });
    expect(loaded.output).toContain('[skill pdf from .claude/skills/pdf]');
  });

  it('contributes nothing at all when autoload and the inventory are both off', async () => {
    const { project } = await makeHome();
    const preset = repoContext({
      workspaceDir: project,
      autoloadInstructions: false,
      exposeInventoryTool: false,
    });
    expect(preset.capabilities).toEqual([]);
    const run = await createContextSession(preset).startRun();
    expect(run.instructions).toBe('');
    expect(run.tools).toEqual([]);
  });

  it('points at a touched directory’s own file after the traversal tool result when nestedTraversal is on', async () => {
    const { project } = await makeHome();
    const session = createContextSession(repoContext({ workspaceDir: project, nestedTraversal: true }));
    const run = await session.startRun();
    const call: ToolCall = { id: 'call-1', toolName: 'read_file', input: { path: 'packages/app/index.ts' } };
    await run.executeTool(call, () => 'export {};');
    const messages = session.placeHiddenMessages([{ key: 'call-1' }], (message) => message.key);
    expect(messages).toHaveLength(2);
    expect(JSON.stringify(messages[1])).toContain(
      '<repo-context>This directory has AGENTS.md (packages/app/AGENTS.md). Read it if relevant to your task.</repo-context>',
    );
  });

  it('points once at a file two names lead to (CLAUDE.md -> AGENTS.md), in pointer and contents mode', async () => {
    const { project } = await makeHome();
    await symlink('AGENTS.md', path.join(project, 'packages/app/CLAUDE.md'));
    for (const nestedInject of ['pointer', 'contents'] as const) {
      const session = createContextSession(
        repoContext({ workspaceDir: project, nestedTraversal: true, nestedInject }),
      );
      const run = await session.startRun();
      const call: ToolCall = {
        id: 'call-1',
        toolName: 'read_file',
        input: { path: 'packages/app/index.ts' },
      };
      await run.executeTool(call, () => 'export {};');
      const nested = session.loadedFiles().filter((file) => file.path.startsWith('packages/'));
      expect(nested.map((file) => file.path)).toEqual(['packages/app/CLAUDE.md']);
      const hidden = JSON.stringify(
        session.placeHiddenMessages([{ key: 'call-1' }], (message) => message.key),
      );
      expect(hidden.split('app rules').length + hidden.split('This directory has').length).toBe(3);
    }
  });

  it('refuses a workspaceDir that does not exist, and creates nothing', async () => {
    const base = await useTemporaryDirectory();
    const missing = path.join(base, 'no-such-project');
    expect(() => repoContext({ workspaceDir: missing })).toThrow(
      expect.objectContaining({ code: 'not-found', path: missing }),
    );
    expect(existsSync(missing)).toBe(false);
  });

  it('is one value in a capabilities list: its capabilities in its place, next to others', async () => {
    const { home, project } = await makeHome();
    const context = repoContext({ workspaceDir: project, homeDir: home, nestedTraversal: true });
    const session = createContextSession({
      workspace: context.workspace,
      capabilities: [context, fileTools()],
    });
    expect(session.capabilities.map((capability) => capability.name)).toEqual([
      'project-instructions',
      'inventory',
      'nested-instructions',
      'file-tools',
    ]);
    const run = await session.startRun();
    expect(run.tools.map((tool) => tool.name)).toEqual([
      'inventory_agent_context',
      'read_file',
      'list_directory',
      'find_files',
      'search_files',
    ]);
    expect(run.instructions).toContain('home rules');
    // The old shape still works: the preset is also `{ workspace, capabilities }`.
    const { workspace, capabilities } = context;
    const old = createContextSession({ workspace, capabilities: [...capabilities, fileTools()] });
    expect(old.capabilities.map((capability) => capability.name)).toEqual(
      session.capabilities.map((capability) => capability.name),
    );
  });

  it('uses a given workspace, and refuses both or neither of workspace and workspaceDir', () => {
    const workspace = memoryWorkspace({ 'AGENTS.md': 'x' });
    expect(repoContext({ workspace }).workspace).toBe(workspace);
    expect(() => repoContext({})).toThrow(/exactly one/);
    expect(() => repoContext({ workspace, workspaceDir: '/tmp' })).toThrow(/exactly one/);
  });

  it('answers a scripted agent loop that calls the inventory tool with the inventory JSON', async () => {
    const { project } = await makeHome();
    const preset = repoContext({ workspaceDir: project });
    const session = createContextSession(preset);
    const run = await session.startRun();
    // A scripted model: first it asks for the inventory, then it answers with what it received.
    type Message = { role: 'user' | 'assistant' | 'tool'; text: string; call?: ToolCall };
    const model = (history: Message[]): Message => {
      const toolMessage = history.find((message) => message.role === 'tool');
      if (!toolMessage) {
        const call = { id: 'call-1', toolName: run.tools[0]?.name ?? '', input: {} };
        return { role: 'assistant', text: '', call };
      }
      const inventory = JSON.parse(toolMessage.text) as {
        roots: { root: string; skills: { name: string }[] }[];
      };
      return {
        role: 'assistant',
        text: `skills: ${inventory.roots.flatMap((root) => root.skills.map((skill) => skill.name))}`,
      };
    };
    const history: Message[] = [{ role: 'user', text: 'What skills does this repo have?' }];
    for (let step = 0; step < 4; step += 1) {
      const reply = model(history);
      history.push(reply);
      if (!reply.call) break;
      const result = await run.executeTool(reply.call);
      history.push({ role: 'tool', text: JSON.stringify(result.output) });
    }
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(JSON.parse(history[2]?.text ?? '')).toEqual(await scanInventory({ workspace: preset.workspace }));
    expect(history[3]?.text).toBe('skills: pdf');
  });
});

/**
 * home/ holds a skill; home/repo/ (a git root) and home/repo/packages/app/ hold skills too, `lint` at
 * both of those levels.
 */
async function makeSkillLevels() {
  const home = path.join(await useTemporaryDirectory(), 'home');
  const repository = path.join(home, 'repo');
  const app = path.join(repository, 'packages/app');
  const skill = (name: string, description: string) =>
    `---\nname: ${name}\ndescription: ${description}\n---\n${description} Steps follow.\n`;
  const files: Record<string, string> = {
    [path.join(home, '.claude/skills/notes/SKILL.md')]: skill('notes', 'Keeps personal notes.'),
    [path.join(repository, '.git/HEAD')]: 'ref: refs/heads/main\n',
    [path.join(repository, 'AGENTS.md')]: 'repository rules\n',
    [path.join(repository, '.agents/skills/lint/SKILL.md')]: skill('lint', 'Lints the whole repository.'),
    [path.join(repository, '.agents/skills/deploy/SKILL.md')]: skill('deploy', 'Deploys a release.'),
    [path.join(app, 'AGENTS.md')]: 'app rules\n',
    [path.join(app, '.claude/skills/lint/SKILL.md')]: skill('lint', 'Lints the app only.'),
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return { home, repository, app };
}

describe('repoContext with skills at several directory levels', () => {
  it('reads skills up to homeDir, past the git root; the nearer skill of a name shadows the farther', async () => {
    const { home, app } = await makeSkillLevels();
    const session = createContextSession(repoContext({ workspaceDir: app, homeDir: home, skills: true }));
    const skipped: string[] = [];
    session.on((event) => {
      if (event.type === 'skipped' && event.reason === 'skill') skipped.push(event.message);
    });
    const run = await session.startRun();
    const catalog = run.instructions.slice(run.instructions.indexOf('<available_skills>'));
    expect(catalog.match(/<location>[^<]*<\/location>/g)).toEqual([
      '<location>.claude/skills/lint/SKILL.md</location>',
      '<location>../../.agents/skills/deploy/SKILL.md</location>',
      '<location>../../../.claude/skills/notes/SKILL.md</location>',
    ]);
    expect(catalog).toContain('<name>lint</name><description>Lints the app only.</description>');
    expect(catalog).not.toContain('Lints the whole repository.');
    expect(skipped).toEqual([
      'Skill ../../.agents/skills/lint/SKILL.md skipped: the skill "lint" of .claude/skills/lint/SKILL.md shadows it.',
    ]);
    const loaded = await run.executeTool({ id: 'call_1', toolName: 'load_skill', input: { name: 'lint' } });
    expect(loaded.output).toContain('Lints the app only. Steps follow.');
    const farther = await run.executeTool({
      id: 'call_2',
      toolName: 'load_skill',
      input: { name: 'deploy' },
    });
    expect(farther.output).toContain('Deploys a release. Steps follow.');
  });

  it('reads no skill above the directories whose instructions load (a workspace without homeDir)', async () => {
    const { repository } = await makeSkillLevels();
    const workspace = localWorkspace(repository, { cwd: 'packages/app' });
    const session = createContextSession(repoContext({ workspace, skills: true }));
    const skipped: string[] = [];
    session.on((event) => {
      if (event.type === 'skipped') skipped.push(event.message);
    });
    const run = await session.startRun();
    expect(run.instructions).not.toContain('repository rules');
    expect(run.instructions).toContain('Lints the app only.');
    expect(run.instructions).not.toContain('deploy');
    expect(skipped).toEqual([]);
    const missing = await run.executeTool({
      id: 'call_1',
      toolName: 'load_skill',
      input: { name: 'deploy' },
    });
    expect(missing.isError).toBe(true);
  });

  it('keeps a stopAt given in the skills options over the preset ceiling', async () => {
    const { home, app } = await makeSkillLevels();
    const run = await createContextSession(
      repoContext({ workspaceDir: app, homeDir: home, skills: { stopAt: '.' } }),
    ).startRun();
    expect(run.instructions).toContain('repository rules');
    expect(run.instructions).toContain('Lints the app only.');
    expect(run.instructions).not.toContain('deploy');
  });
});

describe('repoContext formats', () => {
  /** A project with a Cursor always and a described rule, a Claude Code rule and a Copilot instructions file. */
  async function makeProjectWithRules() {
    const { project } = await makeHome();
    const files: Record<string, string> = {
      '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\ncursor style rule\n',
      '.cursor/rules/testing.mdc':
        '---\ndescription: How tests are written.\nalwaysApply: false\n---\ncursor testing rule\n',
      '.claude/rules/naming.md': 'claude naming rule\n',
      '.github/copilot-instructions.md': 'copilot instructions\n',
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(project, name)), { recursive: true });
      await writeFile(path.join(project, name), text);
    }
    return project;
  }

  it('reads the other assistants’ rules by default: always rules in the text, described ones in the catalog', async () => {
    const project = await makeProjectWithRules();
    const run = await createContextSession(repoContext({ workspaceDir: project })).startRun();
    expect(run.instructions).toContain('cursor style rule');
    expect(run.instructions).toContain('copilot instructions');
    expect(run.instructions).toContain('How tests are written.');
    expect(run.instructions).toContain('claude naming rule');
  });

  it('reads only the formats given, and none with formats: [] (the instruction files and the hint stay)', async () => {
    const project = await makeProjectWithRules();
    const none = await createContextSession(repoContext({ workspaceDir: project, formats: [] })).startRun();
    expect(none.instructions).toBe(
      [
        '<context-file path="CLAUDE.md">\nproject claude rules\n</context-file>',
        '<context-file path="AGENTS.md">\nproject agents rules\n</context-file>',
        hint,
      ].join('\n\n'),
    );
    const cursor = await createContextSession(
      repoContext({ workspaceDir: project, formats: ['cursor'] }),
    ).startRun();
    expect(cursor.instructions).toContain('cursor style rule');
    expect(cursor.instructions).not.toContain('copilot instructions');
    expect(cursor.instructions).toContain('How tests are written.');
    expect(cursor.instructions).not.toContain('claude naming rule');
  });

  it('lists only the formats given in the inventory tool’s rules', async () => {
    const project = await makeProjectWithRules();
    const run = await createContextSession(
      repoContext({ workspaceDir: project, formats: ['cursor'] }),
    ).startRun();
    const answer = await run.executeTool({ id: 'call_1', toolName: 'inventory_agent_context', input: {} });
    const listed = answer.output as { rules?: { path: string }[] };
    expect(listed.rules?.map((rule) => rule.path)).toEqual([
      '.cursor/rules/style.mdc',
      '.cursor/rules/testing.mdc',
    ]);
  });

  it('delivers only the given formats’ files rules on touch', async () => {
    const project = await makeProjectWithRules();
    await writeFile(
      path.join(project, '.cursor/rules/app.mdc'),
      '---\nglobs: packages/app/**\n---\ncursor app rule\n',
    );
    await mkdir(path.join(project, '.claude/rules'), { recursive: true });
    await writeFile(
      path.join(project, '.claude/rules/app.md'),
      '---\npaths: packages/app/**\n---\nclaude app rule\n',
    );
    const session = createContextSession(
      repoContext({ workspaceDir: project, nestedTraversal: true, formats: ['cursor'] }),
    );
    const run = await session.startRun();
    const call: ToolCall = { id: 'call-1', toolName: 'read_file', input: { path: 'packages/app/index.ts' } };
    await run.executeTool(call, () => 'export {};');
    const hidden = JSON.stringify(session.placeHiddenMessages([{ key: 'call-1' }], (message) => message.key));
    expect(hidden).toContain('The rule .cursor/rules/app.mdc (cursor) applies');
    expect(hidden).not.toContain('.claude/rules/app.md');
  });

  it('reads as one assistant with `assistant`: its files, on touch too, and refuses its own file names beside it', async () => {
    const { home, project } = await makeHome();
    const context = repoContext({
      workspaceDir: project,
      homeDir: home,
      assistant: 'codex',
      nestedTraversal: true,
    });
    const session = createContextSession(context);
    const run = await session.startRun();
    // Codex reads AGENTS.md, not CLAUDE.md, and nothing on touch.
    expect(run.instructions).toContain('project agents rules');
    expect(run.instructions).not.toContain('claude rules');
    await session.touch('packages/app/index.ts');
    expect(session.placeHiddenMessages([] as never[], () => undefined)).toEqual([]);
    const claude = createContextSession(
      repoContext({ workspaceDir: project, homeDir: home, assistant: 'claude-code', nestedTraversal: true }),
    );
    const claudeRun = await claude.startRun();
    expect(claudeRun.instructions).toContain('home rules');
    expect(claudeRun.instructions).toContain('project claude rules');
    expect(claudeRun.instructions).not.toContain('project agents rules');
    expect(() =>
      repoContext({ workspaceDir: project, assistant: 'codex', filenames: ['AGENTS.md'] }),
    ).toThrow(/cannot be combined with `assistant`/);
  });
});
