import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { describeError, isAgentContextError } from '../errors.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';

/** What {@link expandFileReferences} needs besides the body. */
export interface FileReferenceContext {
  workspace: Workspace;
  /** The directory references are relative to: the one holding the rules folder. */
  base: string;
  /** The label of the rule file, for diagnostics. */
  label: string;
  labelOf: (absolutePath: string) => string;
  maxFileBytes: number;
  diagnostics: Diagnostic[];
}

/** A Kiro file reference: `#[[file:PATH]]`. */
const referencePattern = /#\[\[file:([^\]\n]+)\]\]/g;

/**
 * Replace each Kiro `#[[file:PATH]]` of a rule body by the text of that file (relative to the
 * directory holding the rules folder, read through the workspace, so never outside its root), one
 * level deep: a referenced file's own references stay as written. A reference that cannot be read
 * becomes `<!-- reference failed: PATH (REASON) -->` with a `reference-failed` diagnostic.
 */
export async function expandFileReferences(body: string, context: FileReferenceContext): Promise<string> {
  const matches = [...body.matchAll(referencePattern)];
  if (matches.length === 0) return body;
  let result = '';
  let last = 0;
  for (const match of matches) {
    const written = match[1]!.trim();
    result += body.slice(last, match.index);
    last = match.index + match[0].length;
    const target = path.posix.resolve(context.base, written);
    try {
      const read = await readTextFile(context.workspace, target, { maxBytes: context.maxFileBytes });
      if (read.binary) throw new Error('binary file');
      result += read.text.replace(/\s+$/, '');
    } catch (error) {
      // The marker is in the prompt: a short reason, never a host path; the diagnostic has the detail.
      const reason = shortReason(error);
      result += `<!-- reference failed: ${written.replaceAll('-->', '--&gt;')} (${reason}) -->`;
      context.diagnostics.push({
        severity: 'error',
        code: 'reference-failed',
        message: `Reference #[[file:${written}]] in ${context.label} failed: ${describeError(error).replace(/\.+$/, '')}.`,
        path: context.label,
      });
    }
  }
  return result + body.slice(last);
}

function shortReason(error: unknown): string {
  if (!isAgentContextError(error))
    return error instanceof Error && error.message === 'binary file' ? 'binary file' : 'unreadable';
  if (error.code === 'not-found') return 'not found';
  if (error.code === 'path-outside-workspace') return 'outside the workspace root';
  return 'unreadable';
}
