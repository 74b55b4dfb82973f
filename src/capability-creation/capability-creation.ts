import { join } from 'node:path';
import { describeError } from '../errors.js';
import type { Capability } from '../session/capability.js';
import { toLabel } from '../workspace/labels.js';
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
 * Trust: loaded capabilities run in the host process with the host's permissions. Validation is
 * isolated (a worker thread with time and memory limits); execution after loading is not.
 *
 * @example
 * const creation = capabilityCreation({ directory: '.agent/capabilities' });
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
      let loaded: LoadedCapabilities;
      try {
        loaded = await store.loadActive();
      } catch (error) {
        // The store's directory failing (permissions, a lock held too long) must not stop the run.
        const message = `Authored capabilities were not loaded: ${describeError(error)}`;
        const diagnostic = { severity: 'error' as const, code: 'authored-capabilities-unavailable', message };
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
