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

/**
 * The key of a capability's follow-up reads: list requests that depend on what the run-start
 * listing found (the plugin folders a marketplace file names), computed from a workspace answering
 * from that listing. Every capability's follow-ups go out with the first listing a capability asks
 * for after the run start's own, so a run start costs two round trips however many features read
 * the plugin folders, and in whatever order they read them.
 */
export const runStartFollowUpRequests: unique symbol = Symbol.for('agent-context.runStartFollowUpRequests');

/** A capability that may declare its run-start reads (see {@link runStartRequests}). */
export type ListingCapability = Capability & {
  [runStartRequests]?: (run: Run) => readonly ListRequest[];
  [runStartFollowUpRequests]?: (run: Run, listed: Workspace) => Promise<readonly ListRequest[]>;
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
  listing.workspace ??= prefetchWorkspace(run.workspace, collectRequests(run, listing.capabilities)).then(
    (listed) => withFollowUps(run, listing.capabilities, listed),
  );
  return listing.workspace;
}

/**
 * `listed`, whose first `listDirectories` also carries every capability's follow-up requests (see
 * {@link runStartFollowUpRequests}); `listed` remembers their answers, so the capability that asks
 * for them later gets them without a request.
 */
function withFollowUps(run: Run, capabilities: readonly Capability[], listed: Workspace): Workspace {
  const list = listed.listDirectories?.bind(listed);
  if (list === undefined || run.workspace === listed) return listed;
  let sent = false;
  return {
    ...listed,
    async listDirectories(asked) {
      if (sent) return list(asked);
      sent = true;
      const asking = new Set(asked.map((request) => JSON.stringify(request)));
      const followUps = await collectFollowUps(run, capabilities, listed);
      const more = followUps.filter((request) => !asking.has(JSON.stringify(request)));
      const outcomes = await list([...asked, ...more]);
      return outcomes.slice(0, asked.length);
    },
  };
}

async function collectFollowUps(
  run: Run,
  capabilities: readonly Capability[],
  listed: Workspace,
): Promise<ListRequest[]> {
  const requests: ListRequest[] = [];
  const seen = new Set<string>();
  for (const capability of capabilities as readonly ListingCapability[]) {
    const declare = capability[runStartFollowUpRequests];
    if (typeof declare !== 'function') continue;
    try {
      for (const request of await declare.call(capability, run, listed)) {
        const key = JSON.stringify(request);
        if (seen.has(key)) continue;
        seen.add(key);
        requests.push(request);
      }
    } catch {
      // The capability reads what it needs itself, and reports its own errors.
    }
  }
  return requests;
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

/**
 * Give `capability` its run-start reads (see {@link runStartRequests}), and optionally its follow-up
 * reads (see {@link runStartFollowUpRequests}); returns it.
 */
export function declareRunStartRequests<Declaring extends Capability>(
  capability: Declaring,
  declare: (run: Run) => readonly ListRequest[],
  followUp?: (run: Run, listed: Workspace) => Promise<readonly ListRequest[]>,
): Declaring {
  (capability as ListingCapability)[runStartRequests] = declare;
  if (followUp !== undefined) (capability as ListingCapability)[runStartFollowUpRequests] = followUp;
  return capability;
}
