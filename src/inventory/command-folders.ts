import path from 'node:path';

/** One folder of slash commands inside an asset root, as the assistant owning the root keeps it. */
export interface CommandFolder {
  /** The folder, relative to the root (`commands`, `prompts`). */
  folder: string;
  /** `markdown` (optional frontmatter) or `toml` (Gemini CLI: `prompt`, `description`). */
  file: 'markdown' | 'toml';
  /** True for a file name that is a command (`README.md` never is). */
  accepts(fileName: string): boolean;
  /** The command as typed, without the slash, from its path below the folder split at `/`. */
  nameOf(parts: readonly string[]): string;
  /** A frontmatter key whose string, when given, names the command instead (Copilot's `name`). */
  nameKey?: 'name';
}

const markdown = (name: string) => name.length > '.md'.length && name.endsWith('.md') && !isReadme(name);
/** `README.md` in any case (only a name of its length is lowered). */
const isReadme = (name: string) => name.length === 'readme.md'.length && name.toLowerCase() === 'readme.md';
const strip = (name: string, ending: string) =>
  name.endsWith(ending) ? name.slice(0, -ending.length) : name;
/** Claude Code's name for a command file: the file name without `.md`, whatever its subfolder. */
export const commandFileName = (parts: readonly string[]) => strip(parts.at(-1) ?? '', '.md');
const joined = (separator: string, ending: string) => (parts: readonly string[]) =>
  [...parts.slice(0, -1), strip(parts.at(-1) ?? '', ending)].join(separator);

/**
 * The command folders of an asset root, by the root's folder name (a Gemini CLI extension is read as
 * `.gemini`), as docs/commands.md sources them:
 * - `.gemini`: `commands/**\/*.toml`, subfolders joined with `:` (`/git:commit`);
 * - `.github`: `prompts/*.prompt.md` (Copilot prompt files), named by their frontmatter `name`, else
 *   after the file;
 * - `.opencode`: `commands/**\/*.md` and the older `command/`, subfolders joined with `/`;
 * - every other root (`.claude`, `.cursor`, `.agents`, `.codex`, a plugin): `commands/**\/*.md`,
 *   named after the file as Claude Code and Cursor name it; a subfolder labels the command but is
 *   not part of its name (`frontend/build.md` is `build`, also accepted as `frontend:build`).
 */
export function commandFoldersOf(root: string, kind?: 'gemini-extension'): readonly CommandFolder[] {
  const name = kind === 'gemini-extension' ? '.gemini' : path.posix.basename(root);
  if (name === '.gemini') {
    return [
      {
        folder: 'commands',
        file: 'toml',
        accepts: (file) => file.length > '.toml'.length && file.endsWith('.toml'),
        nameOf: joined(':', '.toml'),
      },
    ];
  }
  if (name === '.github') {
    return [
      {
        folder: 'prompts',
        file: 'markdown',
        accepts: (file) => file.length > '.prompt.md'.length && file.endsWith('.prompt.md'),
        nameOf: (parts) => strip(parts.at(-1) ?? '', '.prompt.md'),
        nameKey: 'name',
      },
    ];
  }
  if (name === '.opencode') {
    return ['commands', 'command'].map((folder) => ({
      folder,
      file: 'markdown' as const,
      accepts: markdown,
      nameOf: joined('/', '.md'),
    }));
  }
  return [{ folder: 'commands', file: 'markdown', accepts: markdown, nameOf: commandFileName }];
}

/** The agent folders of an asset root: `agents/`, and OpenCode's older `agent/`. */
export function agentFoldersOf(root: string): readonly string[] {
  return path.posix.basename(root) === '.opencode' ? ['agents', 'agent'] : ['agents'];
}
