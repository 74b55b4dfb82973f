/**
 * What a tool does, whatever an assistant calls it: the shared word between each assistant's tool
 * names, the session's tools and a host's own tools.
 *
 * - `read`: read a file. `list`: list a directory. `write`: create or replace a file. `edit`: change
 *   part of a file. `find`: find files by a glob. `search`: search file contents.
 * - `shell`: run a command. `web-fetch`: fetch a URL. `web-search`: search the web.
 * - `delegate`: hand a task to another agent. `todo`: keep a task list. `skill`: load a skill.
 * - `notebook`: edit notebook cells.
 */
export type ToolRole =
  | 'read'
  | 'list'
  | 'write'
  | 'edit'
  | 'find'
  | 'search'
  | 'shell'
  | 'web-fetch'
  | 'web-search'
  | 'delegate'
  | 'todo'
  | 'skill'
  | 'notebook';

/** Every {@link ToolRole}, in the order above. */
export const toolRoles: readonly ToolRole[] = [
  'read',
  'list',
  'write',
  'edit',
  'find',
  'search',
  'shell',
  'web-fetch',
  'web-search',
  'delegate',
  'todo',
  'skill',
  'notebook',
];
