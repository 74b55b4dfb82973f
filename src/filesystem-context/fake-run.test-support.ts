import type { ContextEvent, Run } from '../session/capability.js';
import type { Workspace } from '../workspace/workspace.js';

/**
 * A stand-in for the session's Run with the parts these capability hooks use (workspace, emit, the
 * session's state), so the hooks can be tested directly; the scripted-run test uses the real session.
 */
export function fakeRun(workspace: Workspace, index = 1): { run: Run; events: ContextEvent[] } {
  const events: ContextEvent[] = [];
  const emit = (event: ContextEvent) => {
    events.push(event);
  };
  const states = new Map<object, unknown>();
  const state = (owner: object, create: () => unknown) => {
    if (!states.has(owner)) states.set(owner, create());
    return states.get(owner);
  };
  const run = { index, workspace, session: { workspace, emit, state }, emit } as unknown as Run;
  return { run, events };
}
