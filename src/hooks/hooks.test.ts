import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processesWith, waitUntil } from '../../test/support/processes.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { commandGroup, writeHookRepository } from './hook-fixtures.test-support.js';
import { type HooksOptions, hooks } from './hooks.js';

async function startSession(root: string, options: HooksOptions) {
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [fileTools({ write: true }), hooks(options)],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  return { session, run, events };
}

/** The hidden messages placed after a one-message conversation holding the tool result `callId`. */
function hiddenTexts(session: ReturnType<typeof createContextSession>, callId = 'call-1'): string[] {
  return session
    .placeHiddenMessages([{ id: 'user' }, { id: callId }], (message) => message.id)
    .filter((message) => 'hidden' in message)
    .map((message) => (message as { text: string }).text);
}

const guard = { PreToolUse: [commandGroup('node .claude/hooks/guard-migrations.mjs', 'Edit|Write')] };

describe('hooks()', () => {
  it('runs nothing by default and lists every hook as present, not run', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, {
      ...guard,
      PostToolUse: [commandGroup('node .claude/hooks/record.mjs')],
      Stop: [commandGroup('node .claude/hooks/record.mjs')],
    });
    const { run, events } = await startSession(root, {});
    const result = await run.executeTool({
      id: 'call-1',
      toolName: 'write_file',
      input: { path: 'migrations/001.sql', content: 'drop table users;' },
    });
    expect(result.isError).toBe(false);
    expect(await readFile(join(root, 'migrations/001.sql'), 'utf8')).toBe('drop table users;');
    await expect(readFile(join(root, 'hook-payloads.jsonl'), 'utf8')).rejects.toThrow();
    const skipped = events.filter((event) => event.type === 'skipped' && event.reason === 'hook');
    expect(skipped.map((event) => event.message)).toEqual([
      'PreToolUse hook "node .claude/hooks/guard-migrations.mjs" (.claude/settings.json) is present, not run: hooks are off (hooks({ run: true }) runs them).',
      'PostToolUse hook "node .claude/hooks/record.mjs" (.claude/settings.json) is present, not run: hooks are off (hooks({ run: true }) runs them).',
      'Stop hook "node .claude/hooks/record.mjs" (.claude/settings.json) is present, not run: the session cannot tell when the framework ends its loop, so it cannot hold the agent back.',
    ]);
    expect(events.some((event) => event.type === 'hook-ran')).toBe(false);
  });

  it('blocks write_file into migrations/ with the hook stderr as the tool result (exit 2)', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, guard);
    const { run, events } = await startSession(root, { run: true });
    const blocked = await run.executeTool({
      id: 'call-1',
      toolName: 'write_file',
      input: { path: 'migrations/001.sql', content: 'drop table users;' },
    });
    expect(blocked).toEqual({
      isError: true,
      output: 'Writes to migrations/ are refused: add a new migration with npm run migration:new.',
    });
    await expect(readFile(join(root, 'migrations/001.sql'), 'utf8')).rejects.toThrow();
    expect(events.filter((event) => event.type === 'blocked')).toHaveLength(1);

    const allowed = await run.executeTool({
      id: 'call-2',
      toolName: 'write_file',
      input: { path: 'src/app.ts', content: 'export {};' },
    });
    expect(allowed.isError).toBe(false);
    // The matcher `Edit|Write` does not fire for read_file.
    const ran = events.filter((event) => event.type === 'hook-ran').length;
    await run.executeTool({ id: 'call-3', toolName: 'read_file', input: { path: 'src/app.ts' } });
    expect(events.filter((event) => event.type === 'hook-ran')).toHaveLength(ran);
  });

  it('blocks on a JSON permissionDecision of deny, with its reason', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, {
      PreToolUse: [commandGroup('node .claude/hooks/deny-secrets.mjs', 'Write')],
    });
    const { run } = await startSession(root, { run: true });
    const result = await run.executeTool({
      id: 'call-1',
      toolName: 'write_file',
      input: { path: '.env', content: 'A=1' },
    });
    expect(result).toEqual({ isError: true, output: 'No .env files.' });
  });

  it('lets a PostToolUse formatter rewrite the written file, its additionalContext a hidden message after the result', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, {
      PostToolUse: [commandGroup('node "$CLAUDE_PROJECT_DIR/.claude/hooks/format.mjs"', 'Write|Edit')],
    });
    const { session, run } = await startSession(root, { run: true });
    const result = await run.executeTool({
      id: 'call-1',
      toolName: 'write_file',
      input: { path: 'src/a.ts', content: 'if (x) {\n\treturn 1;   \n}\n' },
    });
    expect(result.isError).toBe(false);
    expect(await readFile(join(root, 'src/a.ts'), 'utf8')).toBe('if (x) {\n  return 1;\n}\n');
    expect(hiddenTexts(session)).toEqual([
      '<hook-output event="PostToolUse" source=".claude/settings.json">\nFormatted Write output: a.ts\n</hook-output>',
    ]);
    // Placed after the tool result, and it keeps its place on the next call.
    const placed = session.placeHiddenMessages(
      [{ id: 'user' }, { id: 'call-1' }, { id: 'next' }],
      (m) => m.id,
    );
    expect(
      placed.map((message) => ('hidden' in message ? 'hidden' : (message as { id: string }).id)),
    ).toEqual(['user', 'call-1', 'hidden', 'next']);
  });

  it('turns SessionStart output into a hidden message once per session, and gives hooks the documented payload', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, {
      SessionStart: [
        commandGroup('echo "Current branch: feature/login"', 'startup'),
        commandGroup('node .claude/hooks/record.mjs'),
      ],
      PreToolUse: [commandGroup('node .claude/hooks/record.mjs', 'Read')],
    });
    const { session, run } = await startSession(root, { run: true });
    expect(hiddenTexts(session)).toEqual([
      '<hook-output event="SessionStart" source=".claude/settings.json">\nCurrent branch: feature/login\n</hook-output>',
    ]);
    await writeHookRepository(root, {}, { 'notes.md': 'hi' });
    await run.executeTool({ id: 'call-9', toolName: 'read_file', input: { path: 'notes.md' } });
    await session.startRun();
    const payloads = (await readFile(join(root, 'hook-payloads.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(payloads).toHaveLength(2);
    expect(payloads[0]).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup', cwd: root });
    expect(payloads[1]).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Read',
      tool_input: { file_path: join(root, 'notes.md') },
      tool_use_id: 'call-9',
      session_id: payloads[0].session_id,
    });
  });

  it('kills a hook that sleeps past its timeout, with its children, and the tool still runs', async () => {
    const root = await useTemporaryDirectory();
    const marker = `3600.${process.pid}7`;
    await writeHookRepository(root, {
      PreToolUse: [commandGroup(`sleep ${marker} & sleep ${marker}`, '*', 0.5)],
    });
    const { run, events } = await startSession(root, { run: true });
    const result = await run.executeTool({
      id: 'call-1',
      toolName: 'write_file',
      input: { path: 'a.txt', content: 'a' },
    });
    expect(result.isError).toBe(false);
    expect(processesWith(marker)).toEqual([]);
    const failure = events.find((event) => event.diagnostic?.code === 'hook-failed');
    expect(failure?.message).toBe(
      `PreToolUse hook "sleep ${marker} & sleep ${marker}" (.claude/settings.json) ran past its 0.5 s time limit and was killed with its process group.`,
    );
  });

  it('kills a running hook with its children when the session is disposed, and starts none after', async () => {
    const root = await useTemporaryDirectory();
    const marker = `3600.${process.pid}8`;
    await writeHookRepository(root, {
      PreToolUse: [commandGroup(`sleep ${marker} & sleep ${marker}`, '*')],
    });
    const { session, run, events } = await startSession(root, { run: true });
    const call = { id: 'call-1', toolName: 'write_file', input: { path: 'a.txt', content: 'a' } };
    const running = run.executeTool(call);
    await waitUntil(() => processesWith(marker).length >= 2);
    session.dispose();
    const result = await running;
    expect(processesWith(marker)).toEqual([]);
    expect(result.isError).toBe(false);
    expect(events.filter((event) => event.type === 'disposed')).toHaveLength(1);
    expect(events.find((event) => event.diagnostic?.code === 'hook-failed')?.message).toContain(
      'was killed because its run ended or its session was reset or disposed',
    );
    // A disposed session starts no hook process: the next call's hook fails at once as aborted.
    await run.executeTool({ ...call, id: 'call-2' });
    expect(events.filter((event) => event.diagnostic?.code === 'hook-failed')).toHaveLength(2);
    expect(processesWith(marker)).toEqual([]);
  });

  it('kills a running hook with its children at reset, and runs hooks again in the next conversation', async () => {
    const root = await useTemporaryDirectory();
    const marker = `3600.${process.pid}9`;
    await writeHookRepository(root, {
      PreToolUse: [commandGroup(`test -e block || (sleep ${marker} & sleep ${marker})`, '*')],
    });
    const { session, run, events } = await startSession(root, { run: true });
    const call = { id: 'call-1', toolName: 'write_file', input: { path: 'a.txt', content: 'a' } };
    const running = run.executeTool(call);
    await waitUntil(() => processesWith(marker).length >= 2);
    session.reset();
    await running;
    expect(processesWith(marker)).toEqual([]);
    expect(events.find((event) => event.diagnostic?.code === 'hook-failed')?.message).toContain(
      'was killed because its run ended or its session was reset or disposed',
    );
    // A new conversation: its hooks run (and finish) as before.
    await writeFile(join(root, 'block'), '');
    const next = await session.startRun();
    await next.executeTool({ ...call, id: 'call-2' });
    const ran = events.filter((event) => event.type === 'hook-ran');
    expect(ran.at(-1)?.message).toContain('exited with 0');
  });

  it('goes on after a hook that prints 100 MB and one that dies by SIGKILL', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, {
      PreToolUse: [commandGroup('head -c 100000000 /dev/zero'), commandGroup('kill -9 $$')],
    });
    const { run, events } = await startSession(root, { run: true });
    const result = await run.executeTool({
      id: 'call-1',
      toolName: 'write_file',
      input: { path: 'a.txt', content: 'a' },
    });
    expect(result.isError).toBe(false);
    expect(
      events.filter((event) => event.diagnostic?.code === 'hook-failed').map((event) => event.message),
    ).toEqual([
      'PreToolUse hook "head -c 100000000 /dev/zero" (.claude/settings.json) printed more than 1048576 bytes to stdout and was killed.',
      'PreToolUse hook "kill -9 $$" (.claude/settings.json) ended by SIGKILL.',
    ]);
  });

  it('stops the run at a UserPromptSubmit block, with the reason to the host', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, {
      UserPromptSubmit: [
        commandGroup(
          'grep -q password && { echo "Prompts must not hold passwords." >&2; exit 2; } || echo "Ticket: ABC-1"',
        ),
      ],
    });
    const { session } = await startSession(root, { run: ['UserPromptSubmit'] });
    await session.observeUserInput('fix the login', { key: 'user' });
    expect(hiddenTexts(session)).toEqual([
      '<hook-output event="UserPromptSubmit" source=".claude/settings.json">\nTicket: ABC-1\n</hook-output>',
    ]);
    const refusal = await session.observeUserInput('my password is hunter2').catch((error: unknown) => error);
    expect(isAgentContextError(refusal) && refusal.code).toBe('hook-blocked');
    expect((refusal as Error).message).toBe(
      'A UserPromptSubmit hook blocked the prompt: Prompts must not hold passwords.',
    );
  });

  it('runs only the events listed, and asks an approval function once per command', async () => {
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, {
      ...guard,
      PostToolUse: [commandGroup('node .claude/hooks/record.mjs')],
    });
    const listed = await startSession(root, { run: ['PostToolUse'] });
    const write = { toolName: 'write_file', input: { path: 'migrations/1.sql', content: 'x' } };
    expect((await listed.run.executeTool({ id: 'call-1', ...write })).isError).toBe(false);
    expect(await readFile(join(root, 'hook-payloads.jsonl'), 'utf8')).toContain('"PostToolUse"');

    const asked: string[] = [];
    const approving = await startSession(root, {
      run: (hook) => {
        asked.push(hook.command ?? '');
        return hook.event === 'PreToolUse';
      },
    });
    const recorded = await readFile(join(root, 'hook-payloads.jsonl'), 'utf8');
    expect((await approving.run.executeTool({ id: 'call-1', ...write })).isError).toBe(true);
    const elsewhere = { toolName: 'write_file', input: { path: 'src/1.sql', content: 'x' } };
    expect((await approving.run.executeTool({ id: 'call-2', ...elsewhere })).isError).toBe(false);
    expect((await approving.run.executeTool({ id: 'call-3', ...elsewhere })).isError).toBe(false);
    expect(asked).toEqual(['node .claude/hooks/guard-migrations.mjs', 'node .claude/hooks/record.mjs']);
    expect(await readFile(join(root, 'hook-payloads.jsonl'), 'utf8')).toBe(recorded);
    expect(
      approving.events.filter((event) => event.type === 'skipped' && event.trigger !== undefined),
    ).toHaveLength(2);
  });
});
