import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { commandGroup, writeHookRepository } from '../../hooks/hook-fixtures.test-support.js';

const run = (cwd: string, args: string[]) => runCliInProcess(cwd, ['hooks', ...args]);

async function repository(): Promise<string> {
  const root = await useTemporaryDirectory();
  await writeHookRepository(
    root,
    {
      PreToolUse: [commandGroup('node .claude/hooks/guard-migrations.mjs', 'Edit|Write', 5)],
      PostToolUse: [commandGroup('node "$CLAUDE_PROJECT_DIR/.claude/hooks/format.mjs"', 'Write')],
      Stop: [commandGroup('echo done')],
    },
    {
      '.cursor/hooks.json': JSON.stringify({
        version: 1,
        hooks: { afterFileEdit: [{ command: './format.sh' }] },
      }),
    },
  );
  return root;
}

describe('agent-context hooks', () => {
  it('lists every hook with its event, matcher, format and whether it would run', async () => {
    const root = await repository();
    const { code, stdout, stderr } = await run(root, []);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '4 hooks:',
        '  PreToolUse [Edit|Write]: node .claude/hooks/guard-migrations.mjs',
        '    claude-code, .claude/settings.json, timeout 5 s; would run when the host turns hooks on',
        '  PostToolUse [Write]: node "$CLAUDE_PROJECT_DIR/.claude/hooks/format.mjs"',
        '    claude-code, .claude/settings.json, timeout 60 s; would run when the host turns hooks on',
        '  Stop: echo done',
        '    claude-code, .claude/settings.json, timeout 60 s; not run: the session cannot tell when the framework ends its loop, so it cannot hold the agent back',
        '  afterFileEdit: ./format.sh',
        "    cursor, .cursor/hooks.json, timeout 60 s; not run: Cursor's hooks have their own events (beforeShellExecution, afterFileEdit...) and answers (`permission`), which are not mapped yet",
        '',
      ].join('\n'),
    );
  });

  it('--test runs the matching hooks once and prints what the agent would get', async () => {
    const root = await repository();
    const input = JSON.stringify({ path: 'migrations/002.sql', content: 'x' });
    const blocked = await run(root, ['--test', 'PreToolUse', '--tool', 'write_file', '--input', input]);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toBe(
      [
        'PreToolUse (matched as write_file, Write, Edit, MultiEdit): 1 matching hook',
        '  node .claude/hooks/guard-migrations.mjs (.claude/settings.json): exit 2, block',
        'The agent would get:',
        '  tool result (error; the tool does not run): Writes to migrations/ are refused: add a new migration with npm run migration:new.',
        '',
      ].join('\n'),
    );
    const read = await run(root, ['--test', 'PreToolUse', '--tool', 'read_file', '--input', '{"path":"a"}']);
    expect(read.stdout).toContain(': 0 matching hooks\nThe agent would get:\n  nothing changes\n');
  });

  it('refuses an event it cannot run and a tool event without a tool', async () => {
    const root = await repository();
    expect((await run(root, ['--test', 'Stop'])).code).toBe(2);
    const missing = await run(root, ['--test', 'PreToolUse']);
    expect(missing.stderr).toContain('--test PreToolUse needs --tool <name>');
  });
});
