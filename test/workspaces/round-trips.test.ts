import { describe, expect, it } from 'vitest';
import { commands } from '../../src/commands/commands.js';
import { loadCommands } from '../../src/commands/load-commands.js';
import { findHooks } from '../../src/hooks/find-hooks.js';
import { hooks } from '../../src/hooks/hooks.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import { createContextSession } from '../../src/session/context-session.js';
import { skills } from '../../src/skills/skills.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { recordingWorkspace } from '../../src/workspace/recording-workspace.js';
import { countingExec, localShellExec } from '../../src/workspace/shell/shell-exec.test-support.js';
import { shellWorkspace } from '../../src/workspace/shell/shell-workspace.js';
import type { Workspace } from '../../src/workspace/workspace.js';
import { withoutBatches } from '../support/recorded-bytes.js';
import { makeTestRepository, skillFile } from '../support/test-repository.js';

// On a sandbox every workspace call is a round trip. The commands and hooks of a repository are
// read in one listing (one more for the plugins a marketplace names), never path by path, and the
// answer is the one the single calls give.

const repository: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'AGENTS.md': 'Run the tests.\n',
  '.claude/commands/ship.md': '---\ndescription: Ship it.\n---\nShip $ARGUMENTS.\n',
  '.claude/commands/release/notes.md': '---\ndescription: Write notes.\n---\nNotes.\n',
  '.gemini/commands/git/commit.toml': 'description = "Commit"\nprompt = "Commit the change."\n',
  '.github/prompts/fix.prompt.md': '---\ndescription: Fix it.\n---\nFix.\n',
  '.cursor/commands/lint.md': 'Lint the change.\n',
  '.opencode/commands/docs/write.md': 'Write the docs.\n',
  '.claude/settings.json': JSON.stringify({
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
  }),
  '.codex/hooks.json': JSON.stringify({
    hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
  }),
  '.github/hooks/policy.json': JSON.stringify({
    hooks: { preToolUse: [{ hooks: [{ type: 'command', bash: 'true' }] }] },
  }),
  '.claude/skills/pdf/SKILL.md': skillFile('pdf'),
  '.claude-plugin/marketplace.json': JSON.stringify({
    plugins: [
      { name: 'review', source: './plugins/review' },
      { name: 'deploy', source: './plugins/deploy' },
    ],
  }),
  'plugins/review/hooks/hooks.json': JSON.stringify({
    hooks: { PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'true' }] }] },
  }),
  'plugins/deploy/commands/deploy.md': '---\ndescription: Deploy.\n---\nDeploy.\n',
};

const methods = (workspace: ReturnType<typeof recordingWorkspace>) =>
  workspace.calls.map((call) => call.method);

describe('round trips of commands and hooks', () => {
  it('loadCommands: one listing, one more for the plugins, the same commands and diagnostics as path by path', async () => {
    const { root } = await makeTestRepository(repository);
    const single = await loadCommands({ workspace: withoutBatches(localWorkspace(root)) });
    expect(single.commands.map((command) => command.name)).toEqual([
      'notes',
      'ship',
      'git:commit',
      'fix',
      'lint',
      'docs/write',
      'deploy:deploy',
    ]);
    const workspace = recordingWorkspace(localWorkspace(root));
    expect(await loadCommands({ workspace })).toEqual(single);
    // The command folders of every format and directory, then those of the plugins the marketplace names.
    expect(methods(workspace)).toEqual(['listDirectories', 'listDirectories']);
  });

  it('findHooks: one listing, and one more for the plugins named by the marketplace', async () => {
    const { root } = await makeTestRepository(repository);
    const single = await findHooks(withoutBatches(localWorkspace(root)));
    expect(single.items.map((hook) => `${hook.format} ${hook.source}`)).toEqual([
      'claude-code .claude/settings.json',
      'claude-plugin plugins/review/hooks/hooks.json',
      'codex .codex/hooks.json',
      'copilot .github/hooks/policy.json',
    ]);
    const workspace = recordingWorkspace(localWorkspace(root));
    expect(await findHooks(workspace)).toEqual(single);
    expect(methods(workspace)).toEqual(['listDirectories', 'listDirectories']);
  });

  it('a session: the run start is one listing, one more for the plugin folders, a first command two more', async () => {
    const { root } = await makeTestRepository(repository);
    const workspace = recordingWorkspace(localWorkspace(root));
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions(), skills(), hooks(), commands()],
    });
    await session.startRun();
    // The run start's listing; the plugin folders the marketplace names, for the skills and the hooks
    // alike (whichever asks first). A repository without plugins: the first alone.
    expect(methods(workspace)).toEqual(['listDirectories', 'listDirectories']);
    workspace.clearCalls();
    const expansion = await session.expandCommand('/ship today');
    expect(expansion.text).toContain('Ship today.');
    // The commands of every directory, then the plugins' command folders.
    expect(methods(workspace)).toEqual(['listDirectories', 'listDirectories']);
    // A plugin's command by its plugin's name, and by its own when no other command has it.
    expect((await session.expandCommand('/deploy:deploy')).text).toContain('Deploy.');
    expect((await session.expandCommand('/deploy')).text).toContain('Deploy.');
  });
  it('a session: two listings whatever the order of the features reading plugin folders, the same run as path by path', async () => {
    const { root } = await makeTestRepository(repository);
    const started = async (workspace: Workspace, order: 'skills first' | 'hooks first') => {
      const features = order === 'skills first' ? [skills(), hooks()] : [hooks(), skills()];
      const session = createContextSession({ workspace, capabilities: [projectInstructions(), ...features] });
      const events: string[] = [];
      session.on((event) => events.push(`${event.type} ${event.path ?? ''} ${event.message ?? ''}`));
      const run = await session.startRun();
      return { instructions: run.instructions, events };
    };
    for (const order of ['skills first', 'hooks first'] as const) {
      const single = await started(withoutBatches(localWorkspace(root)), order);
      // The plugin's hook file is part of the run (listed, not run: hooks are off by default).
      expect(single.events.some((event) => event.includes('plugins/review/hooks/hooks.json'))).toBe(true);
      const workspace = recordingWorkspace(localWorkspace(root));
      expect(await started(workspace, order)).toEqual(single);
      expect(methods(workspace), order).toEqual(['listDirectories', 'listDirectories']);
    }
  });
});

describe('round trips of a read over a sandbox', () => {
  const deepRepository = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': 'Root rules.\n',
    'packages/api/AGENTS.md': 'API rules.\n',
    'packages/api/src/.cursor/rules/handlers.mdc': '---\nalwaysApply: true\n---\nHandler rules.\n',
    'packages/api/src/handler.ts': 'export const handler = 1;\n',
  };
  /** A session over `workspace`: what a read gives, with the events and nested deliveries it causes. */
  const readThrough = async (workspace: Workspace, file: string, clear: () => void) => {
    const session = createContextSession({
      workspace,
      capabilities: [projectInstructions(), nestedInstructions(), fileTools()],
    });
    const run = await session.startRun();
    const events: string[] = [];
    session.on((event) => events.push(`${event.type} ${event.reason ?? ''} ${event.path ?? ''}`));
    clear();
    const read = await run.executeTool({ id: 'call_read', toolName: 'read_file', input: { path: file } });
    return { read, events, prompt: session.describe() };
  };

  it('a read_file three new directories deep is one exec: the file and the new directories are read together', async () => {
    const { root } = await makeTestRepository(deepRepository);
    const file = 'packages/api/src/handler.ts';
    const local = await readThrough(withoutBatches(localWorkspace(root)), file, () => {});
    expect(local.read).toMatchObject({ output: 'export const handler = 1;\n', isError: false });
    // The touch surfaced the nested file and the rule of the new directories.
    expect(local.events.join('\n')).toContain('packages/api/AGENTS.md');
    expect(local.events.join('\n')).toContain('handlers.mdc');
    const exec = countingExec(localShellExec());
    const shell = await readThrough(shellWorkspace({ root, exec }), file, () => exec.reset());
    expect(shell).toEqual(local);
    // The read and the touch's listing of the three new directories: one script (it was three:
    // the stat, the read, then the listing).
    expect(exec.calls).toBe(1);
  });

  it('a read that fails touches nothing and fails as a local read does', async () => {
    const { root } = await makeTestRepository(deepRepository);
    for (const file of ['packages/api/src/missing.ts', 'packages/api/src', '../outside.ts']) {
      const local = await readThrough(withoutBatches(localWorkspace(root)), file, () => {});
      expect(local.read.isError, file).toBe(true);
      const exec = countingExec(localShellExec());
      const shell = await readThrough(shellWorkspace({ root, exec }), file, () => exec.reset());
      expect(shell, file).toEqual(local);
      expect(shell.events, file).toEqual([]);
    }
  });
});
