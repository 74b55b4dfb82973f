import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

/**
 * Run one worker script of `test/wire/workers/` in a new Node process with `task` (written to a JSON
 * file, its only argument), as a host's new request or another machine would: nothing but the disk and
 * the network is shared with the test. Rejects with the worker's stderr when it exits with a failure
 * (a kill included). `onSpawn` gets the child process (to kill it mid-turn).
 */
export async function runWorker(
  script: string,
  task: Record<string, unknown>,
  onSpawn?: (child: ChildProcess) => void,
): Promise<string> {
  const directory = await useTemporaryDirectory('agent-context-worker-');
  const taskFile = path.join(directory, 'task.json');
  await writeFile(taskFile, JSON.stringify(task));
  const file = new URL(`./workers/${script}`, import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, taskFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn?.(child);
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`worker ${script} ended with ${signal ?? `exit code ${code}`}:\n${errors}`));
    });
  });
}

/** A request body as text, for byte-for-byte comparison. */
export function bodyText(request: { body: unknown }): string {
  return JSON.stringify(request.body);
}

/**
 * Where two recordings first differ, for a readable failure: the request index and about 300
 * characters of each body from the first differing character. `undefined` when they are equal.
 */
export function firstDifference(
  actual: readonly { body: unknown }[],
  expected: readonly { body: unknown }[],
): string | undefined {
  const length = Math.max(actual.length, expected.length);
  for (let index = 0; index < length; index += 1) {
    const left = actual[index] === undefined ? '(none)' : bodyText(actual[index]!);
    const right = expected[index] === undefined ? '(none)' : bodyText(expected[index]!);
    if (left === right) continue;
    let at = 0;
    while (at < left.length && left[at] === right[at]) at += 1;
    const start = Math.max(0, at - 100);
    return `request ${index} differs at character ${at}:\n  got:      ${left.slice(start, at + 200)}\n  expected: ${right.slice(start, at + 200)}`;
  }
  return undefined;
}
