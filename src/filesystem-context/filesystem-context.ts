import type { Capability, ContextEvent, Run } from '../session/capability.js';
import type { Workspace } from '../workspace/workspace.js';
import { markTextDirectory } from '../workspace/written-as-text.js';
import { type ContextEventDraft, diagnosticEvent } from './context-event-draft.js';
import {
  assertOffloadWorkspace,
  type FilesystemContextOptions,
  type FilesystemContextSettings,
  resolveFilesystemContextOptions,
} from './filesystem-context-options.js';
import { parseOffloadFileName } from './offload-file-name.js';
import { offloadToolResult } from './offload-tool-result.js';
import { offloadedResultsOf } from './offloaded-results-state.js';
import { renderIncludedFiles } from './render-included-files.js';
import { renderListing } from './render-listing.js';

/** The capability's name in events and diagnostics. */
export const filesystemContextName = 'filesystem-context';

/**
 * Files the model sees on every call, a listing of what exists, and a transcript that stays small
 * however much a tool returns, with nothing lost.
 *
 * - `include` and `listing` are the capability's instructions: read once per run through the
 *   workspace and frozen (every call of the run gets identical bytes), as two blocks, the included
 *   files first and the listing second, so adapters can place each in its own system message.
 * - `offload`: in `afterToolCall`, a successful result strictly longer than `overChars` is written
 *   whole to `<directory>/<tool>-<callId>.txt` and replaced by a head-and-tail preview naming the
 *   file and how to read the rest with `read_file`. A failed write keeps the result inline. The
 *   session's snapshot lists the files written (`filesystem-context/offloaded`), so a conversation
 *   store can keep them for workers that do not share this disk (`openConversation`).
 *
 * Every load, cut, skip and offload is an event (reasons `include`, `listing`, `offload`).
 * Throws `invalid-option` for bad options and `workspace-not-writable` when offloading is on and
 * the workspace (given here, or the session's at run start) has no `writeFile`.
 *
 * @example
 * filesystemContext({ include: ['AGENTS.md'], listing: true, offload: { overChars: 20_000 } })
 */
export function filesystemContext(options: FilesystemContextOptions = {}): Capability {
  const settings = resolveFilesystemContextOptions(options);
  const offload = settings.offload;
  // Results offloaded by an earlier process read back as text too (read_file, whatever they hold).
  const markOffloadDirectory = (workspace: Workspace, directory: string) =>
    markTextDirectory(
      workspace,
      workspace.resolve(directory),
      (name) => parseOffloadFileName(name) !== undefined,
    );
  if (offload && options.workspace) {
    assertOffloadWorkspace(options.workspace, offload.directory);
    markOffloadDirectory(options.workspace, offload.directory);
  }
  const workspaceOf = (run: Run) => options.workspace ?? run.workspace;
  const blocksByRun = new WeakMap<Run, Promise<string[]>>();
  const capability: Capability = { name: filesystemContextName };
  // The per-session list of offloaded results, saved in snapshots (the key of the state in each session).
  const offloadedOwner = {};

  if (offload && !options.workspace) {
    capability.onRunStart = (run) => {
      assertOffloadWorkspace(run.workspace, offload.directory);
      markOffloadDirectory(run.workspace, offload.directory);
    };
  }
  if (settings.include.length > 0 || settings.listing) {
    capability.instructions = async (run) => {
      let blocks = blocksByRun.get(run);
      if (!blocks) {
        blocks = renderBlocks(workspaceOf(run), settings, (event) => run.emit(named(event)));
        blocksByRun.set(run, blocks);
      }
      return [...(await blocks)];
    };
  }
  if (offload) {
    capability.afterToolCall = async (call, result, run) => {
      const outcome = await offloadToolResult(workspaceOf(run), call, result, offload);
      if (outcome.kind === 'offloaded') {
        // Listed by the label the preview names (what the model reads back), when written through
        // the session's own workspace: that is where a restore writes it again.
        if (workspaceOf(run) === run.session.workspace)
          offloadedResultsOf(run.session, offloadedOwner).push(outcome.path);
        run.emit(
          named({
            type: 'offloaded',
            reason: 'offload',
            path: outcome.path,
            trigger: call.id,
            message: `Offloaded the ${outcome.characters}-character result of ${call.toolName} to ${outcome.path}.`,
          }),
        );
        return { output: outcome.output };
      }
      if (outcome.kind === 'failed') {
        run.emit(
          named({ ...diagnosticEvent('diagnostic', 'offload', outcome.diagnostic), trigger: call.id }),
        );
      }
      return undefined;
    };
  }
  return capability;
}

/** The included-files block and the listing block, each left out when empty. */
async function renderBlocks(
  workspace: Workspace,
  settings: FilesystemContextSettings,
  emit: (event: ContextEventDraft) => void,
): Promise<string[]> {
  const blocks: string[] = [];
  const included = await renderIncludedFiles(workspace, settings.include, settings.maxChars);
  included.events.forEach(emit);
  if (included.text !== '') blocks.push(included.text);
  if (settings.listing) {
    const { directory, maxEntries } = settings.listing;
    const listing = await renderListing(
      workspace,
      directory,
      maxEntries,
      settings.maxChars - included.usedChars,
    );
    listing.events.forEach(emit);
    if (listing.text !== '') blocks.push(listing.text);
  }
  return blocks;
}

function named(event: ContextEventDraft): ContextEvent {
  return { ...event, capability: filesystemContextName };
}
