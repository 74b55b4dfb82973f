import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { processesWith, sleepMarker, waitUntil } from '../../test/support/processes.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { commandLaunch } from './command-line.js';
import { liveProcessGroupCount } from './live-process-groups.js';
import { outputFloodFactor, runProcess } from './run-process.js';

describe('runProcess', () => {
  it('runs plain words directly, in cwd, with the input on stdin, then closed', async () => {
    const directory = await useTemporaryDirectory();
    await writeFile(
      join(directory, 'echo.mjs'),
      'process.stdin.pipe(process.stdout); console.error(process.cwd());',
    );
    const result = await runProcess({
      command: 'node echo.mjs',
      cwd: directory,
      input: '{"hook_event_name":"PreToolUse"}',
    });
    expect(result).toMatchObject({ launch: 'direct', exitCode: 0 });
    expect(result.stdout).toBe('{"hook_event_name":"PreToolUse"}');
    expect(result.stderr.trim()).toMatch(new RegExp(`${directory.split('/').pop()}$`));
    expect(result.failure).toBeUndefined();
  });

  it('runs a line that needs a shell through sh -c, with the environment added', async () => {
    const directory = await useTemporaryDirectory();
    const result = await runProcess({
      command: 'echo "$PROJECT_DIR" | tr a-z A-Z; exit 3',
      cwd: directory,
      env: { PROJECT_DIR: 'abc' },
    });
    expect(result).toMatchObject({ launch: 'shell', exitCode: 3, stdout: 'ABC\n' });
  });

  it('kills a process that sleeps past its timeout, with the children it forked', async () => {
    const directory = await useTemporaryDirectory();
    const marker = sleepMarker();
    const result = await runProcess({
      command: `sleep ${marker} & sleep ${marker}; echo never`,
      cwd: directory,
      timeoutMs: 300,
    });
    expect(result.failure).toEqual({ type: 'timeout', timeoutMs: 300 });
    expect(result.exitCode).toBeNull();
    expect(result.stdout).toBe('');
    expect(processesWith(marker)).toEqual([]);
    expect(liveProcessGroupCount()).toBe(0);
  });

  it('kills what a process left running in its group when it exits by itself', async () => {
    const directory = await useTemporaryDirectory();
    const marker = sleepMarker();
    const result = await runProcess({ command: `sleep ${marker} & echo started`, cwd: directory });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'started\n' });
    expect(result.failure).toBeUndefined();
    expect(processesWith(marker)).toEqual([]);
  });

  it('kills the group when its owner aborts', async () => {
    const directory = await useTemporaryDirectory();
    const marker = sleepMarker();
    const owner = new AbortController();
    const running = runProcess({ command: `sleep ${marker}`, cwd: directory, signal: owner.signal });
    await waitUntil(() => processesWith(marker).length === 1);
    owner.abort();
    expect((await running).failure).toEqual({ type: 'aborted' });
    expect(processesWith(marker)).toEqual([]);
    const late = await runProcess({ command: 'echo hi', cwd: directory, signal: owner.signal });
    expect(late).toMatchObject({ exitCode: null, failure: { type: 'aborted' } });
  });

  it('keeps the first bytes of a large output with a visible cut, and kills a flood', async () => {
    const directory = await useTemporaryDirectory();
    const cut = await runProcess({
      command: 'head -c 100000 /dev/zero | tr "\\0" x',
      cwd: directory,
      maxOutputBytes: 10_000,
    });
    expect(cut.exitCode).toBe(0);
    expect(cut.outputBytes.stdout).toBe(100_000);
    expect(cut.stdout).toBe(`${'x'.repeat(10_000)}\n[truncated: 90000 bytes of stdout omitted]`);

    // 100 MB: killed once it passed the flood limit, the host goes on.
    const flood = await runProcess({
      command: 'head -c 100000000 /dev/zero; echo done >&2',
      cwd: directory,
    });
    expect(flood.failure).toEqual({
      type: 'output-flood',
      stream: 'stdout',
      limitBytes: 64 * 1024 * outputFloodFactor,
    });
    expect(flood.outputBytes.stdout).toBeLessThan(100_000_000);
    expect(flood.stdout.length).toBeLessThan(64 * 1024 + 100);
    expect(flood.stdout).toMatch(/\[truncated: \d+ bytes of stdout omitted\]$/);
    expect(flood.stderr).toBe('');
  });

  it('never cuts a UTF-8 character in two', async () => {
    const directory = await useTemporaryDirectory();
    const result = await runProcess({ command: 'printf "aéé"', cwd: directory, maxOutputBytes: 4 });
    expect(result.stdout).toBe('aé\n[truncated: 2 bytes of stdout omitted]');
  });

  it('reports a death by signal and a program that does not exist as typed failures', async () => {
    const directory = await useTemporaryDirectory();
    const killed = await runProcess({ command: 'echo before; kill -9 $$', cwd: directory });
    expect(killed).toMatchObject({
      exitCode: null,
      stdout: 'before\n',
      failure: { type: 'signal', signal: 'SIGKILL' },
    });

    const missing = await runProcess({ command: 'no-such-program-here --flag', cwd: directory });
    expect(missing).toMatchObject({ launch: 'direct', exitCode: null, failure: { type: 'spawn-failed' } });
    const ignoresInput = await runProcess({ command: 'true', cwd: directory, input: 'x'.repeat(1_000_000) });
    expect(ignoresInput).toMatchObject({ exitCode: 0 });
  });

  it('kills every live group when the host process exits or is terminated', async () => {
    const directory = await useTemporaryDirectory();
    await build({
      entryPoints: [join(import.meta.dirname, 'run-process.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: join(directory, 'run-process.js'),
      logLevel: 'silent',
    });
    for (const ending of [
      'process.exit(0)',
      "process.kill(process.pid, 'SIGTERM')",
      'throw new Error("boom")',
    ]) {
      const marker = sleepMarker();
      await writeFile(
        join(directory, 'host.mjs'),
        `import { runProcess } from './run-process.js';
runProcess({ command: 'sleep ${marker} & sleep ${marker}', cwd: ${JSON.stringify(directory)} });
process.stdin.once('data', () => { ${ending}; });
`,
      );
      const host = spawn(process.execPath, [join(directory, 'host.mjs')], {
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      await waitUntil(() => processesWith(marker).length >= 2);
      host.stdin.write('end\n');
      const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        host.on('exit', (code, signal) => resolve({ code, signal })),
      );
      expect(ended.code === 0 || ended.code === 1 || ended.signal === 'SIGTERM').toBe(true);
      // SIGKILL is sent before the host ends; a loaded machine may take a moment to schedule the
      // deaths (an escaped child would sleep for an hour).
      await waitUntil(() => processesWith(marker).length === 0);
    }
  });
});

describe('commandLaunch', () => {
  it('starts plain words directly and anything a shell interprets through sh -c', () => {
    expect(commandLaunch('  prettier --write  src/a.ts ')).toEqual({
      type: 'direct',
      file: 'prettier',
      args: ['--write', 'src/a.ts'],
    });
    for (const line of [
      '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh',
      'jq -r .tool_input | grep x',
      'FOO=1 node x.js',
      'cd src && make',
      'echo *.ts',
      'exit 2',
      'a\nb',
      '',
    ]) {
      expect(commandLaunch(line)).toEqual({ type: 'shell', file: '/bin/sh', args: ['-c', line] });
    }
  });
});
