#!/usr/bin/env node
import type { CliOutput } from './command.js';
import { runCli } from './run-cli.js';

const output: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: Boolean(process.stdout.isTTY) && process.env.NO_COLOR === undefined,
  cwd: process.cwd(),
};
process.exitCode = await runCli(process.argv.slice(2), output);
