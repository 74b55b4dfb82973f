import { describe, expect, it } from 'vitest';
import { currentTree, hiddenOf, hostTool, setup } from './nested-fixture.test-support.js';

describe('nestedInstructions (defaults: chain scope, contents, after the tool result)', () => {
  it('surfaces every directory from the cwd down to the touched one, outermost first', async () => {
    const { conversation, session } = await setup();
    await conversation.call('read_file', { path: 'pkg/sub/deep/file.ts' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'pkg/CLAUDE.md',
      'pkg/sub/AGENTS.md',
      'pkg/sub/deep/AGENTS.md',
      'pkg/sub/deep/CLAUDE.md',
    ]);
    const [message] = hiddenOf(conversation.prompt());
    expect(message!.indexOf('pkg rules')).toBeLessThan(message!.indexOf('deep claude rules'));
  });

  it('costs no filesystem call for a touch in a checked directory', async () => {
    const { conversation, workspace } = await setup();
    await conversation.call('read_file', { path: 'pkg/sub/deep/file.ts' }, hostTool());
    expect(workspace.calls.length).toBeGreaterThan(0);
    workspace.clearCalls();
    await conversation.call('read_file', { path: 'pkg/sub/other.ts' }, hostTool());
    await conversation.call('list_directory', { path: 'pkg/sub/deep' }, hostTool());
    await conversation.session.touch('pkg/sub/deep', { kind: 'directory' });
    expect(workspace.calls).toEqual([]);
  });

  it('answers a touch written with a trailing .. by its real directory, not the one it passes through', async () => {
    const { conversation, session } = await setup({ scope: 'directory' });
    await conversation.call('read_file', { path: 'pkg/sub/deep/file.ts' }, hostTool());
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'pkg/sub/deep/AGENTS.md',
      'pkg/sub/deep/CLAUDE.md',
    ]);
    // 'pkg/sub/deep/..' named as a file is pkg/sub, whose directory is pkg: not yet checked.
    await session.touch('pkg/sub/deep/..', { kind: 'file' });
    await session.touch(`${conversation.session.workspace.cwd}/pkg/sub/deep/file.ts`, { kind: 'file' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'pkg/sub/deep/AGENTS.md',
      'pkg/sub/deep/CLAUDE.md',
      'pkg/CLAUDE.md',
    ]);
  });

  it('costs one request for every new directory of a touch: each listed once for every name and rule folder, its files read in it', async () => {
    const { conversation, workspace, session } = await setup();
    await conversation.call('read_file', { path: 'pkg/sub/deep/file.ts' }, hostTool());
    // Three new directories, every candidate (AGENTS.override.md, AGENTS.md, CLAUDE.md,
    // .claude/CLAUDE.md, CLAUDE.local.md, GEMINI.md) and the rule folders read in subfolders
    // (.cursor/rules, .windsurf/rules) of each: one listing each, in one batch.
    expect(workspace.calls.map((call) => [call.method, call.paths])).toEqual([
      [
        'listDirectories',
        ['pkg', 'pkg/sub', 'pkg/sub/deep'].map((where) => `${currentTree().root}/${where}`),
      ],
    ]);
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'pkg/CLAUDE.md',
      'pkg/sub/AGENTS.md',
      'pkg/sub/deep/AGENTS.md',
      'pkg/sub/deep/CLAUDE.md',
    ]);
  });

  it('costs a workspace without batches one realpath and one readdir per new directory, a stat and a read per file found', async () => {
    const options = {};
    const { conversation, workspace, session } = await setup(options, undefined, { batches: false });
    await conversation.call('read_file', { path: 'pkg/sub/deep/file.ts' }, hostTool());
    const count = (method: string) => workspace.calls.filter((call) => call.method === method).length;
    expect([count('realpath'), count('readdir'), count('stat'), count('readFile')]).toEqual([3, 3, 4, 4]);
    expect(workspace.calls).toHaveLength(14);
    expect(session.loadedFiles()).toHaveLength(4);
  });

  it('delivers a directory once when parallel calls touch it', async () => {
    const { conversation, session, run } = await setup();
    await Promise.all([
      run.executeTool({ id: 'a', toolName: 'read_file', input: { path: 'pkg/main.py' } }),
      run.executeTool({ id: 'b', toolName: 'read_file', input: { path: 'pkg/main.py' } }),
      run.executeTool({ id: 'c', toolName: 'list_directory', input: { path: 'pkg' } }),
    ]);
    expect(session.loadedFiles().map((file) => file.path)).toEqual(['pkg/CLAUDE.md']);
    const history = ['a', 'b', 'c'].map((key) => ({ role: 'tool' as const, text: key, key }));
    conversation.history.push(...history);
    expect(hiddenOf(conversation.prompt())).toHaveLength(1);
  });

  it('surfaces files named by session.touch, finding out the kind with one stat', async () => {
    const { session, workspace, conversation } = await setup();
    await session.touch('pkg/sub', 'the host opened pkg/sub');
    expect(workspace.calls[0]).toMatchObject({ method: 'stat', resolved: `${currentTree().root}/pkg/sub` });
    expect(workspace.calls.filter((call) => call.resolved === `${currentTree().root}/pkg/sub`)).toHaveLength(
      1,
    );
    expect(session.loadedFiles()).toEqual([
      {
        path: 'pkg/CLAUDE.md',
        reason: 'nested',
        capability: 'nested-instructions',
        trigger: 'the host opened pkg/sub',
      },
      {
        path: 'pkg/sub/AGENTS.md',
        reason: 'nested',
        capability: 'nested-instructions',
        trigger: 'the host opened pkg/sub',
      },
    ]);
    await conversation.user('hello');
    expect(hiddenOf(conversation.prompt())).toHaveLength(1);
  });

  it('surfaces an @path mention that names an existing file, and ignores one that does not', async () => {
    const { session, conversation } = await setup();
    await conversation.user('Compare @pkg/main.py with @pkg/sub/missing.ts, please.');
    expect(session.loadedFiles().map((file) => file.path)).toEqual(['pkg/CLAUDE.md']);
    const prompt = conversation.prompt();
    expect(prompt[1]).toMatch(/^hidden: /);
  });

  it('skips a file whose text equals one already surfaced', async () => {
    const { conversation, events } = await setup();
    await conversation.call('read_file', { path: 'pkg/main.py' });
    await conversation.call('list_directory', { path: 'twin' });
    expect(hiddenOf(conversation.prompt())).toHaveLength(1);
    expect(events.find((event) => event.diagnostic?.code === 'duplicate')?.message).toBe(
      'twin/AGENTS.md has the same text as pkg/CLAUDE.md; skipped.',
    );
  });

  it('cuts a file over maxChars with a visible marker and a cut event', async () => {
    const { conversation, events } = await setup({ maxChars: 4 });
    await conversation.call('read_file', { path: 'pkg/main.py' });
    const [message] = hiddenOf(conversation.prompt());
    expect(message).toContain(
      '<context-file path="pkg/CLAUDE.md">\npkg \n[truncated: 5 characters of pkg/CLAUDE.md omitted]\n</context-file>',
    );
    expect(events.some((event) => event.type === 'cut' && event.path === 'pkg/CLAUDE.md')).toBe(true);
  });

  it('reads touched paths with an extractor function', async () => {
    const extractPaths = (call: { toolName: string; input: unknown }) =>
      call.toolName === 'open_files' ? (call.input as { files: string[] }).files : undefined;
    const { conversation, session } = await setup({ extractPaths });
    await conversation.call('open_files', { files: ['pkg/main.py', 'empty/readme.txt'] }, hostTool());
    await conversation.call('read_file', { path: 'pkg/sub/deep/file.ts' }, hostTool());
    expect(session.loadedFiles().map((file) => file.path)).toEqual(['pkg/CLAUDE.md']);
  });

  it('re-anchors the consolidated message after the newest tool result on a new file only', async () => {
    const { conversation } = await setup({ delivery: 'consolidated' });
    await conversation.call('read_file', { path: 'pkg/main.py' });
    const first = conversation.prompt();
    expect(first.at(-1)).toMatch(/^hidden: .*pkg rules/s);
    await conversation.call('read_file', { path: 'pkg/main.py' });
    expect(conversation.prompt().at(-3)).toBe(first.at(-1));
    await conversation.call('list_directory', { path: 'pkg/sub' });
    const moved = conversation.prompt();
    expect(hiddenOf(moved)).toHaveLength(1);
    expect(moved.at(-1)).toMatch(/pkg rules[\s\S]*sub rules/);
  });
});
