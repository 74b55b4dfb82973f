import type { ToolRole } from './tool-role.js';

/** Defaults of {@link toolVocabulary}. */
export const toolVocabularyDefaults = {
  /**
   * The session's own tools and what each does. `write_file` is the session's only tool that changes
   * a file, so an assistant's edit tool (`Edit`, `replace`) maps to it too.
   */
  sessionTools: {
    read_file: ['read'],
    list_directory: ['list'],
    write_file: ['write', 'edit'],
    find_files: ['find'],
    search_files: ['search'],
    load_skill: ['skill'],
  } as Readonly<Record<string, readonly ToolRole[]>>,
} as const;
