import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import type { ToolExecutionContext } from '../session/capability.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { platformVerification } from '../workspace/open-verified.js';
import { treeReaderOf } from '../workspace/tree-reading.js';
import type { Workspace } from '../workspace/workspace.js';
import { findFilesTool } from './find-files-tool.js';
import { searchFilesTool } from './search-files-tool.js';

/**
 * The local disk's walks go through its tree reader (synchronous listings and reads through held
 * descriptors); any other workspace, a plain copy of the same local workspace's calls included,
 * goes the batched, asynchronous way. Both must answer byte for byte alike: the same lines, the same
 * stop, the same closing line (what the walk passed over up to the stop's batch of 128 files), the
 * same touches.
 */

/** Files, ignored files, links and binary files spread so that stops fall in different batches. */
function treeFiles(): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = {
    '.gitignore': 'ignored-*\n*.log\nbuild/\n!keep.log\n',
    'keep.log': 'needle kept by a negation\n',
    'binary.bin': new Uint8Array([110, 101, 101, 100, 108, 101, 0, 1, 2]),
  };
  // 70 folders, more than the directories a reading holds open, with the root's last files after
  // them: the root is opened again by its real path to read those.
  for (let folder = 0; folder < 70; folder += 1) {
    const name = `d${String(folder).padStart(2, '0')}`;
    for (let file = 0; file < 6; file += 1) {
      files[`${name}/f${file}.txt`] = `line one\nneedle ${folder}-${file}\nmore\r\nneedle again ${file}\n`;
    }
    files[`${name}/ignored-${folder}.txt`] = 'needle ignored\n';
    files[`${name}/run.log`] = 'needle in a log\n';
    if (folder % 10 === 0) files[`${name}/build/out.txt`] = 'needle built\n';
    if (folder % 7 === 0) files[`${name}/nested/.gitignore`] = '*.md\n';
    if (folder % 7 === 0) files[`${name}/nested/notes.md`] = 'needle in markdown\n';
    if (folder % 7 === 0) files[`${name}/nested/code.ts`] = 'const needle = 1;\n';
  }
  files['zz-last.txt'] = 'needle at the very end\n';
  return files;
}

const symlinks: Record<string, string> = {
  'd03/link.txt': '../zz-last.txt',
  'd40/out': '/etc',
  alias: 'd10',
};

/** The tool's output and the paths it touched. */
async function run(
  tool: ReturnType<typeof searchFilesTool> | ReturnType<typeof findFilesTool>,
  input: Record<string, unknown>,
): Promise<{ output: string; touched: string[] }> {
  const touched: string[] = [];
  const context = {
    callId: 'call',
    touch: (path: string) => touched.push(path),
  } as Partial<ToolExecutionContext>;
  const output = await tool.execute({ path: '.', ...input } as never, context as ToolExecutionContext);
  return { output, touched };
}

/** The same workspace's calls in a new object: no tree reader, so the batched way. */
function withoutTreeReader(workspace: Workspace): Workspace {
  return { ...workspace };
}

describe.runIf(platformVerification === 'descriptor-path')('walks through the tree reader', () => {
  let tree: TemporaryTree;
  beforeAll(async () => {
    tree = await createTemporaryTree(treeFiles(), { symlinks });
  });
  afterAll(() => tree.remove());

  it('the local disk has a tree reader, a copy of its calls has none', () => {
    const workspace = localWorkspace(tree.root);
    expect(treeReaderOf(workspace)).toBeDefined();
    expect(treeReaderOf(withoutTreeReader(workspace))).toBeUndefined();
  });

  it('search_files answers as the batched search does, stopped anywhere', async () => {
    const workspace = localWorkspace(tree.root);
    const batched = withoutTreeReader(workspace);
    const inputs = [
      { pattern: 'needle' },
      { pattern: 'needle', glob: '**/*.txt' },
      { pattern: 'needle \\d+-[0-5]' },
      { pattern: 'NEEDLE', ignoreCase: true, path: 'd07' },
      { pattern: 'no such line' },
      { pattern: '^more$' },
    ];
    for (const maxMatches of [1, 7, 130, 260, 700, 1_000]) {
      for (const input of inputs) {
        const ours = await run(searchFilesTool(workspace, { maxMatches }), input);
        const theirs = await run(searchFilesTool(batched, { maxMatches }), input);
        expect(ours, `${JSON.stringify(input)} at most ${maxMatches}`).toEqual(theirs);
      }
    }
  });

  it('answers alike from a package as working directory and through a linked folder', async () => {
    const workspace = localWorkspace(tree.root, { cwd: 'd07' });
    const inputs = [
      { pattern: 'needle', path: '.' },
      { pattern: 'needle', path: '../alias' },
      { pattern: 'needle', path: '..', glob: '**/nested/*' },
    ];
    for (const input of inputs) {
      const ours = await run(searchFilesTool(workspace, { maxMatches: 40 }), input);
      expect(ours, JSON.stringify(input)).toEqual(
        await run(searchFilesTool(withoutTreeReader(workspace), { maxMatches: 40 }), input),
      );
      const found = await run(findFilesTool(workspace), { pattern: '**/*', path: input.path });
      expect(found).toEqual(
        await run(findFilesTool(withoutTreeReader(workspace)), { pattern: '**/*', path: input.path }),
      );
    }
    expect(
      (await run(searchFilesTool(workspace), { pattern: 'needle 10-', path: '../alias' })).output,
    ).toContain('needle 10-0');
  });

  it('find_files answers as the batched walk does', async () => {
    const workspace = localWorkspace(tree.root);
    for (const pattern of ['**/*', '**/*.txt', '*.log', 'd0*/**/*.ts']) {
      const ours = await run(findFilesTool(workspace, { maxPaths: 50 }), { pattern });
      expect(ours).toEqual(
        await run(findFilesTool(withoutTreeReader(workspace), { maxPaths: 50 }), { pattern }),
      );
    }
  });

  it('closes every descriptor it opened, whether the search finishes, stops or fails', async () => {
    const workspace = localWorkspace(tree.root);
    const descriptors = () => readdirSync('/proc/self/fd').length;
    const before = descriptors();
    await run(searchFilesTool(workspace), { pattern: 'needle' });
    await run(searchFilesTool(workspace, { maxMatches: 3 }), { pattern: 'needle' });
    await run(findFilesTool(workspace), { pattern: '**/*' });
    await expect(run(searchFilesTool(workspace), { pattern: 'needle', path: 'd00/f0.txt' })).rejects.toThrow(
      /not a directory/,
    );
    expect(descriptors()).toBe(before);
  });

  it('counts a file that cannot be read as unreadable, as the batched search does', async () => {
    const workspace = localWorkspace(tree.root);
    await fs.chmod(tree.at('d05/f2.txt'), 0o000);
    try {
      const ours = await run(searchFilesTool(workspace), { pattern: 'needle', path: 'd05' });
      expect(ours).toEqual(
        await run(searchFilesTool(withoutTreeReader(workspace)), { pattern: 'needle', path: 'd05' }),
      );
      if (process.getuid?.() !== 0) expect(ours.output).toContain('1 unreadable files');
    } finally {
      await fs.chmod(tree.at('d05/f2.txt'), 0o644);
    }
  });
});
