import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { makeTestRepository } from '../../../test/support/test-repository.js';
import { nestedInstructions } from '../../instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../instructions/project-instructions.js';
import { instructionsForPath } from '../../presets/instructions-for-path.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { skills } from '../../skills/skills.js';
import { localWorkspace } from '../../workspace/local-workspace.js';

/** The profile details the recorded table cannot show (it keeps markers, not texts), and the CLI's `--as`. */
describe('assistant profiles', () => {
  it('leaves a missing import as written for Claude Code, and marks it for the others', async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': 'Read @docs/missing.md first.\n',
      'GEMINI.md': 'Read @docs/absent.md first.\n',
    });
    const workspace = localWorkspace(root);
    const textAs = async (assistant: 'claude-code' | 'gemini-cli') => {
      const capability = projectInstructions({ assistant });
      const session = createContextSession({ workspace, capabilities: [capability] });
      return (await capability.instructions(await session.startRun())) ?? '';
    };
    const claude = await textAs('claude-code');
    expect(claude).toContain('Read @docs/missing.md first.');
    expect(claude).not.toContain('import failed');
    expect(await textAs('gemini-cli')).toContain('<!-- import failed: docs/absent.md');
  });

  it("keeps Claude Code's AGENTS.md decision for the whole session, across a snapshot", async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'AGENTS.md': 'Root agents.\n',
      'packages/api/AGENTS.md': 'API agents.\n',
      'packages/web/AGENTS.md': 'Web agents.\n',
      'packages/web/page.ts': 'export {};\n',
    });
    const workspace = localWorkspace(root);
    const capabilities = [nestedInstructions({ assistant: 'claude-code', inject: 'contents' })];
    const first = createContextSession({ workspace, capabilities });
    await first.startRun();
    await first.touch('packages/api/routes.ts');
    // A CLAUDE.md appearing later does not change what the session decided at its start.
    await fs.writeFile(path.join(root, 'CLAUDE.md'), 'Root Claude.\n');
    const next = createContextSession({ workspace, capabilities, restore: first.snapshot() });
    const events: ContextEvent[] = [];
    next.on((event) => events.push(event));
    await next.touch('packages/web/page.ts');
    expect(events.filter((event) => event.type === 'loaded').map((event) => event.path)).toEqual([
      'packages/web/AGENTS.md',
    ]);
    // A new session starts with the CLAUDE.md there: no AGENTS.md, and it says why.
    const fresh = createContextSession({ workspace, capabilities });
    const freshEvents: ContextEvent[] = [];
    fresh.on((event) => freshEvents.push(event));
    await fresh.touch('packages/web/page.ts');
    expect(freshEvents.filter((event) => event.type === 'loaded')).toEqual([]);
    expect(freshEvents.map((event) => event.message).join('\n')).toContain(
      'reads AGENTS.md only in a session that started without CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md, and CLAUDE.md was there',
    );
  });

  it("delivers Copilot CLI's nested files nearest first, GEMINI.md imports left as text", async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'packages/api/AGENTS.md': 'API agents, see @notes.md.\n',
      'packages/api/notes.md': 'API notes.\n',
      'packages/api/src/GEMINI.md': 'Sources, see @extra.md.\n',
      'packages/api/src/extra.md': 'Extra.\n',
    });
    const answer = await instructionsForPath({
      workspace: localWorkspace(root),
      path: 'packages/api/src/routes.ts',
      assistant: 'copilot-cli',
      skills: false,
    });
    expect(answer.delivered.join('\n')).toMatch(
      /Sources, see @extra\.md\.[\s\S]*API agents, see API notes\.\n\./,
    );
    expect(answer.delivered.join('\n')).not.toContain('Extra.');
  });

  it('answers `path --as`: Codex delivers nothing on a read, Claude Code no nested AGENTS.md under a root CLAUDE.md', async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': 'Root Claude.\n',
      'AGENTS.md': 'Root agents.\n',
      'packages/api/AGENTS.md': 'API agents.\n',
    });
    const codex = await runCliInProcess(root, ['path', 'packages/api/routes.ts', '--as', 'codex', '--json']);
    expect(codex.code).toBe(0);
    const codexAnswer = JSON.parse(codex.stdout) as { delivered: string[]; instructions: string };
    expect(codexAnswer.delivered).toEqual([]);
    expect(codexAnswer.instructions).toContain('Root agents.');
    const claude = await runCliInProcess(root, ['path', 'packages/api/routes.ts', '--as', 'claude-code']);
    expect(claude.stdout).toContain('CLAUDE.md  project instructions');
    expect(claude.stdout).not.toContain('API agents.');
    expect(claude.stdout).toContain(
      'packages/api/AGENTS.md is not read: Claude Code reads AGENTS.md only in a session',
    );
    const both = await runCliInProcess(root, ['path', 'x.ts', '--as', 'codex', '--formats', 'cursor']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--as and --formats cannot be combined');
  });

  it('offers Claude Code its project commands with the skills, loaded by load_skill; not other assistants', async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/commands/deploy-notes.md':
        '---\ndescription: Write the deployment notes.\n---\n\nWrite the notes for $ARGUMENTS.\n',
      '.claude/commands/private.md':
        '---\ndescription: Only for people.\ndisable-model-invocation: true\n---\nSecret steps.\n',
      '.claude/skills/tidy/SKILL.md': '---\nname: tidy\n---\n\nSort the imports.\n',
    });
    const workspace = localWorkspace(root);
    const offered = async (assistant: 'claude-code' | 'opencode') => {
      const capability = skills({ assistant });
      const session = createContextSession({ workspace, capabilities: [capability] });
      const run = await session.startRun();
      return { run, text: (await capability.instructions?.(run)) as string | undefined };
    };
    const claude = await offered('claude-code');
    expect(claude.text).toContain('<name>deploy-notes</name>');
    expect(claude.text).toContain('Write the deployment notes.');
    expect(claude.text).toContain('<name>tidy</name>');
    expect(claude.text).toContain('Sort the imports.');
    expect(claude.text).not.toContain('private');
    const loaded = await claude.run.executeTool({
      id: 'call-1',
      toolName: 'load_skill',
      input: { name: 'deploy-notes' },
    });
    expect(loaded.output).toBe(
      '[command /deploy-notes from .claude/commands/deploy-notes.md]\n\nWrite the notes for $ARGUMENTS.',
    );
    const opencode = await offered('opencode');
    expect(opencode.text ?? '').not.toContain('deploy-notes');
    expect(opencode.text ?? '').not.toContain('<name>tidy</name>');
  });
});
