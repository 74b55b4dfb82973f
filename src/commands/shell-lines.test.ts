import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processesWith, sleepMarker, waitUntil } from '../../test/support/processes.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { type CommandsOptions, commands } from './commands.js';
import type { ShellLine } from './run-shell-line.js';

async function repository(files: Record<string, string>): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-shell-lines-');
  for (const [path, text] of Object.entries({ '.git/HEAD': 'ref: refs/heads/main\n', ...files })) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

function startSession(root: string, options: CommandsOptions = {}) {
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [commands(options)],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return { session, events };
}

const status = {
  '.claude/commands/status.md':
    "---\ndescription: Status.\nallowed-tools: Bash\n---\nBranch: !`printf 'main\\n\\n'`\nBroken: !`echo partial; echo oops >&2; exit 3`\nReview $ARGUMENTS.\n",
};

describe('shell lines of command templates', () => {
  it('are not run by default: a visible line in the text and a skipped event saying how to turn them on', async () => {
    const root = await repository({ '.claude/commands/count.md': 'Runs: !`echo run >> runs.log`\n' });
    const { session, events } = startSession(root);
    expect((await session.expandCommand('/count')).text).toBe(
      'Runs: [shell command not run: echo run >> runs.log]\n',
    );
    await expect(access(join(root, 'runs.log'))).rejects.toThrow();
    expect(events.find((event) => event.type === 'skipped')?.message).toBe(
      'Command /count: the shell command `echo run >> runs.log` was not run: shell lines are off (commands({ run: true }) runs them).',
    );
  });

  it('run with run: true, Claude Code style: stdout in place, a failure with its output and reason', async () => {
    const root = await repository(status);
    const { session, events } = startSession(root, { run: true });
    const expansion = await session.expandCommand('/status the release');
    expect(expansion.text).toBe(
      'Branch: main\nBroken: partial\noops\n[shell command failed (exited with code 3): echo partial; echo oops >&2; exit 3]\nReview the release.\n',
    );
    expect(events.filter((event) => event.type === 'shell-ran').map((event) => event.message)).toEqual([
      "Command /status: the shell command `printf 'main\\n\\n'` exited with 0.",
      'Command /status: the shell command `echo partial; echo oops >&2; exit 3` failed: exited with code 3.',
    ]);
    const failed = events.find((event) => event.diagnostic?.code === 'shell-command-failed');
    expect(failed).toMatchObject({ path: '.claude/commands/status.md', diagnostic: { severity: 'warning' } });
  });

  it('with run: true, refuse a command whose line its allowed-tools does not allow: nothing runs, the host gets the reason', async () => {
    const root = await repository({
      '.claude/commands/mark.md': 'First: !`echo hi`\nThen: !`touch X && echo touched`\n',
      '.claude/commands/hello.md': 'Said: !`echo hi`\n',
      '.claude/commands/allowed.md':
        '---\nallowed-tools: Bash(touch:*)\n---\nThen: !`touch Y && echo touched`\n',
    });
    const { session, events } = startSession(root, { run: true });
    const refusal = session.expandCommand('/mark');
    await expect(refusal).rejects.toMatchObject({
      code: 'command-refused',
      message: expect.stringContaining(
        'Command /mark was refused: its shell line `touch X && echo touched` (`touch X` needs permission: it is not read-only and allowed-tools has no Bash rule).',
      ),
    });
    await expect(access(join(root, 'X'))).rejects.toThrow();
    expect(events.filter((event) => event.type === 'shell-ran')).toEqual([]);
    expect(events.find((event) => event.type === 'skipped')?.path).toBe('.claude/commands/mark.md');
    // A read-only line needs no rule; a rule lets the write run.
    expect((await session.expandCommand('/hello')).text).toBe('Said: hi\n');
    expect((await session.expandCommand('/allowed')).text).toBe('Then: touched\n');
    await access(join(root, 'Y'));
  });

  it('run Gemini CLI style when the host approves each line: {{args}} shell-quoted inside !{...}, output then a status line', async () => {
    const root = await repository({
      '.gemini/commands/find.toml':
        'prompt = """\nFind {{args}}:\n!{printf \'%s\\n\' {{args}}; echo note >&2}\nFail: !{exit 4}\nColour: !{printf \'\\\\033[31mred\\\\033[0m\'}\n"""\n',
    });
    // Gemini CLI asks before each shell line of a command: the host's approval stands for the user's.
    const { session } = startSession(root, { run: () => true });
    const expansion = await session.expandCommand('/find a; touch pwned');
    expect(expansion.text).toBe(
      "Find a; touch pwned:\na; touch pwned\nnote\nFail: \n[Shell command 'exit 4' exited with code 4]\nColour: red\n",
    );
    // The argument was one quoted word, never shell syntax.
    await expect(access(join(root, 'pwned'))).rejects.toThrow();
  });

  it('runs a ```! block as one script and names a program that does not exist', async () => {
    const root = await repository({
      '.claude/commands/env.md':
        '---\nallowed-tools: Bash(no-such-program-here:*)\n---\n## Environment\n```!\necho one\necho two\n```\nMissing: !`no-such-program-here --version`\n',
    });
    const { session } = startSession(root, { run: true });
    expect((await session.expandCommand('/env')).text).toBe(
      '## Environment\none\ntwo\nMissing: [shell command failed (could not start: spawn no-such-program-here ENOENT): no-such-program-here --version]\n',
    );
  });

  it('kills a shell line past its time limit with its children, and says so in the text', async () => {
    const marker = sleepMarker();
    const root = await repository({
      '.claude/commands/slow.md': `---\nallowed-tools: Bash(sleep:*)\n---\nWait: !\`sleep ${marker} & sleep ${marker}\`\n`,
    });
    const { session, events } = startSession(root, { run: true, timeoutSeconds: 0.5 });
    const expansion = await session.expandCommand('/slow');
    expect(expansion.text).toBe(
      `Wait: [shell command failed (timed out after 0.5 seconds): sleep ${marker} & sleep ${marker}]\n`,
    );
    expect(processesWith(marker)).toEqual([]);
    expect(events.some((event) => event.diagnostic?.code === 'shell-command-failed')).toBe(true);
  });

  it('runs once per keyed message per session: the same message keeps its bytes', async () => {
    const root = await repository({
      '.claude/commands/count.md':
        '---\nallowed-tools: Bash\n---\nRuns: !`echo run >> runs.log; wc -l < runs.log | tr -d " "`\n',
    });
    const { session } = startSession(root, { run: true });
    const first = await session.expandCommand('/count', { key: 'user-1' });
    const again = await session.expandCommand('/count', { key: 'user-1' });
    expect(first.text).toBe('Runs: 1\n');
    expect(again).toBe(first);
    expect((await readFile(join(root, 'runs.log'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(1);
    expect((await session.expandCommand('/count', { key: 'user-2' })).text).toBe('Runs: 2\n');
  });

  it('asks an approval function once per line and command file per session, and skips what it refuses', async () => {
    const root = await repository(status);
    const asked: ShellLine[] = [];
    const { session, events } = startSession(root, {
      run: (line) => {
        asked.push(line);
        return !line.command.includes('exit');
      },
    });
    await session.expandCommand('/status a');
    const second = await session.expandCommand('/status b');
    expect(second.text).toBe(
      'Branch: main\nBroken: [shell command not run: echo partial; echo oops >&2; exit 3]\nReview b.\n',
    );
    expect(asked).toEqual([
      {
        command: "printf 'main\\n\\n'",
        name: 'status',
        format: 'claude',
        source: '.claude/commands/status.md',
      },
      {
        command: 'echo partial; echo oops >&2; exit 3',
        name: 'status',
        format: 'claude',
        source: '.claude/commands/status.md',
      },
    ]);
    expect(
      events.filter((event) => event.message.endsWith('was not run: the host did not allow it.')),
    ).toHaveLength(2);
  });

  it('kills a running shell line with its children when the session is disposed, and runs none after', async () => {
    const marker = sleepMarker();
    const root = await repository({
      '.claude/commands/slow.md': `---\nallowed-tools: Bash(sleep:*)\n---\nWait: !\`sleep ${marker} & sleep ${marker}\`\n`,
    });
    const { session } = startSession(root, { run: true });
    const running = session.expandCommand('/slow');
    await waitUntil(() => processesWith(marker).length >= 2);
    session.dispose();
    expect((await running).text).toBe(
      `Wait: [shell command failed (aborted: the session was reset or disposed): sleep ${marker} & sleep ${marker}]\n`,
    );
    expect(processesWith(marker)).toEqual([]);
    expect((await session.expandCommand('/slow')).text).toContain(
      '(aborted: the session was reset or disposed)',
    );
    expect(processesWith(marker)).toEqual([]);
  });

  it('kills a running shell line with its children at reset, and runs shell lines in the next conversation', async () => {
    const marker = sleepMarker();
    const root = await repository({
      '.claude/commands/slow.md': `---\nallowed-tools: Bash(sleep:*)\n---\nWait: !\`sleep ${marker} & sleep ${marker}\`\n`,
      '.claude/commands/quick.md': 'Said: !`echo next`\n',
    });
    const { session, events } = startSession(root, { run: true });
    const running = session.expandCommand('/slow');
    await waitUntil(() => processesWith(marker).length >= 2);
    session.reset();
    expect((await running).text).toBe(
      `Wait: [shell command failed (aborted: the session was reset or disposed): sleep ${marker} & sleep ${marker}]\n`,
    );
    expect(processesWith(marker)).toEqual([]);
    expect(events.find((event) => event.type === 'reset')?.message).toBe(
      'Session reset: everything surfaced is forgotten, and the processes started for the conversation are killed.',
    );
    // The session goes on: the next conversation's shell lines run.
    expect((await session.expandCommand('/quick')).text).toBe('Said: next\n');
  });
});
