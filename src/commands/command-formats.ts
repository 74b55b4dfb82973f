import type { CommandFormatName } from './command.js';

/** How one assistant keeps its slash commands: where, which files, and how a file is named. */
export interface CommandFormat {
  name: CommandFormatName;
  /** Folders, relative to a directory of the walk, in the order read. */
  folders: readonly string[];
  /** True for a file name that is a command. */
  accepts(fileName: string): boolean;
  /** Whether subfolders hold commands too (namespaces). */
  nested: boolean;
  /** Markdown with optional frontmatter, or a TOML table with `prompt`. */
  file: 'markdown' | 'toml';
  /** The name typed, from the path below the folder split at `/` (the file name with its ending). */
  nameOf(parts: readonly string[]): string;
  /** Other names the assistant also accepts for the command (Claude Code: `frontend:build`). */
  aliasesOf?(parts: readonly string[]): string[];
}

const markdown = (name: string) =>
  name.length > '.md'.length && name.endsWith('.md') && name.toLowerCase() !== 'readme.md';
const withoutEnding = (name: string, ending: string) => name.slice(0, name.length - ending.length);
const last = (parts: readonly string[]) => parts[parts.length - 1] ?? '';

/**
 * The command formats, in the order a directory's folders are read. Sources, as each assistant's
 * documentation describes them (see docs/commands.md):
 * - Claude Code: `.claude/commands/**\/*.md`; a subfolder labels the command but does not change its
 *   name (`frontend/build.md` is `/build`), `/frontend:build` is accepted too.
 * - Gemini CLI: `.gemini/commands/**\/*.toml`; subfolders join the name with `:` (`/git:commit`).
 * - GitHub Copilot (VS Code): `.github/prompts/*.prompt.md`, named after the file (or `name`).
 * - Cursor: `.cursor/commands/*.md`, named after the file.
 * - OpenCode: `.opencode/commands/**\/*.md` (and the older `.opencode/command/`); subfolders join the
 *   name with `/` (`/team/review`).
 */
export const commandFormats: readonly CommandFormat[] = [
  {
    name: 'claude',
    folders: ['.claude/commands'],
    accepts: markdown,
    nested: true,
    file: 'markdown',
    nameOf: (parts) => withoutEnding(last(parts), '.md'),
    aliasesOf: (parts) =>
      parts.length > 1 ? [[...parts.slice(0, -1), withoutEnding(last(parts), '.md')].join(':')] : [],
  },
  {
    name: 'gemini',
    folders: ['.gemini/commands'],
    accepts: (name) => name.length > '.toml'.length && name.endsWith('.toml'),
    nested: true,
    file: 'toml',
    nameOf: (parts) => [...parts.slice(0, -1), withoutEnding(last(parts), '.toml')].join(':'),
  },
  {
    name: 'copilot',
    folders: ['.github/prompts'],
    accepts: (name) => name.length > '.prompt.md'.length && name.endsWith('.prompt.md'),
    nested: false,
    file: 'markdown',
    nameOf: (parts) => withoutEnding(last(parts), '.prompt.md'),
  },
  {
    name: 'cursor',
    folders: ['.cursor/commands'],
    accepts: markdown,
    nested: false,
    file: 'markdown',
    nameOf: (parts) => withoutEnding(last(parts), '.md'),
  },
  {
    name: 'opencode',
    folders: ['.opencode/commands', '.opencode/command'],
    accepts: markdown,
    nested: true,
    file: 'markdown',
    nameOf: (parts) => [...parts.slice(0, -1), withoutEnding(last(parts), '.md')].join('/'),
  },
];

/** Every format's name, in reading order. */
export const commandFormatNames: readonly CommandFormatName[] = commandFormats.map((format) => format.name);
