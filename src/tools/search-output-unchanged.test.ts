import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.js';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { localShellExec } from '../workspace/shell/shell-exec.test-support.js';
import { shellWorkspace } from '../workspace/shell/shell-workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { fileTools } from './file-tools.js';

/**
 * The outputs of `search_files` and `find_files` held against the outputs the tools gave before
 * their speed work (recorded in `search-output-unchanged.json` from the code of commit 61f5c0c, run
 * with `UPDATE_SEARCH_OUTPUTS=1`), on a local, a memory and a shell workspace (scanning and not): a generated tree with nested `.gitignore` files (negations,
 * directory-only, anchored and escaped lines), binary files, long lines, CRLF, a BOM, invalid UTF-8,
 * multi-byte text, files over the size limit and over the batch read, symbolic links out of the root
 * and inside it, and more matches than the cap. Any byte of difference fails.
 */

const recordPath = new URL('./search-output-unchanged.json', import.meta.url);

const words = [
  'alpha',
  'Needle',
  'needle',
  'NEEDLE',
  'getTraceById',
  'useEffect',
  'café',
  'naïve',
  '日本語',
  '😀',
  'KELVIN',
  'K',
  'ſtrange',
  '555-1234',
  'x',
  '\t',
  '  ',
  '\uFFFD',
  'function load',
  'function  load',
];

/** The generated tree: text files of every shape, plus the special cases by name. */
function generatedFiles(): Record<string, string | Uint8Array> {
  const random = seededRandom(40);
  const pick = <Value>(values: readonly Value[]): Value => values[Math.floor(random() * values.length)]!;
  const files: Record<string, string | Uint8Array> = {};
  const folders = [
    '',
    'src/',
    'src/deep/er/',
    'packages/api/',
    'packages/api/generated/',
    'docs/',
    'build/',
    'node_modules/pkg/',
    'logs/',
    'src/build/',
    'vendor/keep/',
  ];
  for (let index = 0; index < 240; index += 1) {
    const lineCount = Math.floor(random() * 12);
    const lines: string[] = [];
    for (let line = 0; line < lineCount; line += 1) {
      const wordCount = Math.floor(random() * 8);
      const parts: string[] = [];
      for (let word = 0; word < wordCount; word += 1) parts.push(pick(words));
      lines.push(parts.join(pick([' ', '', '.', '('])));
    }
    const ending = pick(['\n', '\n', '\r\n', '']);
    const trailing = pick(['', ending, `${ending}${ending}`]);
    const extension = pick(['.ts', '.md', '.log', '.tmp', '.txt', '.json']);
    files[`${pick(folders)}file-${index}${extension}`] = `${lines.join(ending)}${trailing}`;
  }
  Object.assign(files, {
    '.gitignore':
      'node_modules/\n*.log\n/build\n!keep.log\ndist\n# a comment\n\\#hash.txt\nvendor/*\n!vendor/keep\ntrailing.txt   \n',
    'packages/api/.gitignore': 'generated/\n*.tmp\n!important.tmp\n/local-only.ts\n',
    'packages/api/important.tmp': 'needle kept by a negation\n',
    'packages/api/local-only.ts': 'needle ignored by an anchored line\n',
    'packages/api/sub/local-only.ts': 'needle not ignored: anchored lines stay at their level\n',
    'logs/keep.log': 'needle in a re-included log\n',
    '#hash.txt': 'needle ignored by an escaped pattern\n',
    'trailing.txt': 'needle ignored despite trailing spaces in the pattern\n',
    'src/dist': 'needle: a file named dist is ignored too\n',
    'bom.ts': '\uFEFFneedle after a byte order mark\n\uFEFFneedle not at the start\n',
    'crlf.ts': 'first\r\nneedle on a CRLF line\r\n\r\nlast needle\r\n',
    'cr-only.ts': 'needle\rwith a lone CR\rneedle again\n',
    'invalid-utf8.ts': Buffer.concat([
      Buffer.from('needle before '),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(' needle after\n\xe9 bad lead then needle\n', 'latin1'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('needle right after a cut sequence\n'),
    ]),
    'binary.bin': Buffer.concat([Buffer.from('needle\n'), Buffer.from([0, 1, 2]), Buffer.from('needle\n')]),
    'late-nul.ts': Buffer.concat([
      Buffer.from(`${'a'.repeat(9000)}\n`),
      Buffer.from([0]),
      Buffer.from('needle after a late NUL\n'),
    ]),
    'long-line.ts': `${'x'.repeat(495)}😀😀needle${'y'.repeat(600)}\nshort needle\n`,
    'long-line-exact.ts': `${'z'.repeat(494)}needle\n${'z'.repeat(495)}needle\n`,
    'many.ts': Array.from({ length: 150 }, (_, index) => `needle ${index} getTraceById`).join('\n'),
    'big.ts': `${'filler line without the word\n'.repeat(12_000)}needle at the end of a file over 256 KiB\n`,
    'huge.ts': `needle in a file over the size limit\n${'z'.repeat(600_000)}\n`,
    'empty.ts': '',
    'only-newline.ts': '\n',
    'no-final-newline.ts': 'needle without a final newline',
    'unicode/日本語.ts': 'needle 日本語 café\n',
    'unicode/café.md': 'Café NEEDLE\n',
    'src/deep/er/est/leaf.ts': 'export function  load() { return "needle"; }\n',
  });
  return files;
}

const symlinks = {
  'link-out.ts': '../outside/secret.ts',
  'link-out-directory': '../outside',
  'link-in.ts': 'bom.ts',
  'src/link-up': '..',
};

const searches: Array<{ pattern: string; path?: string; glob?: string; ignoreCase?: boolean }> = [
  { pattern: 'needle' },
  { pattern: 'needle', ignoreCase: true },
  { pattern: 'NEEDLE' },
  { pattern: 'getTraceById' },
  { pattern: 'useEffect' },
  { pattern: 'no such text anywhere' },
  { pattern: 'café' },
  { pattern: 'CAFÉ', ignoreCase: true },
  { pattern: '日本語' },
  { pattern: '😀' },
  { pattern: '\uFFFD' },
  { pattern: '\uFEFFneedle' },
  { pattern: 'kelvin', ignoreCase: true },
  { pattern: 'strange', ignoreCase: true },
  { pattern: 'function\\s+load' },
  { pattern: 'function  load' },
  { pattern: 'nee+dle' },
  { pattern: '[0-9]{3}-[0-9]{4}' },
  { pattern: '^needle' },
  { pattern: 'needle$' },
  { pattern: '^$' },
  { pattern: 'a\\.b|needle' },
  { pattern: 'Needle', ignoreCase: true, glob: '*.md' },
  { pattern: 'needle', path: 'packages/api' },
  { pattern: 'needle', path: 'src', glob: '**/*.ts' },
  { pattern: 'needle', path: 'unicode' },
  { pattern: 'x' },
  { pattern: '\t' },
];

const finds: Array<{ pattern: string; path?: string }> = [
  { pattern: '**/*' },
  { pattern: '**/*.ts' },
  { pattern: '*.ts' },
  { pattern: 'src/**/*.ts' },
  { pattern: '**/file-1*.{md,txt}' },
  { pattern: '**/*.log' },
  { pattern: '**/*', path: 'packages/api' },
  { pattern: '**/no-such-file' },
];

/** The calls also made over a shell workspace that cannot scan (positions in searches, then finds). */
const shellCalls = [0, 1, 10, 17, 22, 29];

/**
 * Every search and find, its output and the paths it reported as touched, in call order; with
 * `calls`, only the calls at those positions.
 */
async function outputsOf(workspace: Workspace, calls?: readonly number[]): Promise<string[]> {
  let touched: unknown;
  const session = createContextSession({
    workspace,
    capabilities: [
      fileTools({ maxMatches: 60, maxPaths: 150, maxSearchFileBytes: 512 * 1024 }),
      {
        name: 'touch_recorder',
        afterToolCall(_call, result) {
          touched = result.touched;
        },
      },
    ],
  });
  const run = await session.startRun();
  const outputs: string[] = [];
  let id = 0;
  const call = async (toolName: string, input: object) => {
    const result = await run.executeTool({ id: `call_${++id}`, toolName, input });
    const heading = `${toolName} ${JSON.stringify(input)}${result.isError ? ' (error)' : ''}`;
    outputs.push(`${heading}\n${String(result.output)}\ntouched: ${JSON.stringify(touched)}`);
  };
  const all = [
    ...searches.map((search) => ['search_files', search] as const),
    ...finds.map((find) => ['find_files', find] as const),
  ];
  for (const [position, [toolName, input]] of all.entries()) {
    if (calls === undefined || calls.includes(position)) await call(toolName, input);
  }
  return outputs;
}

let tree: TemporaryTree;
let root: string;
beforeAll(async () => {
  tree = await createTemporaryTree({ 'outside/secret.ts': 'needle outside the root\n' });
  root = path.join(tree.root, 'repo');
  await fs.mkdir(root);
  for (const [name, content] of Object.entries(generatedFiles())) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
  for (const [link, target] of Object.entries(symlinks)) await fs.symlink(target, path.join(root, link));
});
afterAll(async () => {
  await tree.remove();
});

/** The outputs recorded at 61f5c0c, before the speed work. */
function recordedOutputs(): Record<'local' | 'memory', string[]> {
  return JSON.parse(readFileSync(recordPath, 'utf8')) as Record<'local' | 'memory', string[]>;
}

describe('search_files and find_files output', () => {
  it('is byte-identical to the recorded outputs on a local, a memory and a shell workspace', async () => {
    const local = await outputsOf(localWorkspace(root));
    const memory = await outputsOf(memoryWorkspace(generatedFiles()));
    // Over a shell: every call, each searching the scan of its tree (find and grep in one script).
    const shell = await outputsOf(shellWorkspace({ root, exec: localShellExec() }));
    if (process.env.UPDATE_SEARCH_OUTPUTS === '1') {
      writeFileSync(recordPath, `${JSON.stringify({ local, memory }, null, 2)}\n`);
    }
    const recorded = recordedOutputs();
    expect(local).toEqual(recorded.local);
    expect(memory).toEqual(recorded.memory);
    expect(shell).toEqual(recorded.local);
  });

  // A shell that cannot scan takes one `sh` per folder and per batch of files, each script running a
  // command per file: 127 scripts for these calls, measured at 22 to 25 s on a 2-core machine, hence
  // a test of its own with room to spare.
  it('is byte-identical to the recorded local outputs over a shell that cannot scan', async () => {
    const walked = await outputsOf(
      { ...shellWorkspace({ root, exec: localShellExec() }), scanTree: undefined },
      shellCalls,
    );
    expect(walked).toEqual(shellCalls.map((position) => recordedOutputs().local[position]));
  }, 120_000);
});
