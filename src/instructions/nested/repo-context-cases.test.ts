import { describe, expect, it } from 'vitest';
import { createContextSession } from '../../session/context-session.js';
import { ScriptedConversation } from '../../session/scripted-conversation.test-support.js';
import { currentTree, hiddenOf, hostTool, repoContextOptions, setup } from './nested-fixture.test-support.js';
import { nestedInstructions } from './nested-instructions.js';

describe('nestedInstructions (RepoContext cases)', () => {
  it('injects RepoContext pointer text in pointer mode', async () => {
    const { conversation } = await setup(repoContextOptions);
    await conversation.call('list_directory', { path: 'pkg' }, hostTool('main.py'));
    expect(hiddenOf(conversation.prompt())).toEqual([
      'hidden: <repo-context>This directory has CLAUDE.md (pkg/CLAUDE.md). Read it if relevant to your task.</repo-context>',
    ]);
  });

  it('injects the file contents in contents mode', async () => {
    const { conversation } = await setup({ ...repoContextOptions, inject: 'contents' });
    await conversation.call('list_directory', { path: 'pkg' }, hostTool('main.py'));
    const [message] = hiddenOf(conversation.prompt());
    expect(message).toMatch(/\n\n<context-file path="pkg\/CLAUDE.md">\npkg rules\n<\/context-file>$/);
  });

  it('surfaces a directory once per session', async () => {
    const { conversation } = await setup(repoContextOptions);
    await conversation.call('list_directory', { path: 'pkg' }, hostTool());
    await conversation.call('read_file', { path: 'pkg/main.py' }, hostTool());
    await conversation.call('list_directory', { path: 'pkg/' }, hostTool());
    expect(hiddenOf(conversation.prompt())).toHaveLength(1);
  });

  it('ignores other tools', async () => {
    const { conversation, workspace } = await setup(repoContextOptions);
    await conversation.call('grep', { path: 'pkg' }, hostTool());
    expect(hiddenOf(conversation.prompt())).toEqual([]);
    expect(workspace.calls).toEqual([]);
  });

  it('ignores a path argument that is not a string', async () => {
    const { conversation, workspace } = await setup(repoContextOptions);
    await conversation.call('read_file', { path: 42 }, hostTool());
    await conversation.call('list_directory', { path: ['pkg'] }, hostTool());
    await conversation.call('list_directory', 'pkg', hostTool());
    expect(hiddenOf(conversation.prompt())).toEqual([]);
    expect(workspace.calls).toEqual([]);
  });

  it('remembers a directory without a file as checked', async () => {
    const { conversation, workspace } = await setup(repoContextOptions);
    await conversation.call('list_directory', { path: 'empty' }, hostTool());
    // One listing of the directory for every name and rule folder.
    expect(workspace.calls.map((call) => [call.method, call.path])).toEqual([
      ['listDirectories', `${currentTree().root}/empty`],
    ]);
    workspace.clearCalls();
    await conversation.call('list_directory', { path: 'empty' }, hostTool());
    expect(workspace.calls).toEqual([]);
    expect(hiddenOf(conversation.prompt())).toEqual([]);
  });

  it('surfaces the parent directory of a file path', async () => {
    const { conversation } = await setup(repoContextOptions);
    await conversation.call('read_file', { path: 'pkg/main.py' }, hostTool());
    expect(hiddenOf(conversation.prompt())[0]).toContain('(pkg/CLAUDE.md)');
  });

  it('leaves structured results untouched in in-tool-result mode and delivers after them instead', async () => {
    const { conversation } = await setup({ ...repoContextOptions, delivery: 'in-tool-result' });
    const structured = { entries: ['main.py'] };
    const result = await conversation.call('list_directory', { path: 'pkg' }, hostTool(structured));
    expect(result.output).toBe(structured);
    expect(result.output).toEqual({ entries: ['main.py'] });
    expect(hiddenOf(conversation.prompt())).toHaveLength(1);
  });

  it('appends to a string result in in-tool-result mode', async () => {
    const { conversation } = await setup({ ...repoContextOptions, delivery: 'in-tool-result' });
    const result = await conversation.call('read_file', { path: 'pkg/main.py' });
    expect(result.output).toBe(
      'print(1)\n\n\n<repo-context>This directory has CLAUDE.md (pkg/CLAUDE.md). Read it if relevant to your task.</repo-context>',
    );
    expect(hiddenOf(conversation.prompt())).toEqual([]);
  });

  it('keeps sessions apart when they share one capability object', async () => {
    const capability = nestedInstructions(repoContextOptions);
    const first = await setup(repoContextOptions, capability);
    await first.conversation.call('list_directory', { path: 'pkg' }, hostTool());
    const second = createContextSession({ workspace: first.workspace, capabilities: [capability] });
    const conversation = new ScriptedConversation(second, await second.startRun());
    await conversation.call('list_directory', { path: 'pkg' }, hostTool());
    expect(hiddenOf(conversation.prompt())).toHaveLength(1);
    expect(hiddenOf(first.conversation.prompt())).toHaveLength(1);
  });
});
