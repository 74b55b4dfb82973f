import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';
import { filesystemContextName } from '../filesystem-context/filesystem-context.js';
import { offloadedPathsOf } from '../filesystem-context/offloaded-results-state.js';
import type { ContextSession } from '../session/capability.js';
import { workspaceBatches } from '../workspace/workspace-batches.js';
import { conversationDefaults } from './conversation-defaults.js';
import { checkConversationId } from './conversation-errors.js';
import type { ConversationFile, ConversationStore } from './conversation-store.js';

/** Options of {@link openConversation}. */
export interface OpenConversationOptions {
  /** Where conversations are kept. */
  store: ConversationStore;
  /** The host's id of the conversation (a chat id, a thread id, the OpenAI Agents session id). */
  conversationId: string;
  /** A session of this request, with the capabilities and options the conversation was started with. */
  session: ContextSession;
  /**
   * Where the conversation's offloaded tool results are found by the next worker. `'store'`: kept in
   * the store beside the snapshot (when the store has `loadFiles`) and written back into this
   * session's workspace at open when missing there, for workers that do not share a disk. `'workspace'`:
   * only where they were written, for workers that share the workspace (a sandbox, one volume).
   * Default `'store'`.
   */
  offloadedResults?: 'store' | 'workspace';
  /**
   * The largest offloaded result kept in the store, in bytes of its JSON string (8 MiB): a larger one
   * stays where it was written, with an `offload-not-kept` diagnostic event. @default 8388608
   */
  maxKeptFileBytes?: number;
}

/** A session bound to one stored conversation: see {@link openConversation}. */
export interface Conversation {
  readonly conversationId: string;
  readonly session: ContextSession;
  /** The stored version the session builds on: 0 until the conversation is first saved. */
  readonly version: number;
  /**
   * Store the session's snapshot as the next version and return it: one round trip (the offloaded
   * results written since the open are read from the workspace first, one batch, and saved with it).
   * Call it when a turn ends, next to where the host stores the turn's messages. Throws
   * `state-conflict` when another worker saved a turn of the conversation since it was opened
   * (nothing is written: open it again and redo the turn), `store-failed` when the store cannot be
   * written.
   */
  save(): Promise<number>;
}

/**
 * Continue a stored conversation in `session` (a new one, for this request or worker): one round trip
 * to load; when the store holds the conversation, the session continues from its snapshot
 * (`session.restore`), so the model gets every hidden message at its place with its bytes, and nothing
 * surfaced before is surfaced again. The conversation's offloaded results missing from this session's
 * workspace are written back from the store (one `stat` batch, then one round trip to the store only
 * when some are missing), each a `restored` event; one that cannot be (the store lacks it or fails,
 * the workspace refuses it) is an `offload-not-kept` diagnostic event, never thrown, and reading it
 * fails as a missing file would. A conversation not stored yet leaves
 * the session as it is. Throws what the store's `load` throws (`snapshot-invalid`, `snapshot-version`,
 * `store-failed`), leaving the stored conversation untouched.
 *
 * @example
 * const conversation = await openConversation({ store, conversationId: chatId, session: createSession() });
 * const run = await conversation.session.startRun();
 * const result = await generateText(await contextCallOptions(run, { model, messages }));
 * await saveMessages(chatId, result.response.messages);
 * await conversation.save();
 */
export async function openConversation(options: OpenConversationOptions): Promise<Conversation> {
  const { store, conversationId, session } = options;
  checkConversationId(conversationId);
  const maxKeptFileBytes = options.maxKeptFileBytes ?? conversationDefaults.maxKeptFileBytes;
  const keepsFiles =
    (options.offloadedResults ?? 'store') === 'store' && typeof store.loadFiles === 'function';
  const stored = await store.load(conversationId);
  /** Offloaded results the store holds (or was asked to hold) for this conversation. */
  const kept = new Set<string>();
  if (stored !== undefined) {
    session.restore(stored.snapshot);
    if (keepsFiles) {
      const paths = offloadedPathsOf(stored.snapshot);
      for (const path of paths) kept.add(path);
      await writeBackMissing(store, conversationId, session, paths);
    }
  }
  let version = stored?.version ?? 0;
  return {
    conversationId,
    session,
    get version() {
      return version;
    },
    async save() {
      const snapshot = session.snapshot();
      const added = keepsFiles ? offloadedPathsOf(snapshot).filter((path) => !kept.has(path)) : [];
      const files = added.length === 0 ? [] : await readAdded(session, added, maxKeptFileBytes);
      version = await store.save(conversationId, snapshot, version, files);
      // Tried once: one that could not be read is not tried again at every save.
      for (const path of added) kept.add(path);
      return version;
    },
  };
}

/** Write back the offloaded results of `paths` that this session's workspace does not hold. */
async function writeBackMissing(
  store: ConversationStore,
  conversationId: string,
  session: ContextSession,
  paths: readonly string[],
): Promise<void> {
  if (paths.length === 0) return;
  const { workspace } = session;
  let missing: string[];
  let found: Map<string, string>;
  try {
    const stats = await workspaceBatches(workspace).statPaths(paths);
    missing = paths.filter((_, index) => {
      const outcome = stats[index];
      return outcome === undefined || !outcome.ok || outcome.value === undefined;
    });
    if (missing.length === 0) return;
    found = new Map(
      (await store.loadFiles!(conversationId, missing)).map((file) => [file.path, file.text] as const),
    );
  } catch (error) {
    // The snapshot is restored; only these files are not here: each is named, none is thrown.
    for (const path of paths)
      notKept(session, path, `${path} could not be looked for or loaded (${describeError(error)})`);
    return;
  }
  for (const path of missing) {
    const text = found.get(path);
    if (text === undefined) {
      notKept(
        session,
        path,
        `${path} is not on this worker's disk and the conversation store does not hold it`,
      );
      continue;
    }
    try {
      if (!workspace.writeFile) throw new Error('the workspace has no writeFile method');
      await workspace.writeFile(path, text);
    } catch (error) {
      notKept(
        session,
        path,
        `${path} could not be written back from the conversation store (${describeError(error)})`,
      );
      continue;
    }
    session.emit({
      type: 'restored',
      reason: 'offload',
      capability: filesystemContextName,
      path,
      message: `Wrote the offloaded result ${path} back from the conversation store (${text.length} characters).`,
    });
  }
}

/** The texts of the offloaded results in `paths`, read from the session's workspace in one batch. */
async function readAdded(
  session: ContextSession,
  paths: readonly string[],
  maxBytes: number,
): Promise<ConversationFile[]> {
  const reads = await workspaceBatches(session.workspace).readFiles(paths, { maxBytes: maxBytes + 1 });
  const files: ConversationFile[] = [];
  paths.forEach((path, index) => {
    const outcome = reads[index];
    if (outcome === undefined || !outcome.ok) {
      const cause = outcome === undefined || outcome.ok ? 'no answer' : describeError(outcome.error);
      notKept(session, path, `${path} could not be read to keep it in the conversation store (${cause})`);
      return;
    }
    const text = Buffer.from(outcome.value.bytes).toString('utf8');
    const bytes = outcome.value.truncated ? outcome.value.size : Buffer.byteLength(JSON.stringify(text));
    if (bytes > maxBytes) {
      notKept(
        session,
        path,
        `${path} is ${bytes} bytes, over the ${maxBytes} the conversation store keeps (maxKeptFileBytes)`,
      );
      return;
    }
    files.push({ path, text });
  });
  return files;
}

function notKept(session: ContextSession, path: string, cause: string): void {
  const diagnostic: Diagnostic = {
    severity: 'warning',
    code: 'offload-not-kept',
    message: `${cause}: it is readable only on the worker that wrote it.`,
    path,
  };
  session.emit({
    type: 'diagnostic',
    reason: 'offload',
    capability: filesystemContextName,
    path,
    message: diagnostic.message,
    diagnostic,
  });
}
