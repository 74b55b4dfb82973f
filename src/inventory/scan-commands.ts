import type { Diagnostic } from '../diagnostics.js';
import { readPlainFrontmatter } from '../frontmatter/read-plain-frontmatter.js';
import { eventLoopTurns } from '../shared/event-loop-turns.js';
import { mapWithLimit } from '../shared/map-with-limit.js';
import { directoryEntryLabels, entryLabels, toLabel } from '../workspace/labels.js';
import { type ListedFiles, listedFilesOf } from '../workspace/listed-files.js';
import { compareCodePoints } from '../workspace/paths.js';
import type { BatchOutcome, ReadFileResult, Workspace } from '../workspace/workspace.js';
import { workspaceBatches } from '../workspace/workspace-batches.js';
import { type CommandFolder, commandFileName } from './command-folders.js';
import type { EntryRealPaths } from './entry-real-paths.js';
import { type AssetLocation, findAssetFiles } from './find-asset-files.js';
import type { InventoryCommand } from './inventory-result.js';
import { frontmatterFileOf } from './read-asset-file.js';
import { assetTextOf } from './read-asset-text.js';
import { commandName, commandOf, firstBodyLine, plainCommandOf } from './read-command-file.js';
import { readConcurrency } from './read-concurrency.js';
import { readTomlFile } from './read-toml-file.js';
import { statKind } from './stat-kind.js';

/** A command file: any `*.md` but a `README.md` (any case), which documents the folder. */
export function isCommandFile(name: string): boolean {
  return (
    name.length > '.md'.length &&
    name.endsWith('.md') &&
    // Only a name of its length is lowered to compare (one string less per command).
    !(name.length === 'readme.md'.length && name.toLowerCase() === 'readme.md')
  );
}

/**
 * List the slash commands under a `commands/` folder, sorted by path (code point). A missing folder
 * (or a path that is not a folder) gives `[]`. The walk is the skills walk (`findAssetFiles`): depth
 * bound `maxDepth`, each real folder once, a linked folder leaving the workspace listed at its link
 * path (`name: null`) with nothing behind it read. Problems of the walk itself (depth bound, loops,
 * unreadable folders) are pushed to `diagnostics`; problems of a file sit on its entry. With
 * `realPaths`, the real path of each command read is recorded there, with the folders walked.
 */
export async function scanCommands(
  workspace: Workspace,
  commandsDirectory: string,
  settings: { maxDepth: number; maxBytes: number },
  diagnostics: Diagnostic[],
  realPaths?: EntryRealPaths,
  folder?: CommandFolder,
): Promise<InventoryCommand[]> {
  const label = toLabel(workspace, commandsDirectory);
  if ((await statKind(workspace, commandsDirectory, label, diagnostics)) !== 'directory') return [];
  const nameOf = (path: string) => {
    if (folder === undefined) return commandName(commandsDirectory, path);
    // Most commands sit in the folder itself: one part, nothing to split.
    const below = path.slice(commandsDirectory.length + 1);
    return folder.nameOf(below.includes('/') ? below.split('/') : [below]);
  };
  /** Record the command's real path; a promise only when it must be asked (a link to a file). */
  const record = (command: InventoryCommand, location: AssetLocation): Promise<void> | undefined => {
    if (realPaths === undefined || hasError(command)) return undefined;
    if (location.realPath !== undefined) {
      realPaths.set(command, location.realPath);
      return undefined;
    }
    realPaths.asked += 1;
    return workspace.realpath(location.path).then(
      (real) => void realPaths.set(command, real),
      () => undefined,
    );
  };
  const refusedCommand = (location: AssetLocation, refused: Diagnostic): InventoryCommand => ({
    path: toLabel(workspace, location.path),
    name: null,
    description: null,
    attributes: {},
    diagnostics: [refused],
  });
  // A folder a listing answered whole, holding only regular files (a big folder of commands): its
  // entries are the walk's locations, taken as they are.
  const listed = folder?.file === 'toml' ? undefined : listedFilesOf(workspace, commandsDirectory);
  if (listed !== undefined)
    return listedFolderCommands(workspace, commandsDirectory, listed, settings, realPaths, folder);
  const found = await findAssetFiles(workspace, commandsDirectory, {
    accepts: folder?.accepts ?? isCommandFile,
    maxDepth: settings.maxDepth,
  });
  diagnostics.push(...found.diagnostics);
  realPaths?.folders.push(...found.folders);
  let commands: InventoryCommand[];
  if (folder?.file === 'toml') {
    commands = await mapWithLimit(found.locations, readConcurrency, async (location) => {
      if (location.refused) return refusedCommand(location, location.refused);
      const command = await readTomlCommand(
        workspace,
        location.path,
        nameOf(location.path),
        settings.maxBytes,
      );
      await record(command, location);
      return command;
    });
  } else {
    // Markdown commands are read in batches (one request each; answered at once from a listing)
    // and parsed as each batch arrives.
    commands = [];
    const batches = workspaceBatches(workspace);
    const labels = entryLabels(workspace);
    for (let start = 0; start < found.locations.length; start += markdownBatchSize) {
      const batch = found.locations.slice(start, start + markdownBatchSize);
      const reads = await batches.readFiles(
        batch.filter((location) => location.refused === undefined).map((location) => location.path),
        { maxBytes: settings.maxBytes },
      );
      let next = 0;
      for (const location of batch) {
        if (location.refused) {
          commands.push(refusedCommand(location, location.refused));
          continue;
        }
        const command = markdownCommand(
          labels(location.directory, location.path),
          nameOf(location.path),
          reads[next++]!,
          settings.maxBytes,
          folder,
        );
        const recording = record(command, location);
        if (recording !== undefined) await recording;
        commands.push(command);
      }
    }
  }
  return commands.sort((left, right) => compareCodePoints(left.path, right.path));
}

/**
 * The commands of a folder that a listing answered whole, holding regular files only (see
 * `listedFilesOf`): what the walk would find there, in the listing's order, each file read as the
 * listing read it (waited for once per step of the reads). Already sorted by path: the names are in
 * code point order, and every label is the folder's label followed by the name.
 */
async function listedFolderCommands(
  workspace: Workspace,
  commandsDirectory: string,
  listed: ListedFiles,
  settings: { maxBytes: number },
  realPaths: EntryRealPaths | undefined,
  folder: CommandFolder | undefined,
): Promise<InventoryCommand[]> {
  if (realPaths !== undefined) {
    try {
      realPaths.folders.push(await workspace.realpath(commandsDirectory));
    } catch {
      // Not known: counted as a path asked, so the merge compares every real path.
      realPaths.asked += 1;
    }
  }
  const commands: InventoryCommand[] = [];
  const accepts = folder?.accepts ?? isCommandFile;
  const labelOf = directoryEntryLabels(workspace, commandsDirectory);
  const turn = eventLoopTurns(yieldEveryMs);
  const { entries, nameStart } = listed;
  const reading = { maxBytes: settings.maxBytes };
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    const fileName = entry.path.slice(nameStart);
    if (!accepts(fileName)) continue;
    const pause = index % filesPerClockReading === 0 ? turn() : undefined;
    if (pause !== undefined) await pause;
    // A file still being read: wait for the reads' next step, as every file after it would.
    for (let step = listed.waitFor(index); step !== undefined; step = listed.waitFor(index)) await step;
    const answer = listed.read(index, reading);
    const read = answer instanceof Promise ? await answer : answer;
    const command = markdownCommand(
      labelOf(fileName),
      folder === undefined ? commandFileName([fileName]) : folder.nameOf([fileName]),
      read,
      settings.maxBytes,
      folder,
    );
    if (realPaths !== undefined && !hasError(command)) realPaths.set(command, entry.realPath);
    commands.push(command);
  }
  return commands;
}

/** The command of a Markdown file: a plain file (most of a big folder) from its bytes, the rest decoded and parsed. */
function markdownCommand(
  label: string,
  name: string,
  read: BatchOutcome<ReadFileResult>,
  maxBytes: number,
  folder: CommandFolder | undefined,
): InventoryCommand {
  const plain = read.ok ? readPlainFrontmatter(read.value.bytes) : undefined;
  return (
    (plain === undefined ? undefined : plainCommandOf(label, name, plain, folder?.nameKey)) ??
    commandOf(label, name, frontmatterFileOf(assetTextOf(label, read, 'Markdown'), maxBytes), folder?.nameKey)
  );
}

/** True when a command has an error: it is not a command, and has no real path to merge by. */
function hasError(command: InventoryCommand): boolean {
  for (const diagnostic of command.diagnostics) if (diagnostic.severity === 'error') return true;
  return false;
}

/** Milliseconds a scan of a listed folder runs before it lets the event loop serve others. */
const yieldEveryMs = 20;
/** Files of a listed folder built between two readings of the clock (see `yieldEveryMs`). */
const filesPerClockReading = 16;

/**
 * Markdown commands read per batch request: one batch is answered from one listing, so a larger batch
 * means fewer round trips per file on a big folder (measured on 100,000 commands).
 */
const markdownBatchSize = 256;

/**
 * A Gemini CLI command file: a TOML table whose `prompt` (required) is the body and `description` the
 * description; the other keys go to `attributes`. Without a `prompt` string it is an error on the entry.
 */
async function readTomlCommand(
  workspace: Workspace,
  path: string,
  name: string,
  maxBytes: number,
): Promise<InventoryCommand> {
  const label = toLabel(workspace, path);
  const read = await readTomlFile(workspace, path, maxBytes);
  if (!read.ok) return { path: label, name, description: null, attributes: {}, diagnostics: [read.failure] };
  const { prompt, description, ...attributes } = read.data;
  const diagnostics: Diagnostic[] = [...read.warnings];
  if (typeof prompt !== 'string') {
    const message = `${label} has no \`prompt\` string; Gemini CLI requires one, so it is not a command.`;
    diagnostics.push({ severity: 'error', code: 'missing-prompt', message, path: label });
  }
  const written = typeof description === 'string' && description.trim() !== '' ? description : null;
  return {
    path: label,
    name,
    description: written ?? (typeof prompt === 'string' ? firstBodyLine(prompt) : null),
    attributes,
    diagnostics,
  };
}
