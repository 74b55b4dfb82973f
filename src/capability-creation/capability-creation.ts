import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';
import type { Capability } from '../session/capability.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { authoringTools } from './authoring-tools.js';
import { capabilityCreationGuidance } from './capability-guidance.js';
import {
  type CapabilityStore,
  type CapabilityStoreOptions,
  createCapabilityStore,
  type LoadedCapabilities,
} from './capability-store.js';

/** Options of {@link capabilityCreation}. */
export interface CapabilityCreationOptions extends CapabilityStoreOptions {
  /** Where authored capabilities live (host storage on `node:fs`, resolved against the process's cwd). Required. */
  directory: string;
  /**
   * Instructions that teach the agent the capability shape and when authored ones go live. Default
   * {@link capabilityCreationGuidance}; `''` leaves them out; any other string replaces them.
   */
  guidance?: string;
}

/** The capability returned by {@link capabilityCreation}, with its store for the host. */
export interface CapabilityCreationCapability extends Capability {
  readonly store: CapabilityStore;
}

/**
 * Let the agent write, validate and persist new capabilities for its next runs.
 *
 * - Tools: `author_capability(name, code)`, `list_authored_capabilities()`,
 *   `disable_authored_capability(name)`, `enable_authored_capability(name)` (see `authoringTools`).
 * - Instructions: `guidance` (default {@link capabilityCreationGuidance}).
 * - At every `startRun()`, its `capabilities(run)` hook returns `store.loadActive()`: the active
 *   authored capabilities join the run right after this one. A capability authored in run N is
 *   therefore live from run N + 1, with no restart, and a new process on the same directory loads
 *   it too. Skipped ones are reported as `skipped` events with their diagnostic.
 *
 * Trust: authored code runs in sandboxed child processes (validation, and a long-lived capability
 * host per store), never in the agent's process unless `trusted` is set. See `createCapabilityStore`.
 *
 * @example
 * const creation = capabilityCreation({ directory: '.agent-capabilities' });
 * const session = createContextSession({ workspace, capabilities: [creation] });
 */
export function capabilityCreation(options: CapabilityCreationOptions): CapabilityCreationCapability {
  const { directory, guidance = capabilityCreationGuidance, ...storeOptions } = options;
  const store = createCapabilityStore(directory, storeOptions);
  const name = 'capability-creation';
  const tools = authoringTools(store, name);
  return {
    name,
    store,
    instructions: () => (guidance === '' ? undefined : guidance),
    tools: () => tools,
    async capabilities(run) {
      const warned = run.session.state(warnedSessions, () => ({ done: false }), {
        key: 'capability-creation/warned',
        save: (state) => state.done,
        restore: (saved) => ({ done: saved === true }),
      });
      if (!warned.done) {
        warned.done = true;
        const warning = await storeInWorkspaceWarning(store.directory, run.workspace);
        if (warning !== undefined) {
          run.emit({
            type: 'diagnostic',
            reason: 'run-start',
            capability: name,
            message: warning.message,
            diagnostic: warning,
          });
        }
      }
      let loaded: LoadedCapabilities;
      try {
        loaded = await store.loadActive();
      } catch (error) {
        // The store's directory failing (permissions, a lock held too long) must not stop the run.
        const message = `Authored capabilities were not loaded: ${describeError(error)}`;
        const diagnostic = {
          severity: 'error' as const,
          code: 'authored-capabilities-unavailable' as const,
          message,
        };
        run.emit({ type: 'diagnostic', reason: 'run-start', capability: name, message, diagnostic });
        return [];
      }
      const { items, diagnostics, records } = loaded;
      for (const diagnostic of diagnostics) {
        const path = diagnostic.path === undefined ? undefined : toLabel(run.workspace, diagnostic.path);
        const type = diagnostic.code === 'authored-capability-skipped' ? 'skipped' : 'diagnostic';
        run.emit({
          type,
          reason: 'run-start',
          capability: name,
          path,
          message: diagnostic.message,
          diagnostic,
        });
      }
      items.forEach((capability, index) => {
        const moduleFile = records[index]?.moduleFile ?? `${capability.name}.ts`;
        run.emit({
          type: 'loaded',
          reason: 'run-start',
          capability: name,
          path: toLabel(run.workspace, join(store.directory, moduleFile)),
          message: `Loaded authored capability "${capability.name}".`,
        });
      });
      return items;
    },
  };
}

/** Marks, per session, that the store location was checked once. */
const warnedSessions = {};

/**
 * A warning when the store lies inside a writable workspace: the agent's own `write_file` can then
 * change authored modules behind the authoring tools (they are validated again when they change).
 */
async function storeInWorkspaceWarning(
  directory: string,
  workspace: Workspace,
): Promise<Diagnostic | undefined> {
  if (workspace.writeFile === undefined) return undefined;
  const real = async (path: string) => realpath(path).catch(() => resolve(path));
  const inside = relative(await real(workspace.root), await real(directory));
  if (inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return {
    severity: 'warning',
    code: 'capability-store-in-workspace',
    message: `The capability store ${toLabel(workspace, directory)} is inside the writable workspace, so write_file can change authored modules without author_capability. Changed modules are validated again before they load; keep the store outside the workspace to rule this out.`,
    path: directory,
  };
}
