import { formatDiagnostic } from '../../format-diagnostic.js';
import { inspectInstructions } from '../../inspect.js';
import type { CliCommand, CliOutput } from '../command.js';
import { instructionOptionsUsage, parseInstructionArguments } from './inspect.js';

const usage = `Usage: agent-context render [dir] [options]

Print exactly the instruction text an agent working in dir (default: the current directory) gets:
the <context-file> blocks within the budget, byte for byte, with no newline added. Warnings and
errors (cut, skipped or failed files) go to standard error, one line each.

${instructionOptionsUsage}
`;

/** `agent-context render [dir]`: the exact instruction text, for piping into a prompt or a diff. */
export const renderCommand: CliCommand = {
  name: 'render',
  summary: 'print exactly the instruction text an agent would get in a directory',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { options } = parseInstructionArguments(args, output);
    const report = await inspectInstructions(options);
    output.stdout(report.rendered.text);
    for (const diagnostic of [...report.discovery.diagnostics, ...report.rendered.diagnostics]) {
      if (diagnostic.severity !== 'info') output.stderr(`${formatDiagnostic(diagnostic)}\n`);
    }
    return 0;
  },
};
