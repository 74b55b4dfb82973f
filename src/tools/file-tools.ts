import type { Capability, ToolDefinition } from '../session/capability.js';
import type { Workspace } from '../workspace/workspace.js';
import { fileToolsDefaults } from './file-tools-defaults.js';
import { type FindFilesToolOptions, findFilesTool } from './find-files-tool.js';
import { listDirectoryTool } from './list-directory-tool.js';
import { type ReadFileToolOptions, readFileTool } from './read-file-tool.js';
import { type SearchFilesToolOptions, searchFilesTool } from './search-files-tool.js';
import { writeFileTool } from './write-file-tool.js';

/** Options of {@link fileTools}. */
export interface FileToolsOptions extends ReadFileToolOptions, FindFilesToolOptions, SearchFilesToolOptions {
  /** The workspace the tools work in. Default: the session's workspace. */
  workspace?: Workspace;
  /** Offer `write_file` too. Default `false`. Needs a writable workspace (else `workspace-not-writable`). */
  write?: boolean;
  /** Most entries `list_directory` shows. Default 1,000. */
  maxEntries?: number;
  /** Offer `find_files(pattern, path?)` and `search_files(pattern, path?, glob?, ignoreCase?)`. Default `true`. */
  search?: boolean;
  /** Capability name. Default `file-tools`. */
  name?: string;
}

/**
 * The contained file tools: `read_file(path, offset?, limit?)`, `list_directory(path)`, with
 * `write: true` `write_file(path, content)`, and (unless `search: false`) `find_files(pattern, path?)`
 * and `search_files(pattern, path?, glob?, ignoreCase?)`, in that order. Every path goes through the workspace,
 * so escapes are refused like any other access. Failures (missing file, escape, binary file) are
 * thrown from `execute`, which the session returns to the model as tool errors; nothing is thrown
 * out of the agent. Each successful call reports its path as touched (a search: each file it lists),
 * which nested instructions and rules use.
 *
 * @example
 * createContextSession({ workspace, capabilities: [fileTools({ write: true }), nestedInstructions()] });
 */
export function fileTools(options: FileToolsOptions = {}): Capability {
  const build = (workspace: Workspace): ToolDefinition[] => {
    const tools: ToolDefinition[] = [
      readFileTool(workspace, options),
      listDirectoryTool(
        workspace,
        options.maxEntries === undefined ? {} : { maxEntries: options.maxEntries },
      ),
    ];
    if (options.write) tools.push(writeFileTool(workspace));
    if (options.search ?? fileToolsDefaults.search) {
      tools.push(findFilesTool(workspace, options), searchFilesTool(workspace, options));
    }
    return tools;
  };
  // A fixed workspace is checked (writability) when the capability is created, not at the first run.
  const fixed = options.workspace ? build(options.workspace) : undefined;
  return {
    name: options.name ?? fileToolsDefaults.name,
    tools: (run) => fixed ?? build(run.workspace),
  };
}
