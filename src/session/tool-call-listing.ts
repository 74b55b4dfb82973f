import { listedWorkspace } from '../workspace/listed-workspace.js';
import type { BatchOutcome, ListedDirectory, ListRequest, Workspace } from '../workspace/workspace.js';
import type { Capability, Run, ToolCall, TouchedPath } from './capability.js';

/**
 * The key of a capability's touch reads: a function giving the list requests (see
 * `Workspace.listDirectories`) the capability's `afterToolCall` would make for these touches if the
 * call ended now, claiming nothing. A tool that reports its touches before it reads and then reads
 * through `context.prefetch` sends them in its own batch, so the touch costs no round trip of its own.
 * A symbol, not a hook, like the run-start reads: the capabilities of this package use it, and it is
 * not part of the capability contract.
 */
export const touchRequests: unique symbol = Symbol.for('agent-context.touchRequests');

/** A capability that may declare its touch reads (see {@link touchRequests}). */
export type TouchListingCapability = Capability & {
  [touchRequests]?: (touches: readonly TouchedPath[], run: Run) => readonly ListRequest[];
};

/** Give `capability` its touch reads (see {@link touchRequests}); returns it. */
export function declareTouchRequests<Declaring extends Capability>(
  capability: Declaring,
  declare: (touches: readonly TouchedPath[], run: Run) => readonly ListRequest[],
): Declaring {
  (capability as TouchListingCapability)[touchRequests] = declare;
  return capability;
}

/** What each call that prefetched its touches' reads got, until its `afterToolCall` hooks are done. */
const listings = new WeakMap<ToolCall, Workspace>();

/**
 * `context.prefetch` of a tool call: `requests` and every capability's reads for the touches the
 * call reported so far, as one `listDirectories` request of `run.workspace`. The listing answers the
 * tool (the returned workspace) and, for this call only, the capabilities' `afterToolCall` hooks
 * (see {@link toolCallWorkspace}). A call that prefetches twice keeps the later listing.
 */
export async function prefetchForToolCall(
  run: Run,
  call: ToolCall,
  touched: readonly TouchedPath[],
  requests: readonly ListRequest[],
): Promise<Workspace> {
  const ahead = touched.length === 0 ? [] : collectTouchRequests(run, touched);
  const all = [...requests, ...ahead];
  const { workspace } = run;
  // A workspace without its own batches is asked path by path anyway: nothing to gain ahead.
  if (workspace.listDirectories === undefined || all.length === 0) return workspace;
  let outcomes: Array<BatchOutcome<ListedDirectory>>;
  try {
    outcomes = await workspace.listDirectories(all);
  } catch {
    // The whole request failed (a sandbox gone): the single calls say why, path by path.
    return workspace;
  }
  const listed = listedWorkspace(workspace, all, outcomes);
  if (ahead.length > 0) listings.set(call, listed);
  return listed;
}

/**
 * Where an `afterToolCall` hook reads for the touches of `call`: the listing the tool prefetched
 * them with (answering what it tells, asking `run.workspace` the rest), or `run.workspace` itself.
 * Its answers are as old as the listing, made while the tool ran.
 */
export function toolCallWorkspace(run: Run, call: ToolCall): Workspace {
  return listings.get(call) ?? run.workspace;
}

/** The call's hooks are done: its listing is dropped. */
export function endToolCallListing(call: ToolCall): void {
  listings.delete(call);
}

function collectTouchRequests(run: Run, touches: readonly TouchedPath[]): ListRequest[] {
  const requests: ListRequest[] = [];
  for (const capability of run.capabilities as readonly TouchListingCapability[]) {
    const declare = capability[touchRequests];
    if (typeof declare !== 'function') continue;
    try {
      requests.push(...declare.call(capability, touches, run));
    } catch {
      // A capability that cannot say ahead reads in its own hook, as without a prefetch.
    }
  }
  return requests;
}
