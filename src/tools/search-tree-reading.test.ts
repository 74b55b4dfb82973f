import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import type { ToolExecutionContext } from '../session/capability.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { platformVerification } from '../workspace/open-verified.js';
import {
  type FileReads,
  overrideSpareCore,
  parallelReadersReady,
} from '../workspace/parallel-entry-reads.js';
import { registerTreeReader, type TreeReading, treeReaderOf } from '../workspace/tree-reading.js';
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
  // Larger than the read worker reads (256 KiB): read here, whole.
  files['d33/large.txt'] = `${'filler line\n'.repeat(30_000)}needle far down\n`;
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

/**
 * The same workspace's calls in a new object whose tree reader is the workspace's, with its worker
 * reads changed by `readElsewhere` (given the reading's own), and each reads started counted.
 */
function withWorkerReads(
  workspace: Workspace,
  readElsewhere: (
    own: NonNullable<TreeReading['readElsewhere']>,
    ...request: Parameters<NonNullable<TreeReading['readElsewhere']>>
  ) => FileReads | undefined,
): { workspace: Workspace; started: () => number } {
  const copy = { ...workspace };
  const reader = treeReaderOf(workspace)!;
  let started = 0;
  registerTreeReader(copy, {
    async open(start) {
      const reading = await reader.open(start);
      return {
        list: (directory) => reading.list(directory),
        read: (path, maxBytes) => reading.read(path, maxBytes),
        close: () => reading.close(),
        readElsewhere(files, options) {
          const reads = readElsewhere(reading.readElsewhere!.bind(reading), files, options);
          if (reads !== undefined) started += 1;
          return reads;
        },
      };
    },
  });
  return { workspace: copy, started: () => started };
}

/** Let the read worker start, and tell every search a core is spare. */
async function workerReady(): Promise<void> {
  overrideSpareCore(true);
  while (!parallelReadersReady()) await new Promise((resolve) => setTimeout(resolve, 5));
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

  const inputs = [
    { pattern: 'needle' },
    { pattern: 'needle', glob: '**/*.txt' },
    { pattern: 'needle \\d+-[0-5]' },
    { pattern: 'NEEDLE', ignoreCase: true, path: 'd07' },
    { pattern: 'no such line' },
    { pattern: '^more$' },
    { pattern: 'far down|built' },
  ];
  const stops = [1, 7, 130, 260, 700, 1_000];

  /** The tool on `workspace` answers as the batched search does, for every input and stop. */
  async function expectSameAsBatched(workspace: Workspace, original: Workspace, maxSearchFileBytes?: number) {
    const batched = withoutTreeReader(original);
    for (const maxMatches of stops) {
      for (const input of inputs) {
        const options = { maxMatches, ...(maxSearchFileBytes === undefined ? {} : { maxSearchFileBytes }) };
        const ours = await run(searchFilesTool(workspace, options), input);
        const theirs = await run(searchFilesTool(batched, options), input);
        expect(ours, `${JSON.stringify(input)} at most ${maxMatches}`).toEqual(theirs);
      }
    }
  }

  it('search_files answers as the batched search does, stopped anywhere, with and without the read worker', async () => {
    const workspace = localWorkspace(tree.root);
    try {
      overrideSpareCore(false);
      await expectSameAsBatched(workspace, workspace);
      await workerReady();
      const counted = withWorkerReads(workspace, (own, ...request) => own(...request));
      await expectSameAsBatched(counted.workspace, workspace);
      // The worker read chunks (the tree has more than 128 files to search).
      expect(counted.started()).toBeGreaterThan(inputs.length);
      // A file over the limit is passed over whoever read the others.
      await expectSameAsBatched(counted.workspace, workspace, 100 * 1024);
    } finally {
      overrideSpareCore(undefined);
    }
  });

  it('answers alike when the worker answers nothing, or late, or no worker can take a chunk', async () => {
    const workspace = localWorkspace(tree.root);
    try {
      await workerReady();
      // Every file left to this thread (a worker gone answers so).
      const nothing = withWorkerReads(workspace, () => {
        const answers = Promise.resolve([]);
        return { take: () => [], answer: answers };
      });
      await expectSameAsBatched(nothing.workspace, workspace);
      expect(nothing.started()).toBeGreaterThan(0);
      // Answers found only when awaited, a while later: this thread searches the chunks after
      // them meanwhile, and keeps every chunk in walk order.
      const late = withWorkerReads(workspace, (own, ...request) => {
        const reads = own(...request);
        if (reads === undefined) return undefined;
        let came: Awaited<FileReads['answer']> | undefined;
        const answer = new Promise<Awaited<FileReads['answer']>>((resolve) =>
          setTimeout(() => resolve(reads.answer), 15),
        ).then((answers) => {
          came = answers;
          return answers;
        });
        return { take: () => came, answer };
      });
      await expectSameAsBatched(late.workspace, workspace);
      expect(late.started()).toBeGreaterThan(0);
      // Refused once: that chunk and the rest are read here.
      const refused = withWorkerReads(workspace, () => undefined);
      await expectSameAsBatched(refused.workspace, workspace);
    } finally {
      overrideSpareCore(undefined);
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
    try {
      await workerReady();
      await run(searchFilesTool(workspace), { pattern: 'needle' });
      await run(searchFilesTool(workspace, { maxMatches: 3 }), { pattern: 'needle' });
    } finally {
      overrideSpareCore(undefined);
    }
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
