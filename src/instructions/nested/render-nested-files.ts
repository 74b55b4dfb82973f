import type { NestedFile } from '../../rules/nested-file.js';
import { renderRulesCatalogOf } from '../../rules/render-rules-catalog.js';
import { renderContextFile, stripTrailingNewlines } from '../render.js';

/**
 * RepoContext's pointer line for one file:
 * `<repo-context>This directory has AGENTS.md (packages/app/AGENTS.md). Read it if relevant to your task.</repo-context>`.
 */
export function repoContextPointer(file: NestedFile): string {
  if (file.rule !== undefined) {
    const { rule } = file;
    if (rule.description !== undefined) {
      return `<repo-context>The rule ${file.label} (${rule.format}) is for: ${rule.description.replace(/[.\s]+$/, '')}. Read it if relevant to your task.</repo-context>`;
    }
    const when =
      rule.glob !== undefined
        ? `applies to files matching ${rule.glob}`
        : rule.scope === 'always' && rule.base !== undefined
          ? `applies to everything in ${rule.base}`
          : 'was asked for';
    const purpose = rule.purpose === undefined ? '' : ` (${rule.purpose.replace(/[.\s]+$/, '')})`;
    return `<repo-context>The rule ${file.label} (${file.rule.format}) ${when}${purpose}. Read it if relevant to your task.</repo-context>`;
  }
  return `<repo-context>This directory has ${file.name} (${file.label}). Read it if relevant to your task.</repo-context>`;
}

/** The line that opens a `contents` message, so the model knows where the blocks come from and what they govern. */
export const nestedContentsLead =
  'Instruction files of directories touched in this conversation; each applies to work inside its directory:';

/** The lead of a `contents` message that holds rules too. */
export const nestedRulesLead =
  "Instruction files and rules for what was touched in this conversation; a directory's file applies to work inside that directory, a rule to the files its globs match (without globs, to everything under the directory holding its rules folder):";

/**
 * The default text of one nested-instructions message (a hidden message, a note appended to a
 * tool result, or the consolidated message): for `contents`, {@link nestedContentsLead} then each
 * file as a `<context-file>` block; for `pointer`, one pointer line per file.
 */
export function renderNestedFiles(
  files: readonly NestedFile[],
  inject: 'pointer' | 'contents',
  pointer: (file: NestedFile) => string = repoContextPointer,
): string {
  if (inject === 'pointer') return files.map(pointer).join('\n');
  const blocks = files.flatMap((file) =>
    file.rule?.description === undefined
      ? [renderContextFile({ label: file.label, text: file.text ?? '' })]
      : [],
  );
  // Described rules of a folder are named, never inlined: one catalog block after the files.
  const named = files.flatMap((file) =>
    file.rule?.description === undefined ? [] : [{ path: file.label, description: file.rule.description }],
  );
  const lead = files.some((file) => file.rule !== undefined) ? nestedRulesLead : nestedContentsLead;
  return [lead, ...blocks, ...(named.length === 0 ? [] : [renderRulesCatalogOf(named)])].join('\n\n');
}

/** The heading of the `progressiveContext()` message (pi progressive-context parity). */
export const progressiveContextHeading = '# Progressive Project Context';

/**
 * The `progressiveContext()` message: the heading, one sentence, then `## ABSOLUTE PATH` and the
 * body of every file discovered so far.
 */
export function renderProgressiveContext(files: readonly NestedFile[]): string {
  const sections = files.map((file) => `## ${file.path}\n\n${stripTrailingNewlines(file.text ?? '')}`);
  return [
    progressiveContextHeading,
    'Project instruction files found in the subdirectories you worked in. Each applies to files under its own directory; follow them there.',
    ...sections,
  ].join('\n\n');
}
