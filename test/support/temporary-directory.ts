import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Create a fresh temporary directory for the current test and remove it after the test.
 * Call inside `it(...)` or `beforeEach(...)`.
 */
export async function useTemporaryDirectory(prefix = 'agent-context-'): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), prefix));
  created.push(directory);
  return directory;
}

const created: string[] = [];

afterEach(async () => {
  const directories = created.splice(0);
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});
