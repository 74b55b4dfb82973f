import { spawn } from 'node:child_process';
import type { ShellExec, ShellExecResult } from './shell-workspace.js';

/** `exec` over a real local `sh` child process, optionally inside a wrapper command (`bwrap ... sh`). */
export function localShellExec(command: readonly string[] = ['sh']): ShellExec {
  return (script, options) =>
    new Promise<ShellExecResult>((resolve, reject) => {
      const child = spawn(command[0]!, [...command.slice(1), '-c', script], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.once('error', reject);
      child.once('close', (code) =>
        resolve({
          stdout: Buffer.concat(stdout).toString('utf8'),
          stderr: Buffer.concat(stderr).toString('utf8'),
          exitCode: code ?? 1,
        }),
      );
      // A script that does not read its input may exit before it is written.
      child.stdin.on('error', () => {});
      child.stdin.end(options?.stdin ?? '');
    });
}

/** An `exec` that counts its calls (round trips). */
export function countingExec(inner: ShellExec): ShellExec & { readonly calls: number; reset(): void } {
  let calls = 0;
  const exec = ((script: string, options?: { stdin?: string }) => {
    calls += 1;
    return inner(script, options);
  }) as ShellExec & { calls: number; reset(): void };
  Object.defineProperty(exec, 'calls', { get: () => calls });
  exec.reset = () => {
    calls = 0;
  };
  return exec;
}
