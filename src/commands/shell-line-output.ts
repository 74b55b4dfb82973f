import type { ProcessResult } from '../process/run-process.js';
import type { CommandSource } from './command.js';

/** What stands in the text for a shell line that was not run. */
export function shellNotRunMarker(command: string): string {
  return `[shell command not run: ${command}]`;
}

/**
 * Why a shell line did not succeed, in a few words (`exited with code 1`, `timed out after 60
 * seconds`), or `undefined` when it exited with 0.
 */
export function describeShellFailure(result: ProcessResult): string | undefined {
  const { failure } = result;
  if (failure === undefined) return result.exitCode === 0 ? undefined : `exited with code ${result.exitCode}`;
  switch (failure.type) {
    case 'timeout': {
      const seconds = failure.timeoutMs / 1000;
      return `timed out after ${seconds} second${seconds === 1 ? '' : 's'}`;
    }
    case 'signal':
      return `terminated by signal ${failure.signal}`;
    case 'output-flood':
      return `stopped: its ${failure.stream} passed ${failure.limitBytes} bytes`;
    case 'aborted':
      return 'aborted: the session was reset or disposed';
    case 'spawn-failed':
      return `could not start: ${failure.message}`;
  }
}

// Terminal colour and cursor sequences (`ESC [ ... letter`), which Gemini CLI strips from the output.
const terminalSequence = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

/**
 * The text that replaces a shell line that ran, the way the command's assistant writes it:
 *
 * - Gemini CLI (`!{...}`): the output, stdout then stderr, with terminal colour codes removed and
 *   blank space trimmed at both ends; when the line failed, a status line after it:
 *   `[Shell command 'CMD' exited with code 1]` (or `timed out after...`, `terminated by signal...`).
 * - Claude Code, OpenCode and skills (`` !`...` ``, ```` ```! ````): the stdout, trailing blank space
 *   trimmed; when the line failed, its stdout and stderr, then `[shell command failed (REASON): CMD]`.
 */
export function renderShellOutput(result: ProcessResult, format: CommandSource): string {
  const failure = describeShellFailure(result);
  if (format === 'gemini') {
    const stdout = result.stdout.replace(terminalSequence, '');
    const stderr = result.stderr.replace(terminalSequence, '');
    const separator = stdout === '' || stderr === '' || stdout.endsWith('\n') ? '' : '\n';
    const output = `${stdout}${separator}${stderr}`.trim();
    return failure === undefined ? output : `${output}\n[Shell command '${result.command}' ${failure}]`;
  }
  if (failure === undefined) return result.stdout.trimEnd();
  const output = [result.stdout.trimEnd(), result.stderr.trimEnd()].filter((part) => part !== '');
  return [...output, `[shell command failed (${failure}): ${result.command}]`].join('\n');
}
