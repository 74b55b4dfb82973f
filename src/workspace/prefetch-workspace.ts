import { listedWorkspace } from './listed-workspace.js';
import { listingAheadOf } from './listing-ahead.js';
import type { ListRequest, Workspace } from './workspace.js';

/**
 * A workspace that answers from one listing made now: `requests` are sent as one `listDirectories`
 * request (one round trip on a sandbox), and the returned workspace answers `stat`, `realpath`,
 * `readdir` and `readFile` from it, asking `workspace` only what the listing does not tell (see
 * `listedWorkspace`). So code written as single calls costs one request when its paths are known
 * ahead. A workspace without its own `listDirectories` is returned as it is (its single calls are
 * what a listing would be made of), and so is every workspace when the request fails as a whole.
 * The answers are as old as the listing: use the result for one operation, then drop it.
 */
export async function prefetchWorkspace(
  workspace: Workspace,
  requests: readonly ListRequest[],
): Promise<Workspace> {
  if (workspace.listDirectories === undefined || requests.length === 0) return workspace;
  try {
    const outcomes = await workspace.listDirectories(requests);
    return listedWorkspace(workspace, requests, outcomes);
  } catch {
    // The whole request failed (a sandbox gone): the single calls say why, path by path.
    return workspace;
  }
}

/**
 * {@link prefetchWorkspace}, answered before the reads of the big directories are done when the
 * workspace lists ahead (see `offerListingAhead`; a local workspace does): the returned workspace
 * answers at once what the listing found, and a file still being read when it is asked for (see
 * `ReadsUnderWay`), so the caller works on the first files while the next are read. The caller awaits
 * `settled` before it is done: then every read has ended and every directory held open is closed.
 * Any other workspace is prefetched as {@link prefetchWorkspace} does, `settled` resolved.
 */
export async function prefetchWorkspaceAhead(
  workspace: Workspace,
  requests: readonly ListRequest[],
): Promise<{ workspace: Workspace; settled: Promise<void> }> {
  const listAhead = listingAheadOf(workspace);
  if (listAhead === undefined || requests.length === 0)
    return { workspace: await prefetchWorkspace(workspace, requests), settled: Promise.resolve() };
  try {
    const { outcomes, reads } = await listAhead(requests);
    return { workspace: listedWorkspace(workspace, requests, outcomes, reads), settled: reads.settled };
  } catch {
    return { workspace, settled: Promise.resolve() };
  }
}
