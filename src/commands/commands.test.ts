import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { nestedInstructions } from '../instructions/nested/nested-instructions.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { skills } from '../skills/skills.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { commands } from './commands.js';

const repository: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.claude/commands/review-pr.md':
    '---\ndescription: Review a pull request.\nargument-hint: <number>\n---\nReview pull request $ARGUMENTS. Compare with @docs/guide.md.\n',
  '.claude/commands/frontend/component.md': 'Create the component $0 in $1.\n',
  '.claude/commands/deploy.md': 'The command file deploy, shadowed by the skill.\n',
  '.gemini/commands/git/commit.toml':
    'description = "Write a commit message."\nprompt = """\nWrite a commit message for {{args}}.\nStaged: !{git diff --staged}\n"""\n',
  '.gemini/commands/broken.toml': 'description = "no prompt"\n',
  '.github/prompts/new-form.prompt.md': `---\ndescription: New form\n---\nCreate $${'{'}input:formName}.\n`,
  '.cursor/commands/tests.md': 'Write tests.\n',
  '.opencode/commands/team/triage.md': '---\ndescription: Triage\n---\n\n  Triage $1 now.  \n',
  '.claude/skills/deploy/SKILL.md':
    '---\nname: deploy\ndescription: Deploy.\ndisable-model-invocation: true\nargument-hint: <env>\n---\nDeploy to $ARGUMENTS.\n',
  '.claude/skills/background/SKILL.md':
    '---\nname: background\ndescription: Context.\nuser-invocable: false\n---\nx\n',
  'docs/guide.md': '# Guide\nBe kind.\n',
  'docs/AGENTS.md': 'Docs rules.\n',
};

async function makeSession() {
  const root = await useTemporaryDirectory();
  for (const [name, text] of Object.entries(repository)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  const capability = commands();
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [fileTools(), nestedInstructions(), skills(), capability],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return { session, events, capability, root };
}

describe('commands capability', () => {
  it('lists every format and the user-invocable skills in one model, a skill first on a clash', async () => {
    const { session, capability, events } = await makeSession();
    await session.startRun();
    const listed = await capability.list(session);
    expect(
      listed.map((command) => [command.name, command.format, command.namespace, command.argumentHint]),
    ).toEqual([
      ['deploy', 'skill', null, '<env>'],
      ['component', 'claude', 'frontend', null],
      ['review-pr', 'claude', null, '<number>'],
      ['git:commit', 'gemini', 'git', null],
      ['new-form', 'copilot', null, null],
      ['tests', 'cursor', null, null],
      ['team/triage', 'opencode', 'team', null],
    ]);
    const messages = events.filter((event) => event.type === 'diagnostic').map((event) => event.message);
    expect(messages).toContain(
      '.gemini/commands/broken.toml has no `prompt` string; Gemini CLI requires one, so it is not a command.',
    );
    expect(messages).toContain(
      'The command /deploy of .claude/commands/deploy.md is shadowed by the skill of .claude/skills/deploy/SKILL.md: a skill wins a name clash, as in Claude Code.',
    );
  });

  it('expands a Claude command with $ARGUMENTS and an @file, which counts as a touch', async () => {
    const { session, events } = await makeSession();
    await session.startRun();
    const expansion = await session.expandCommand('/review-pr 123');
    expect(expansion).toEqual({
      text: 'Review pull request 123. Compare with @docs/guide.md.\n\n<file name="docs/guide.md">\n# Guide\nBe kind.\n</file>',
      command: { name: 'review-pr', format: 'claude', path: '.claude/commands/review-pr.md' },
    });
    expect(events.find((event) => event.type === 'loaded' && event.reason === 'command')?.message).toBe(
      'Command /review-pr expanded from .claude/commands/review-pr.md with docs/guide.md.',
    );
    // The touch of docs/guide.md surfaced docs/AGENTS.md.
    expect(session.loadedFiles().map((file) => file.path)).toContain('docs/AGENTS.md');
  });

  it('expands Gemini, Copilot, Cursor and OpenCode commands and a namespaced Claude alias', async () => {
    const { session, events } = await makeSession();
    await session.startRun();
    expect((await session.expandCommand('/git:commit the parser fix')).text).toBe(
      'Write a commit message for the parser fix.\nStaged: [shell command not run: git diff --staged]\n',
    );
    expect(
      events.some(
        (event) => event.type === 'skipped' && event.message.includes('`git diff --staged` was not run'),
      ),
    ).toBe(true);
    expect((await session.expandCommand('/new-form formName=Signup')).text).toBe('Create Signup.\n');
    expect((await session.expandCommand('/tests the lexer')).text).toBe('Write tests.\n\nthe lexer');
    expect((await session.expandCommand('/team/triage bug-9')).text).toBe('Triage bug-9 now.');
    expect((await session.expandCommand('/frontend:component Button web')).text).toBe(
      'Create the component Button in web.\n',
    );
  });

  it('invokes a skill kept from the model as /name, with its load_skill header', async () => {
    const { session } = await makeSession();
    await session.startRun();
    const expansion = await session.expandCommand('/deploy staging');
    expect(expansion.command).toEqual({
      name: 'deploy',
      format: 'skill',
      path: '.claude/skills/deploy/SKILL.md',
    });
    expect(expansion.text).toMatch(/^\[skill deploy from \.claude\/skills\/deploy\]\n/);
    expect(expansion.text.endsWith('\n\nDeploy to staging.')).toBe(true);
    expect((await session.expandCommand('/background')).command).toBeUndefined();
  });

  it('passes an unknown /name and any other text through unchanged, the unknown one with an event', async () => {
    const { session, events } = await makeSession();
    await session.startRun();
    expect(await session.expandCommand('/usr/bin is full')).toEqual({ text: '/usr/bin is full' });
    expect(await session.expandCommand('hello /review-pr')).toEqual({ text: 'hello /review-pr' });
    expect(events.filter((event) => event.type === 'skipped').map((event) => event.message)).toContain(
      'Unknown command /usr/bin: the input passes through unchanged.',
    );
  });

  it('gives a keyed message the bytes of its first expansion, whatever changes on disk', async () => {
    const { session, root } = await makeSession();
    await session.startRun();
    const first = await session.expandCommand('/review-pr 1', { key: 'user:1' });
    await writeFile(path.join(root, 'docs/guide.md'), 'Changed.\n');
    await session.startRun();
    expect(await session.expandCommand('/review-pr 1', { key: 'user:1' })).toEqual(first);
    expect((await session.expandCommand('/review-pr 1', { key: 'user:2' })).text).toContain('Changed.');
    session.reset();
    expect((await session.expandCommand('/review-pr 1', { key: 'user:1' })).text).toContain('Changed.');
  });

  it('cuts a referenced file past 256 KiB with the one truncation marker', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.claude/commands'), { recursive: true });
    await writeFile(path.join(root, '.git'), '');
    await writeFile(path.join(root, '.claude/commands/read.md'), 'Read @big.md\n');
    await writeFile(path.join(root, 'big.md'), 'x'.repeat(300 * 1024));
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [commands()] });
    const { text } = await session.expandCommand('/read');
    expect(
      text.endsWith(
        `${'x'.repeat(100)}\n[truncated: ${300 * 1024 - 256 * 1024} bytes of big.md omitted]\n</file>`,
      ),
    ).toBe(true);
  });
});
