import type { z } from 'zod';
import type { ToolDefinition } from '../session/capability.js';
import { compileGlob, isInvalidGlob } from '../shared/compile-glob.js';
import { zodSchemaOnFirstUse } from '../shared/load-on-first-use.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toLabel } from '../workspace/labels.js';
import { compareCodePoints } from '../workspace/paths.js';
import type { Workspace } from '../workspace/workspace.js';
import { fileToolsDefaults } from './file-tools-defaults.js';
import { openTreeReading, scanForSearch, searchDirectory, walkNote } from './search-directory.js';
import { emptyWalkReport, walkWorkspaceFiles } from './walk-workspace-files.js';

const findFilesInput = zodSchemaOnFirstUse((z) =>
  z.object({
    pattern: z
      .string()
      .min(1)
      .max(1_024)
      .describe(
        'Glob, relative to `path`: `**/*.ts` (any depth), `src/*.test.ts`, `*.md` (directly in `path`).',
      ),
    path: z
      .string()
      .min(1)
      .default('.')
      .describe('Directory to search, relative to the working directory. Default ".".'),
  }),
);

/** Options of {@link findFilesTool}. */
export interface FindFilesToolOptions {
  /** Most paths listed; the rest are counted in `[N more]`. Default 500. */
  maxPaths?: number;
}

/**
 * `find_files(pattern, path = '.')`: the files under a workspace directory whose path relative to it
 * matches a glob (picomatch syntax with dot files; `*` stays in one segment, `**` spans any number;
 * a glob without `/` matches files directly in `path`), one label per line in code-point order, at
 * most `maxPaths`. `.git`, what `.gitignore` files ignore and symbolic links are passed over, and the
 * closing line says so. Globs are matched by an automaton that never backtracks. Each listed file is
 * reported as touched. A workspace with `scanTree` (a sandbox's `find`) is asked once for the whole
 * tree; the walk and the answer are the same.
 */
export function findFilesTool(
  workspace: Workspace,
  options: FindFilesToolOptions = {},
): ToolDefinition<z.infer<ReturnType<typeof findFilesInput>>, string> {
  const maxPaths = options.maxPaths ?? fileToolsDefaults.maxPaths;
  return {
    name: 'find_files',
    description: `Find files of the workspace by a glob (e.g. "**/*.ts", "src/**/*.test.ts"), relative to a directory. Lists matching paths in order (at most ${maxPaths}); skips .git, .gitignore'd files and symbolic links.`,
    inputSchema: findFilesInput(),
    execute(input, context) {
      // One operation of path checks: each directory on the way is checked once for the whole walk.
      return withCheckedDirectories(async () => {
        const glob = compileGlob(input.pattern, { globsWithoutSlash: 'base-only' });
        if (isInvalidGlob(glob))
          throw new Error(`The glob ${JSON.stringify(input.pattern)} cannot be used: ${glob.reason}.`);
        // A workspace that scans a tree in one request (a sandbox's find) answers the walk from it.
        const reading = (await scanForSearch(workspace, { path: input.path }))?.workspace ?? workspace;
        const { directory, label } = await searchDirectory(reading, input.path);
        const under = directory.endsWith('/') ? directory : `${directory}/`;
        const report = emptyWalkReport();
        const found: string[] = [];
        // The local disk is walked through its tree reader: each directory in one or two system calls.
        const tree = reading === workspace ? await openTreeReading(workspace, directory) : undefined;
        try {
          for await (const paths of walkWorkspaceFiles(reading, directory, report, context.signal, tree)) {
            for (const path of paths) if (glob.test(path.slice(under.length))) found.push(path);
          }
        } finally {
          tree?.close();
        }
        found.sort(compareCodePoints);
        const shown = found.slice(0, maxPaths);
        const lines = shown.map((path) => toLabel(workspace, path));
        // Touched by label, as the agent names them (and as read_file reports its input path).
        for (const line of lines) context.touch?.(line, 'file');
        if (found.length > maxPaths)
          lines.push(`[${found.length - maxPaths} more: narrow the pattern or the path]`);
        if (found.length === 0)
          lines.push(`[find_files: no file under ${label} matches ${JSON.stringify(input.pattern)}.]`);
        const note = walkNote(report);
        if (note !== '') lines.push(note);
        return lines.join('\n');
      });
    },
  };
}
