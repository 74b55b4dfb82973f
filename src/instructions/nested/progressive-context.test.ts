import { describe, expect, it } from 'vitest';
import { startsWith } from '../../session/scripted-conversation.test-support.js';
import { progressiveContextGuidance } from './progressive-context.js';
import { hostRead, instructionCalls, setup } from './progressive-fixture.test-support.js';

// The ext-context (pi progressive-context) cases, run against the preset with real files on disk.
describe('progressiveContext (ext-context cases)', () => {
  it('puts its short static guidance in the run instructions', async () => {
    const { run } = await setup();
    expect(run.instructionBlocks).toContainEqual({
      capability: 'progressive-context',
      text: progressiveContextGuidance,
    });
    expect(progressiveContextGuidance.length).toBeLessThan(400);
  });

  it('delivers nothing before a read, the message right after it, and nothing after reset()', async () => {
    const { conversation, session, root } = await setup();
    await conversation.user('please look at the nested code');
    expect(conversation.prompt().some((line) => line.startsWith('hidden:'))).toBe(false);

    await conversation.call('read_file', { path: 'nested/file.ts' });
    const prompt = conversation.prompt();
    expect(prompt).toEqual([
      'user: please look at the nested code',
      'assistant: read_file {"path":"nested/file.ts"}',
      'tool: export const nested = 1;\n',
      expect.stringMatching(/^hidden: # Progressive Project Context\n\n/),
    ]);
    expect(prompt[3]).toContain(`## ${root}/nested/AGENTS.md\n\nnested rules`);

    session.reset();
    expect(conversation.prompt().some((line) => line.startsWith('hidden:'))).toBe(false);
    expect(session.describe()).toBe('No nested instruction files loaded.');
  });

  it('keeps the prompt prefix stable as the history grows', async () => {
    const { conversation } = await setup();
    await conversation.call('read_file', { path: 'nested/file.ts' });
    let previous = conversation.prompt();
    for (const path of ['nested/file.ts', 'plain/y.ts', 'nested/a&b.ts', 'plain/y.ts']) {
      await conversation.call('read_file', { path });
      const next = conversation.prompt();
      expect(startsWith(next, previous)).toBe(true);
      previous = next;
    }
    expect(conversation.hiddenTexts()).toHaveLength(1);
  });

  it('keeps appends stable after an earlier injected message', async () => {
    const { conversation } = await setup();
    const injected = { role: 'user' as const, text: 'reminder injected on every call' };
    await conversation.user('start');
    conversation.prompt([injected]);
    await conversation.call('read_file', { path: 'nested/file.ts' });
    let previous = conversation.prompt([injected]);
    expect(previous.at(-2)).toMatch(/^hidden: # Progressive Project Context/);
    for (const path of ['plain/y.ts', 'nested/file.ts', 'plain/y.ts']) {
      await conversation.call('read_file', { path });
      const next = conversation.prompt([injected]);
      // The injected message is rebuilt per call at the end; everything before it only grows.
      expect(startsWith(next.slice(0, -1), previous.slice(0, -1))).toBe(true);
      expect(next.filter((line) => line.startsWith('hidden:'))).toHaveLength(1);
      expect(next[2]).toBe('tool: export const nested = 1;\n');
      expect(next[3]).toMatch(/^hidden: # Progressive Project Context/);
      previous = next;
    }
  });

  it('re-anchors the consolidated message once when a new file joins', async () => {
    const { conversation, root } = await setup();
    await conversation.call('read_file', { path: 'nested/file.ts' });
    const before = conversation.prompt();
    await conversation.call('read_file', { path: 'plain/y.ts' });
    const stable = conversation.prompt();
    expect(startsWith(stable, before)).toBe(true);

    await conversation.call('read_file', { path: 'other/x.ts' });
    const moved = conversation.prompt();
    expect(startsWith(moved, stable)).toBe(false);
    const hidden = moved.filter((line) => line.startsWith('hidden:'));
    expect(hidden).toHaveLength(1);
    expect(moved.at(-1)).toBe(hidden[0]);
    expect(hidden[0]).toContain(`## ${root}/nested/AGENTS.md`);
    expect(hidden[0]).toContain(`## ${root}/other/AGENTS.md`);
    // The only change is the removal of the old copy: without it, the old prompt is a prefix.
    const withoutOldCopy = stable.filter((line) => !line.startsWith('hidden:'));
    expect(startsWith(moved, withoutOldCopy)).toBe(true);

    await conversation.call('read_file', { path: 'other/x.ts' });
    expect(startsWith(conversation.prompt(), moved)).toBe(true);
  });

  it('ignores failed calls and tools that do not read', async () => {
    const { conversation, session, workspace } = await setup();
    const failing = await conversation.call('read_file', { path: 'nested/missing.ts' });
    expect(failing.isError).toBe(true);
    await conversation.call('bash', { path: 'nested/file.ts' }, hostRead());
    await conversation.call('read', { path: 'nested/file.ts' }, () => {
      throw new Error('permission denied');
    });
    expect(conversation.prompt().some((line) => line.startsWith('hidden:'))).toBe(false);
    expect(instructionCalls(workspace)).toEqual([]);
    expect(session.loadedFiles()).toEqual([]);
  });

  it('accepts <file name="@nested/a&amp;b.ts"> in user input', async () => {
    const { conversation, root } = await setup();
    await conversation.user(
      '<file name="@nested/a&amp;b.ts">\nexport const ab = 1;\n</file>\nWhat does this do?',
    );
    const prompt = conversation.prompt();
    expect(prompt).toHaveLength(2);
    expect(prompt[1]).toContain(`## ${root}/nested/AGENTS.md`);
  });

  it('surfaces files in cwd-to-file order and skips the workspace itself', async () => {
    const { conversation, workspace, root } = await setup();
    await conversation.call('read_file', { path: 'nested/deep/file.ts' });
    const [message] = conversation.prompt().filter((line) => line.startsWith('hidden:'));
    const nestedAt = message!.indexOf(`## ${root}/nested/AGENTS.md`);
    const deepAt = message!.indexOf(`## ${root}/nested/deep/CLAUDE.md`);
    expect(nestedAt).toBeGreaterThan(0);
    expect(deepAt).toBeGreaterThan(nestedAt);
    expect(message).not.toContain('workspace rules');
    expect(instructionCalls(workspace).some((call) => call.resolved === `${root}/AGENTS.md`)).toBe(false);
  });

  it('takes AGENTS.md before CLAUDE.md without reading CLAUDE.md', async () => {
    const { conversation, workspace, root } = await setup();
    await conversation.call('read_file', { path: 'nested/file.ts' });
    const prompt = conversation.prompt().join('\n');
    expect(prompt).toContain('nested rules');
    expect(prompt).not.toContain('nested claude rules');
    expect(workspace.calls.some((call) => call.resolved === `${root}/nested/CLAUDE.md`)).toBe(false);
  });

  it('falls back to CLAUDE.md and decodes invalid UTF-8 as U+FFFD', async () => {
    const { conversation, events } = await setup();
    await conversation.call('read_file', { path: 'nested/deep/file.ts' });
    conversation.prompt();
    expect(conversation.hiddenTexts()[0]).toContain('deep caf\uFFFD rules');
    expect(events.filter((event) => event.diagnostic?.severity === 'error')).toEqual([]);
  });

  it('keeps its state across compaction and re-delivers the message once', async () => {
    const { conversation, session, workspace } = await setup();
    await conversation.user('start');
    await conversation.call('read_file', { path: 'nested/file.ts' });
    const [message] = conversation.prompt().filter((line) => line.startsWith('hidden:'));

    conversation.history.splice(0, conversation.history.length, {
      role: 'user',
      text: 'summary of earlier work',
      key: 'summary-1',
    });
    await session.onCompaction();
    const compacted = conversation.prompt();
    expect(compacted).toEqual(['user: summary of earlier work', message]);

    workspace.clearCalls();
    await conversation.call('read_file', { path: 'nested/a&b.ts' });
    const next = conversation.prompt();
    expect(startsWith(next, compacted)).toBe(true);
    expect(next.filter((line) => line === message)).toHaveLength(1);
    expect(instructionCalls(workspace)).toEqual([]);
  });

  it('describes every loaded file with its reason and trigger', async () => {
    const { conversation, session } = await setup();
    expect(session.describe()).toBe('No nested instruction files loaded.');
    await conversation.call('read_file', { path: 'nested/deep/file.ts' });
    expect(session.describe()).toBe(
      [
        'Loaded context files:',
        '- nested/AGENTS.md (nested, after read_file nested/deep/file.ts (call_1))',
        '- nested/deep/CLAUDE.md (nested, after read_file nested/deep/file.ts (call_1))',
      ].join('\n'),
    );
  });
});
