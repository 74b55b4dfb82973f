import { prefetchWorkspace } from '../workspace/prefetch-workspace.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import type { Capability, Run } from './capability.js';

/**
 * The key of a capability's run-start reads: a function giving the list requests (see
 * `Workspace.listDirectories`) that answer what the capability reads while a run starts. Every
 * capability's requests go out as one batch, so a workspace over a sandbox answers the whole run
 * start in one round trip; what a listing does not tell is asked as before. A symbol, not a hook:
 * the capabilities of this package use it, and it is not part of the capability contract.
 */
export const runStartRequests: unique symbol = Symbol.for('agent-context.runStartRequests');

/** A capability that may declare its run-start reads (see {@link runStartRequests}). */
export type ListingCapability = Capability & {
  [runStartRequests]?: (run: Run) => readonly ListRequest[];
};

interface Listing {
  capabilities: readonly Capability[];
  workspace?: Promise<Workspace>;
}

const listings = new WeakMap<Run, Listing>();

/** The run starts: its capabilities' reads are listed at the first {@link runStartWorkspace} call. */
export function beginRunStartListing(run: Run, capabilities: readonly Capability[]): void {
  listings.set(run, { capabilities });
}

/** The run has started: {@link runStartWorkspace} answers `run.workspace` from now on. */
export function endRunStartListing(run: Run): void {
  listings.delete(run);
}

/**
 * Where a capability reads while `run` starts: a workspace answering from one listing of every
 * capability's declared reads, made at the first call (so what earlier `onRunStart` hooks wrote is
 * in it), and asking `run.workspace` whatever the listing does not tell. After the run has started,
 * and for a workspace without its own `listDirectories`, `run.workspace` itself. Read through it
 * only during the run start: its answers are as old as the listing.
 */
export function runStartWorkspace(run: Run): Promise<Workspace> {
  const listing = listings.get(run);
  if (listing === undefined) return Promise.resolve(run.workspace);
  listing.workspace ??= prefetchWorkspace(run.workspace, collectRequests(run, listing.capabilities));
  return listing.workspace;
}

function collectRequests(run: Run, capabilities: readonly Capability[]): ListRequest[] {
  const requests: ListRequest[] = [];
  for (const capability of capabilities as readonly ListingCapability[]) {
    const declare = capability[runStartRequests];
    if (typeof declare !== 'function') continue;
    try {
      requests.push(...declare.call(capability, run));
    } catch {
      // Options that cannot work fail in the capability's own hook, with its own message.
    }
  }
  return requests;
}

/** Give `capability` its run-start reads (see {@link runStartRequests}); returns it. */
export function declareRunStartRequests<Declaring extends Capability>(
  capability: Declaring,
  declare: (run: Run) => readonly ListRequest[],
): Declaring {
  (capability as ListingCapability)[runStartRequests] = declare;
  return capability;
}
