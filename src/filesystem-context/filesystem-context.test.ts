import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import { fakeRun } from './fake-run.test-support.js';
import { filesystemContext } from './filesystem-context.js';

async function project(files: Record<string, string>): Promise<string> {
  const root = await useTemporaryDirectory();
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

async function instructionsOf(capability: ReturnType<typeof filesystemContext>, root: string) {
  const { run, events } = fakeRun(localWorkspace(root));
  const blocks = (await capability.instructions?.(run)) as string[];
  return { blocks, events };
}

describe('filesystemContext include', () => {
  it('includes an existing file and skips a missing one with a diagnostic', async () => {
    const root = await project({ 'AGENTS.md': 'Use pnpm.\n' });
    const { blocks, events } = await instructionsOf(
      filesystemContext({ include: ['AGENTS.md', 'MISSING.md'] }),
      root,
    );
    expect(blocks).toEqual(['<context-file path="AGENTS.md">\nUse pnpm.\n</context-file>']);
    const skipped = events.find((event) => event.type === 'skipped');
    expect(skipped).toMatchObject({
      reason: 'include',
      path: 'MISSING.md',
      capability: 'filesystem-context',
    });
    expect(skipped?.diagnostic).toMatchObject({ severity: 'error', code: 'missing-file' });
    expect(events.find((event) => event.type === 'loaded')).toMatchObject({
      path: 'AGENTS.md',
      reason: 'include',
    });
  });

  it('renders included files in the order given, joined by a blank line', async () => {
    const root = await project({ 'b.md': 'B', 'docs/a.md': 'A\r\n' });
    const { blocks } = await instructionsOf(filesystemContext({ include: ['b.md', 'docs/a.md'] }), root);
    expect(blocks[0]).toBe(
      '<context-file path="b.md">\nB\n</context-file>\n\n<context-file path="docs/a.md">\nA\n</context-file>',
    );
  });

  it('cuts the file that crosses maxChars with a marker and names the files after it in a note', async () => {
    const root = await project({ 'one.md': 'x'.repeat(60), 'two.md': 'y'.repeat(80), 'three.md': 'z' });
    const capability = filesystemContext({ include: ['one.md', 'two.md', 'three.md'], maxChars: 100 });
    const { blocks, events } = await instructionsOf(capability, root);
    expect(blocks[0]).toBe(
      [
        `<context-file path="one.md">\n${'x'.repeat(60)}\n</context-file>`,
        `<context-file path="two.md">\n${'y'.repeat(40)}\n[truncated: 40 characters of two.md omitted]\n</context-file>`,
        '[not included, over the 100-character budget: three.md]',
      ].join('\n\n'),
    );
    expect(events.filter((event) => event.type === 'cut').map((event) => event.path)).toEqual(['two.md']);
    const loaded = events.filter((event) => event.type === 'loaded').map((event) => event.path);
    expect(loaded).toEqual(['one.md', 'two.md']);
    const dropped = events.find((event) => event.diagnostic?.code === 'over-budget');
    expect(dropped).toMatchObject({ type: 'skipped', path: 'three.md' });
  });

  it('never cuts inside a surrogate pair', async () => {
    const root = await project({ 'emoji.md': '😀'.repeat(10) });
    const { blocks } = await instructionsOf(filesystemContext({ include: ['emoji.md'], maxChars: 5 }), root);
    expect(blocks[0]).toContain(`\n${'😀'.repeat(2)}\n[truncated: 16 characters of emoji.md omitted]`);
  });

  it('skips directories, binary files and paths outside the workspace, each with a diagnostic', async () => {
    const root = await project({ 'docs/x.md': 'x', 'image.bin': 'PNG\0data', 'AGENTS.md': 'ok' });
    const include = ['docs', 'image.bin', '../outside.md', 'AGENTS.md'];
    const { blocks, events } = await instructionsOf(filesystemContext({ include }), root);
    expect(blocks).toEqual(['<context-file path="AGENTS.md">\nok\n</context-file>']);
    const codes = events.filter((event) => event.type === 'skipped').map((event) => event.diagnostic?.code);
    expect(codes).toEqual(['not-a-file', 'binary-file', 'path-outside-workspace']);
  });

  it('reads once per run: every call of a run gets the same bytes, the next run sees edits', async () => {
    const root = await project({ 'AGENTS.md': 'first' });
    const workspace = recordingWorkspace(localWorkspace(root));
    const capability = filesystemContext({ include: ['AGENTS.md'], listing: true });
    const first = fakeRun(workspace, 1);
    const before = await capability.instructions?.(first.run);
    await writeFile(path.join(root, 'AGENTS.md'), 'second');
    await writeFile(path.join(root, 'new.txt'), '');
    expect(await capability.instructions?.(first.run)).toEqual(before);
    expect(workspace.calls.filter((call) => call.method === 'readFile')).toHaveLength(1);
    const second = await capability.instructions?.(fakeRun(workspace, 2).run);
    expect(second).toEqual([
      '<context-file path="AGENTS.md">\nsecond\n</context-file>',
      '<listing directory=".">\nAGENTS.md\nnew.txt\n</listing>',
    ]);
  });

  it('has no instructions hook without include or listing', () => {
    expect(filesystemContext({ offload: true }).instructions).toBeUndefined();
  });
});

describe('filesystemContext listing', () => {
  it('lists the directory after the included files, as a separate block, directories marked', async () => {
    const root = await project({ 'AGENTS.md': 'Use pnpm.', 'src/index.ts': '', '.env.example': '' });
    const { blocks } = await instructionsOf(
      filesystemContext({ include: ['AGENTS.md'], listing: true }),
      root,
    );
    expect(blocks[1]).toBe('<listing directory=".">\n.env.example\nAGENTS.md\nsrc/\n</listing>');
  });

  it('shows maxEntries entries and counts the rest', async () => {
    const root = await project(
      Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`file-${index}.txt`, ''])),
    );
    const capability = filesystemContext({ listing: { maxEntries: 3 } });
    const { blocks, events } = await instructionsOf(capability, root);
    expect(blocks).toEqual([
      '<listing directory=".">\nfile-0.txt\nfile-1.txt\nfile-2.txt\n[4 more]\n</listing>',
    ]);
    expect(events.find((event) => event.type === 'cut')?.diagnostic?.code).toBe('listing-cut');
  });

  it('counts the listing in the maxChars budget left by the included files', async () => {
    const root = await project({ 'AGENTS.md': 'x'.repeat(20), 'b.txt': '', 'c.txt': '' });
    const capability = filesystemContext({ include: ['AGENTS.md'], listing: true, maxChars: 35 });
    const { blocks } = await instructionsOf(capability, root);
    expect(blocks[1]).toBe('<listing directory=".">\nAGENTS.md\nb.txt\n[1 more]\n</listing>');
  });

  it('lists a subdirectory and follows a symlink to a directory', async () => {
    const root = await project({ 'packages/app/index.ts': '', 'packages/lib/x.ts': '' });
    const { symlink } = await import('node:fs/promises');
    await symlink('lib', path.join(root, 'packages/linked'));
    const { blocks } = await instructionsOf(filesystemContext({ listing: { directory: 'packages' } }), root);
    expect(blocks).toEqual(['<listing directory="packages">\napp/\nlib/\nlinked/\n</listing>']);
  });

  it('skips a missing directory with a diagnostic instead of throwing', async () => {
    const root = await project({});
    const { blocks, events } = await instructionsOf(
      filesystemContext({ listing: { directory: 'nope' } }),
      root,
    );
    expect(blocks).toEqual([]);
    expect(events[0]).toMatchObject({ type: 'skipped', reason: 'listing', path: 'nope' });
  });
});

describe('filesystemContext construction', () => {
  it('throws a clear error when offloading without a writable workspace', () => {
    const workspace = memoryWorkspace({}, { writable: false });
    expect(() => filesystemContext({ workspace, offload: true })).toThrow(
      expect.objectContaining({
        code: 'workspace-not-writable',
        message: expect.stringContaining('writeFile'),
      }),
    );
    expect(() => filesystemContext({ workspace, include: ['AGENTS.md'] })).not.toThrow();
  });

  it('checks the session workspace at run start when none was given', async () => {
    const capability = filesystemContext({ offload: true });
    const { run } = fakeRun(memoryWorkspace({}, { writable: false }));
    expect(() => capability.onRunStart?.(run)).toThrow(
      expect.objectContaining({ code: 'workspace-not-writable' }),
    );
  });

  it('refuses an offload directory outside the workspace and invalid numbers', () => {
    const workspace = memoryWorkspace({});
    expect(() => filesystemContext({ workspace, offload: { directory: '../elsewhere' } })).toThrow(
      expect.objectContaining({ code: 'path-outside-workspace' }),
    );
    expect(() => filesystemContext({ offload: { overChars: -1 } })).toThrow(
      expect.objectContaining({ code: 'invalid-option' }),
    );
    expect(() => filesystemContext({ maxChars: 1.5 })).toThrow(
      expect.objectContaining({ code: 'invalid-option' }),
    );
  });
});
