import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createContextSession,
  fileTools,
  localWorkspace,
  shellWorkspace,
  type Workspace,
} from '../../src/index.js';
import { countingExec, localShellExec } from '../../src/workspace/shell/shell-exec.test-support.js';
import {
  buildShape,
  type RepositoryShape,
  repositoryShapes,
} from '../repository-shapes/repository-shapes.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { bwrapWorks, sandboxed } from './bwrap-sandbox.js';

// Over a sandbox, `find_files` and `search_files` scan their tree in one script (the sandbox's find
// and grep) and give what the local walk gives: the same files, matches, cuts and closing lines.

const monorepo: RepositoryShape = {
  name: 'a monorepo with installed dependencies, build output and nested .gitignore files',
  files: {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.gitignore': 'node_modules/\ndist\n*.log\n.next/\n',
    'AGENTS.md': 'Use pnpm.\n',
    'node_modules/react/index.js': 'export function useEffect() {}\n',
    'node_modules/react/package.json': '{"name":"react"}\n',
    'dist/bundle.js': 'useEffect(() => getTraceById(1));\n',
    'web/.next/cache/page.js': 'useEffect\n',
    'web/src/page.tsx':
      'import { useEffect } from "react";\nuseEffect(() => {\n  getTraceById(7);\n}, []);\n',
    'web/src/trace.ts':
      'export async function getTraceById(id: string) {\r\n  return fetch("/api/" + id);\r\n}\r\n',
    'web/src/debug.log': 'getTraceById failed\n',
    'web/src/\uFEFFodd name.ts': '\uFEFFgetTraceById at the very start\n',
    'worker/.gitignore': '!dist\ngenerated/\n',
    'worker/dist/kept.js': 'getTraceById from a re-included folder\n',
    'worker/generated/types.ts': 'getTraceById generated\n',
    'worker/src/queue.ts': `${'a'.repeat(700)}getTraceById${'b'.repeat(700)}\nphone 555-1234\n`,
    'worker/src/empty.ts': '',
    'shared/data.bin': '\u0000\u0001getTraceById\u0000',
    'shared/notes.md': 'Call 555-0100 about getTraceById.\nUSEEFFECT in capitals\n',
  },
  links: { 'shared/web-link': '../web', 'shared/outside': '../../elsewhere' },
  cwd: '.',
};

const calls: Array<{ tool: 'search_files' | 'find_files'; input: Record<string, unknown> }> = [
  { tool: 'search_files', input: { pattern: 'getTraceById' } },
  { tool: 'search_files', input: { pattern: 'use[A-Z][a-z]+\\(\\(\\)' } },
  { tool: 'search_files', input: { pattern: '[0-9]{3}-[0-9]{4}' } },
  { tool: 'search_files', input: { pattern: 'useeffect', ignoreCase: true } },
  { tool: 'search_files', input: { pattern: 'no such text' } },
  { tool: 'search_files', input: { pattern: 'getTraceById', path: 'web', glob: '*.ts' } },
  { tool: 'search_files', input: { pattern: 'getTraceById', path: 'shared/web-link' } },
  { tool: 'search_files', input: { pattern: 'x', path: 'missing' } },
  { tool: 'search_files', input: { pattern: 'x', path: 'AGENTS.md' } },
  { tool: 'search_files', input: { pattern: 'x', path: 'shared/outside' } },
  { tool: 'find_files', input: { pattern: '**/*' } },
  { tool: 'find_files', input: { pattern: '**/*.ts', path: 'worker' } },
  { tool: 'find_files', input: { pattern: '*.md', path: 'shared' } },
];

/** Each call's output (errors included) and the round trips it took. */
async function answersOf(workspace: Workspace, exec?: ReturnType<typeof countingExec>) {
  const session = createContextSession({ workspace, capabilities: [fileTools({ maxMatchChars: 120 })] });
  const run = await session.startRun();
  const answers: Array<{ call: string; output: unknown; isError: boolean; execs?: number }> = [];
  for (const [index, { tool, input }] of calls.entries()) {
    exec?.reset();
    const result = await run.executeTool({ id: `call_${index}`, toolName: tool, input });
    answers.push({
      call: `${tool} ${JSON.stringify(input)}`,
      output: result.output,
      isError: result.isError,
      ...(exec === undefined ? {} : { execs: exec.calls }),
    });
  }
  return answers;
}

const withoutCounts = (answers: Awaited<ReturnType<typeof answersOf>>) =>
  answers.map(({ execs: _execs, ...answer }) => answer);

describe('find_files and search_files over shellWorkspace', () => {
  it('give what the local walk gives, in one exec where the scan listed every folder walked', async () => {
    const root = await buildShape(monorepo);
    const local = await answersOf(localWorkspace(root));
    const exec = countingExec(localShellExec());
    const shell = await answersOf(shellWorkspace({ root, exec }), exec);
    expect(withoutCounts(shell)).toEqual(local);
    // Not two empty answers: the ignored folders are passed over, the re-included one is searched.
    const first = String(local[0]!.output);
    expect(first).toContain('worker/dist/kept.js:1:');
    expect(first).not.toContain('node_modules');
    expect(first).toContain('ignored by .gitignore');
    expect(first).toContain('binary files');
    expect(local.filter((answer) => answer.isError).length).toBe(3);
    // One script per call, except from the root: the root .gitignore names `dist`, so the scan left
    // every `dist` folder unlisted, and worker/.gitignore re-includes one: the walk lists it (one
    // exec more) and search_files reads its file (one more). From `worker`, whose own .gitignore
    // re-includes, the scan leaves nothing unlisted.
    expect(shell.map((answer) => `${answer.call} ${answer.execs}`)).toEqual(
      shell.map((answer) => {
        const fromRoot = !answer.isError && pathOf(answer.call) === '.';
        const execs = !fromRoot ? 1 : answer.call.startsWith('search_files') ? 3 : 2;
        return `${answer.call} ${execs}`;
      }),
    );
  });

  it('give what the local walk gives on every repository shape', async () => {
    for (const shape of repositoryShapes) {
      const root = await buildShape(shape);
      const local = await answersOf(localWorkspace(root, { cwd: shape.cwd }));
      const exec = countingExec(localShellExec());
      const shell = await answersOf(shellWorkspace({ root, cwd: shape.cwd, exec }), exec);
      expect(withoutCounts(shell), shape.name).toEqual(local);
      expect(Math.max(...shell.map((answer) => answer.execs!)), shape.name).toBe(1);
    }
  });

  it('read the files instead, to the same answers, when the lines found are over maxScanLineBytes', async () => {
    const root = await buildShape(monorepo);
    const local = await answersOf(localWorkspace(root));
    const exec = countingExec(localShellExec());
    const shell = await answersOf(shellWorkspace({ root, exec, maxScanLineBytes: 64 }), exec);
    expect(withoutCounts(shell)).toEqual(local);
    // The listing still came in the scan; the lines, cut at 64 bytes, were read from the files: a
    // search from the root takes more than its three scripts, a find_files no more than before.
    const searches = shell.filter((answer) => answer.call.startsWith('search_files') && !answer.isError);
    expect(searches.filter((answer) => answer.execs! > 3).length).toBeGreaterThan(0);
    expect(shell.find((answer) => answer.call.startsWith('find_files {"pattern":"**/*"}'))?.execs).toBe(2);
  });

  it('walk with the single calls, to the same answers, in a sandbox whose grep has no -P', async () => {
    const root = await buildShape(monorepo);
    const local = await answersOf(localWorkspace(root));
    const tools = await useTemporaryDirectory('agent-context-tools-');
    await mkdir(tools, { recursive: true });
    const grep = path.join(tools, 'grep');
    await writeFile(grep, '#!/bin/sh\nfor a; do [ "$a" = -P ] && exit 2; done\nexec /usr/bin/grep "$@"\n');
    await chmod(grep, 0o755);
    const exec = countingExec(localShellExec(['env', `PATH=${tools}:${process.env.PATH}`, 'sh']));
    const shell = await answersOf(shellWorkspace({ root, exec }), exec);
    expect(withoutCounts(shell)).toEqual(local);
    // The scan said it could not, and the walk asked folder by folder.
    expect(shell[0]!.execs).toBeGreaterThan(5);
  });

  it.skipIf(!bwrapWorks)(
    'give what the local walk gives when each script runs in a bwrap sandbox',
    async () => {
      const root = await buildShape(monorepo);
      const local = await answersOf(localWorkspace(root));
      const exec = countingExec(sandboxed(root));
      const shell = await answersOf(shellWorkspace({ root: '/repo', exec }), exec);
      expect(withoutCounts(shell)).toEqual(local);
      expect(shell.map((answer) => answer.execs)).toEqual([3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 2, 1, 1]);
    },
    120_000,
  );
});

function pathOf(call: string): string {
  const input = JSON.parse(call.slice(call.indexOf(' ') + 1)) as { path?: string };
  return input.path ?? '.';
}
