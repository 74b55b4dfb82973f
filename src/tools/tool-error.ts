import { describeError, isAgentContextError } from '../errors.js';
import { quoteForMessage } from '../text/cut-text.js';

/**
 * An error for the model, thrown from a file tool's `execute` (the session turns it into an
 * `isError` result). Workspace errors are rephrased for the model: the workspace's own messages
 * speak to the developer (e.g. suggest `contained: false`), which the model cannot act on.
 */
export function toolError(error: unknown, path: string): Error {
  if (!isAgentContextError(error)) return new Error(describeError(error));
  const shown = quoteForMessage(path);
  switch (error.code) {
    case 'path-outside-workspace':
      return new Error(
        `${shown} is outside the workspace; use a path inside it (relative to the working directory).`,
      );
    case 'not-found':
      return new Error(`${shown} does not exist.`);
    case 'not-a-file':
      return error.reason?.startsWith('is ') && error.reason !== 'is a directory'
        ? new Error(`${shown} ${error.reason}, not a regular file; it was not opened.`)
        : new Error(`${shown} is not a regular file (for a directory, use list_directory).`);
    case 'hard-linked':
      return new Error(
        `${shown} has more than one hard link, and this workspace does not read hard-linked files.`,
      );
    case 'not-a-directory':
      return new Error(`${shown} is not a directory.`);
    case 'symlink-loop':
      return new Error(`${shown} could not be resolved: too many symbolic links (a loop).`);
    default:
      return new Error(describeError(error));
  }
}
