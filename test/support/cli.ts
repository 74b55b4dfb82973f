import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../../src/cli/run-cli.js';

/** The repository root, for subprocess runs of the built CLI. */
export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** What a CLI run printed and returned. */
export interface CliRunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `agent-context <args>` in this process with a captured, colourless output. */
export async function runCliInProcess(cwd: string, args: string[], color = false): Promise<CliRunResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    color,
    cwd,
  });
  return { code, stdout, stderr };
}

/** Run the built CLI (`dist/cli/main.js`) as a subprocess, the way a user does (not a TTY, so no colour). */
export function runBuiltCli(args: string[], cwd = repositoryRoot): CliRunResult {
  const cli = path.join(repositoryRoot, 'dist/cli/main.js');
  if (!existsSync(cli))
    throw new Error('dist/cli/main.js is missing: run `npm run build` before the CLI tests');
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
