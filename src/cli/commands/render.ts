import { formatDiagnostic, inspectInstructions } from '../../inspect.js';
import { type CliCommand, type CliOutput, exitCodeFor, exitCodes } from '../command.js';
import { instructionOptionsUsage, parseInstructionArguments } from './inspect.js';

const usage = `Usage: agent-context render [dir] [options]

Print exactly the instruction text an agent working in dir (default: the current directory) gets:
the <context-file> blocks within the budget, then the <rules> catalog of the described rules, byte
for byte, with no newline added. Warnings and errors (cut, skipped or failed files) go to standard
error, one line each. Nothing to print (no instruction file, no rule) is said on standard error,
with exit code 1.

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
    output.stdout(report.text);
    const diagnostics = [...report.discovery.diagnostics, ...report.rendered.diagnostics];
    for (const diagnostic of diagnostics) {
      if (diagnostic.severity !== 'info') output.stderr(`${formatDiagnostic(diagnostic)}\n`);
    }
    if (report.text === '') {
      const searched = report.discovery.searched.length;
      output.stderr(
        `agent-context render: nothing to print: no instruction file and no always or described rule in the ${searched} ${searched === 1 ? 'directory' : 'directories'} searched; "agent-context inspect" shows where it looked.\n`,
      );
      return exitCodes.problem;
    }
    return exitCodeFor(diagnostics);
  },
};
