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
}

const markdown = (name: string) =>
  name.length > '.md'.length && name.endsWith('.md') && name.toLowerCase() !== 'readme.md';
const strip = (name: string, ending: string) =>
  name.endsWith(ending) ? name.slice(0, -ending.length) : name;
const joined = (separator: string, ending: string) => (parts: readonly string[]) =>
  [...parts.slice(0, -1), strip(parts.at(-1) ?? '', ending)].join(separator);

/**
 * The command folders of an asset root, by the root's folder name (a Gemini CLI extension is read as
 * `.gemini`), as docs/commands.md sources them:
 * - `.gemini`: `commands/**\/*.toml`, subfolders joined with `:` (`/git:commit`);
 * - `.github`: `prompts/*.prompt.md` (Copilot prompt files), named after the file;
 * - `.opencode`: `commands/**\/*.md` and the older `command/`, subfolders joined with `/`;
 * - `.cursor`: `commands/*.md`, named after the file;
 * - every other root (`.claude`, `.agents`, `.codex`, a plugin): `commands/**\/*.md`, subfolders
 *   joined with `:`.
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
  if (name === '.cursor') {
    return [
      {
        folder: 'commands',
        file: 'markdown',
        accepts: markdown,
        nameOf: (parts) => strip(parts.at(-1) ?? '', '.md'),
      },
    ];
  }
  return [{ folder: 'commands', file: 'markdown', accepts: markdown, nameOf: joined(':', '.md') }];
}

/** The agent folders of an asset root: `agents/`, and OpenCode's older `agent/`. */
export function agentFoldersOf(root: string): readonly string[] {
  return path.posix.basename(root) === '.opencode' ? ['agents', 'agent'] : ['agents'];
}
