import type { ListingAhead } from './list-directories.js';
import type { ListRequest, Workspace } from './workspace.js';

/** How a workspace lists ahead of its reads, by workspace. */
const listers = new WeakMap<Workspace, (requests: readonly ListRequest[]) => Promise<ListingAhead>>();

/**
 * Let `workspace` answer a listing ahead of its reads (see `listDirectoriesAheadWith`), for
 * `prefetchWorkspaceAhead`. A workspace that does not offer it is listed the usual way; a wrapper
 * around one (read-only, recording) does not inherit it.
 */
export function offerListingAhead(
  workspace: Workspace,
  list: (requests: readonly ListRequest[]) => Promise<ListingAhead>,
): void {
  listers.set(workspace, list);
}

/** The listing ahead `workspace` offers (see {@link offerListingAhead}), if any. */
export function listingAheadOf(
  workspace: Workspace,
): ((requests: readonly ListRequest[]) => Promise<ListingAhead>) | undefined {
  return listers.get(workspace);
}
