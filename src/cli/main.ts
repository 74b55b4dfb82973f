#!/usr/bin/env node
import type { CliOutput } from './command.js';
import { runCli } from './run-cli.js';

// A reader that stops early (`agent-context inventory | head`) closes the pipe: that ends the
// command quietly, as it does for other command-line tools, instead of crashing with EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const output: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: Boolean(process.stdout.isTTY) && process.env.NO_COLOR === undefined,
  cwd: process.cwd(),
};
process.exitCode = await runCli(process.argv.slice(2), output);
