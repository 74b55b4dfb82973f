import type { BatchOutcome, ListedDirectory, ListRequest, Workspace } from './workspace.js';
import { workspaceBatches } from './workspace-batches.js';

/**
 * `workspace` (usually a `listedWorkspace` of these listings) with a `listDirectories` that answers
 * a request equal to one of `requests` (same directory, names, depth, skip and read) with that
 * request's outcome, and the others in one batch as `workspaceBatches(workspace)` does. So a feature
 * that lists exactly what a caller listed ahead gets the same answers without another request. The
 * answers are as old as the listings.
 */
export function replayListings(
  workspace: Workspace,
  requests: readonly ListRequest[],
  outcomes: ReadonlyArray<BatchOutcome<ListedDirectory>>,
): Workspace {
  const known = new Map<string, BatchOutcome<ListedDirectory>>();
  for (const [index, request] of requests.entries()) {
    const key = requestKey(workspace, request);
    const outcome = outcomes[index];
    if (key !== undefined && outcome !== undefined && !known.has(key)) known.set(key, outcome);
  }
  const batches = workspaceBatches(workspace);
  return {
    root: workspace.root,
    cwd: workspace.cwd,
    resolve: (path) => workspace.resolve(path),
    stat: (path) => workspace.stat(path),
    readdir: (path) => workspace.readdir(path),
    realpath: (path) => workspace.realpath(path),
    readFile: (path, options) => workspace.readFile(path, options),
    async listDirectories(asked) {
      const answers = asked.map((request) => {
        const key = requestKey(workspace, request);
        return key === undefined ? undefined : known.get(key);
      });
      const rest = asked.filter((_, index) => answers[index] === undefined);
      if (rest.length === 0) return answers as Array<BatchOutcome<ListedDirectory>>;
      const more = await batches.listDirectories(rest);
      let next = 0;
      return answers.map((answer) => answer ?? more[next++]!);
    },
  };
}

/** One key per request meaning: the directory resolved, every option in a fixed order. */
function requestKey(workspace: Workspace, request: ListRequest): string | undefined {
  let directory: string;
  try {
    directory = workspace.resolve(request.path);
  } catch {
    return undefined;
  }
  const { names, depth, skip, read } = request;
  return JSON.stringify([
    directory,
    names ?? null,
    depth ?? null,
    skip ?? null,
    read?.maxBytes ?? null,
    read?.endings ?? null,
    read !== undefined,
  ]);
}
