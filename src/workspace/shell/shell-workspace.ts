import path from 'node:path';
import { AgentContextError } from '../../errors.js';
import { alreadyExistsError } from '../already-exists-error.js';
import { asError, type ListingPrimitives, listDirectoriesWith } from '../list-directories.js';
import { notARegularFile } from '../open-verified.js';
import { compareCodePoints, isInside, outsideWorkspaceError, resolvePosix } from '../paths.js';
import type {
  BatchOutcome,
  DirectoryEntry,
  EntryKind,
  FileStat,
  ListedDirectory,
  ListRequest,
  ReadFileOptions,
  ReadFileResult,
  TreeScan,
  TreeScanRequest,
  Workspace,
  WriteFileOptions,
} from '../workspace.js';
import { prelude, quote, withReadEndings, withSkippedNames } from './shell-script.js';
import { scannedTree, type TreeAnswer, unknown } from './shell-tree-scan.js';
import { treeScanLine } from './shell-tree-scan-script.js';

/** What {@link ShellWorkspaceOptions.exec} answers. */
export interface ShellExecResult {
  stdout: string;
  stderr?: string;
  exitCode: number;
}

/**
 * Run a POSIX `sh` script inside the sandbox and answer its output: E2B's `commands.run`, Vercel
 * Sandbox's `runCommand`, Daytona's `process.executeCommand`, `docker exec -i <container> sh -c`,
 * `ssh host sh -c`. `stdin`, when given, is the script's standard input (the base64 of a written file).
 * `stdout` must keep every byte the script prints (NUL bytes included) as UTF-8.
 */
export type ShellExec = (script: string, options?: { stdin?: string }) => Promise<ShellExecResult>;

/** Options of {@link shellWorkspace}. */
export interface ShellWorkspaceOptions {
  /** Absolute POSIX path of the root inside the sandbox, symlink-free (its real path). */
  root: string;
  /** The agent's working directory: absolute, or relative to `root`; inside it. Default: `root`. */
  cwd?: string;
  exec: ShellExec;
  /** Characters of one script at most; a larger batch is split over several `exec` calls. Default 100,000. */
  maxScriptChars?: number;
  /**
   * Bytes of file lines at most that one search (`scanTree` with lines) brings out of the sandbox in
   * its `exec`, before base64: when the lines found are more, the scan gives the listing alone and
   * the search reads the files in batches, so the lines brought out never grow past it (32 MiB).
   * @default 33554432
   */
  maxScanLineBytes?: number;
}

/** Defaults of {@link shellWorkspace}. */
export const shellWorkspaceDefaults = {
  maxScriptChars: 100_000,
  maxScanLineBytes: 32 * 1024 * 1024,
} as const;

/** One `E` record: what the script found at a path. */
type Fact =
  | {
      status: 'ok';
      symlink: boolean;
      kind: EntryKind;
      real: string;
      size: number;
      modifiedMs: number;
      type: string;
      contents?: string;
    }
  | { status: 'missing'; symlink: boolean }
  | { status: 'outside'; symlink: boolean; link: string; target: string }
  | { status: 'loop'; symlink: boolean };

/** What one operation of a script answered. */
interface OperationAnswer {
  facts: Map<string, Fact>;
  /** Paths in the order the script described them. */
  order: string[];
  listed: Set<string>;
  write?: { ok: boolean; code?: string; detail?: string };
  /** The records of a tree scan (`t`). */
  tree?: TreeAnswer;
}

/**
 * A {@link Workspace} over any sandbox that can run a shell command: every operation, single or
 * batch, is one `exec` of a POSIX `sh` script that does the checks, listings, reads and writes and
 * prints one answer (fields ended by NUL bytes, contents in base64). The sandbox needs `sh` and, from
 * coreutils (GNU: `stat -c` is not BSD's), `readlink`, `stat -c`, `cat`, `head -c`, `tail -c`,
 * `base64`, `tr`, `mkdir -p`, `mv` and `rm`. `createFile` is one script too (noclobber, `set -C`).
 *
 * Contained like `localWorkspace`, with the same refusals: `..` escapes, absolute paths outside
 * `root` and NUL bytes are refused before any `exec`; inside the script every path is resolved
 * segment by segment from `root`, each symbolic link read one hop and its target refused when it
 * leaves `root` (`path-outside-workspace`, naming the link and its target) before anything below it
 * is looked at; 40 hops make a `symlink-loop`. FIFOs, sockets and devices are `other` and never read.
 * The sandbox is the isolation; this is a second line, checked by the script, not a verified open: a
 * process inside the sandbox racing the script can swap a checked path.
 *
 * @example
 * const workspace = shellWorkspace({
 *   root: '/home/user/repo',
 *   exec: async (script, options) => {
 *     const result = await sandbox.commands.run(`sh -c ${JSON.stringify(script)}`, options);
 *     return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
 *   },
 * });
 */
export function shellWorkspace(options: ShellWorkspaceOptions): Workspace {
  const root = resolvePosix('/', options.root);
  const cwd = resolvePosix(root, options.cwd ?? '.');
  if (!isInside(root, cwd)) {
    throw new AgentContextError(`The working directory ${cwd} is not inside the workspace root ${root}`, {
      code: 'invalid-option',
      path: cwd,
      reason: 'cwd outside root',
    });
  }
  const maxScriptChars = options.maxScriptChars ?? shellWorkspaceDefaults.maxScriptChars;
  const maxScanLineBytes = options.maxScanLineBytes ?? shellWorkspaceDefaults.maxScanLineBytes;
  const start = prelude(root);

  const resolve = (requested: string): string => {
    const absolute = resolvePosix(cwd, requested === '' ? '.' : requested);
    if (!isInside(root, absolute)) throw outsideWorkspaceError(requested, root, 'the path is');
    return absolute;
  };

  /** Run operations (script lines) in as few `exec` calls as the script size allows. */
  const run = async (lines: readonly string[], stdin?: string): Promise<OperationAnswer[]> => {
    const answers: OperationAnswer[] = [];
    let batch: string[] = [];
    let size = start.length;
    const flush = async () => {
      if (batch.length === 0) return;
      const script = `${start}${batch.map((line, index) => `n O ${index}\n${line}\n`).join('')}n Z\n`;
      let result: ShellExecResult;
      try {
        result = await options.exec(script, stdin === undefined ? undefined : { stdin });
      } catch (error) {
        throw sandboxFailed(`the command could not run: ${asError(error).message}`, error);
      }
      const parsed = parseAnswer(result.stdout);
      if (parsed === undefined) {
        const detail = (result.stderr ?? '').trim().split('\n').slice(-3).join(' ');
        throw sandboxFailed(
          `the script ended early (exit code ${result.exitCode}${detail ? `: ${detail}` : ''})`,
        );
      }
      answers.push(...parsed);
      batch = [];
      size = start.length;
    };
    for (const line of lines) {
      if (batch.length > 0 && size + line.length + 16 > maxScriptChars) await flush();
      batch.push(line);
      size += line.length + 16;
    }
    await flush();
    return answers;
  };

  const describeLine = (absolute: string, depth: number, read: number | 'whole' | 'none', from = 0) =>
    `d ${quote(absolute)} ${depth} ${read === 'none' ? '-' : read === 'whole' ? "''" : read} ${from}`;

  const factOf = (answer: OperationAnswer | undefined, absolute: string): Fact => {
    const fact = answer?.facts.get(absolute);
    if (fact === undefined) throw sandboxFailed(`no answer for ${absolute}`);
    return fact;
  };

  const refusal = (fact: Fact, requested: string): AgentContextError | undefined => {
    if (fact.status === 'outside')
      return outsideWorkspaceError(requested, root, `symlink ${fact.link} points to ${fact.target}`);
    if (fact.status === 'loop') {
      return new AgentContextError(`Too many symbolic links while resolving ${JSON.stringify(requested)}`, {
        code: 'symlink-loop',
        path: requested,
        reason: 'symlink loop',
      });
    }
    return undefined;
  };

  const statOf = (fact: Fact, requested: string): FileStat | undefined => {
    const refused = refusal(fact, requested);
    if (refused) throw refused;
    if (fact.status !== 'ok') return undefined;
    return { kind: fact.kind, size: fact.size, modifiedMs: fact.modifiedMs, symlink: fact.symlink };
  };

  const readOf = (fact: Fact, requested: string, readOptions: ReadFileOptions): ReadFileResult => {
    const refused = refusal(fact, requested);
    if (refused) throw refused;
    if (fact.status !== 'ok') throw notFound(requested);
    if (fact.kind !== 'file') throw notARegularFile(requested, typeOf(fact.type));
    const bytes = new Uint8Array(Buffer.from(fact.contents ?? '', 'base64'));
    const from = Math.min(Math.max(0, readOptions.start ?? 0), fact.size);
    const result = { bytes, size: fact.size, truncated: fact.size > from + bytes.byteLength };
    return readOptions.start === undefined ? result : { ...result, start: from };
  };

  const readLine = (absolute: string, readOptions: ReadFileOptions) => {
    const from = Math.max(0, Math.floor(readOptions.start ?? 0));
    const maxBytes = readOptions.maxBytes;
    return describeLine(
      absolute,
      0,
      maxBytes === undefined ? 'whole' : Math.max(0, Math.floor(maxBytes)),
      from,
    );
  };

  const entriesOf = (answer: OperationAnswer, directory: string, listedOnly: boolean): DirectoryEntry[] => {
    if (listedOnly && !answer.listed.has(directory)) return [];
    const entries: DirectoryEntry[] = [];
    for (const child of answer.order) {
      if (path.posix.dirname(child) !== directory || child === directory) continue;
      const fact = answer.facts.get(child)!;
      if (fact.status === 'ok')
        entries.push({ name: path.posix.basename(child), kind: fact.symlink ? 'symlink' : fact.kind });
      else if (fact.symlink) entries.push({ name: path.posix.basename(child), kind: 'symlink' });
    }
    return entries.sort((left, right) => compareCodePoints(left.name, right.name));
  };

  const readdirOf = (answer: OperationAnswer, absolute: string, requested: string): DirectoryEntry[] => {
    const fact = factOf(answer, absolute);
    const refused = refusal(fact, requested);
    if (refused) throw refused;
    if (fact.status !== 'ok') throw notFound(requested);
    if (fact.kind !== 'directory') throw notADirectory(requested);
    return entriesOf(answer, absolute, true);
  };

  /** One write in one script; `exclusive` creates only (see the script's `w`). */
  const write = async (requested: string, data: string | Uint8Array, exclusive: boolean) => {
    const absolute = resolve(requested);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    const [answer] = await run([`w ${quote(absolute)} ${exclusive ? 1 : 0}`], bytes.toString('base64'));
    settleWrite(answer, absolute, requested, 'write');
  };

  const workspace: Workspace = {
    root,
    cwd,
    resolve,
    async stat(requested) {
      const absolute = resolve(requested);
      const [answer] = await run([describeLine(absolute, 0, 'none')]);
      return statOf(factOf(answer, absolute), requested);
    },
    async readdir(requested) {
      const absolute = resolve(requested);
      const [answer] = await run([describeLine(absolute, 1, 'none')]);
      return readdirOf(answer!, absolute, requested);
    },
    async realpath(requested) {
      const absolute = resolve(requested);
      const [answer] = await run([describeLine(absolute, 0, 'none')]);
      const fact = factOf(answer, absolute);
      const refused = refusal(fact, requested);
      if (refused) throw refused;
      if (fact.status !== 'ok') throw notFound(requested);
      return fact.real;
    },
    async readFile(requested, readOptions = {}) {
      const absolute = resolve(requested);
      const [answer] = await run([readLine(absolute, readOptions)]);
      return readOf(factOf(answer, absolute), requested, readOptions);
    },
    writeFile: (requested, data, writeOptions: WriteFileOptions = {}) =>
      write(requested, data, writeOptions.exclusive ?? false),
    createFile: (requested, data) => write(requested, data, true),
    async removeFile(requested) {
      const absolute = resolve(requested);
      const [answer] = await run([`x ${quote(absolute)}`]);
      settleWrite(answer, absolute, requested, 'remove');
    },
    async statPaths(paths) {
      return batch(
        paths,
        (absolute) => describeLine(absolute, 0, 'none'),
        (answer, absolute, requested) => statOf(factOf(answer, absolute), requested),
      );
    },
    async readFiles(paths, readOptions = {}) {
      return batch(
        paths,
        (absolute) => readLine(absolute, readOptions),
        (answer, absolute, requested) => readOf(factOf(answer, absolute), requested, readOptions),
      );
    },
    async listDirectories(requests) {
      return listInOneScript(requests);
    },
    scanTree: (request) => scanTree(request),
  };

  /**
   * A directory's tree in one script (see `treeScanLine`); `undefined` when the sandbox lacks a tool
   * the scan needs. A path refused before any `exec` is left to the single calls to refuse.
   */
  const scanTree = async (request: TreeScanRequest): Promise<TreeScan | undefined> => {
    let start: string;
    try {
      start = resolve(request.path);
    } catch {
      return undefined;
    }
    const lines = request.lines;
    const holding = lines?.holding !== undefined && !lines.holding.includes('\0') ? lines.holding : '';
    const [answer] = await run([
      treeScanLine(start, lines === undefined ? 'f' : 's', lines?.maxBytes ?? 0, holding, maxScanLineBytes),
    ]);
    const startFact = factOf(answer, start);
    const ready = startFact.status === 'ok' && startFact.kind === 'directory';
    if (ready && answer!.tree?.tools !== true) return undefined;
    const base = startFact.status === 'ok' && startFact.symlink ? startFact.real : start;
    const described = {
      stat(absolute: string, requested: string) {
        const fact = answer!.facts.get(absolute);
        return fact === undefined ? unknown : statOf(fact, requested);
      },
      realpath(absolute: string, requested: string) {
        const fact = answer!.facts.get(absolute);
        if (fact === undefined) return unknown;
        const refused = refusal(fact, requested);
        if (refused) throw refused;
        if (fact.status !== 'ok') throw notFound(requested);
        return fact.real;
      },
      readFile(absolute: string, requested: string, readOptions: ReadFileOptions) {
        const fact = answer!.facts.get(absolute);
        if (
          fact === undefined ||
          (fact.status === 'ok' && fact.kind === 'file' && fact.contents === undefined)
        )
          return unknown;
        const read = readOf(fact, requested, {});
        const maxBytes = readOptions.maxBytes ?? read.size;
        if (read.truncated && maxBytes > read.bytes.byteLength) return unknown;
        const length = Math.min(maxBytes, read.bytes.byteLength);
        return { bytes: read.bytes.subarray(0, length), size: read.size, truncated: read.size > length };
      },
    };
    return scannedTree(
      answer!.tree ?? { tools: true, entries: [], unlisted: [], unreadable: [], gitignores: new Map() },
      {
        inner: workspace,
        base,
        maxLineBytes: lines?.maxBytes,
        maxScanLineBytes,
        holding: holding !== '',
        described,
      },
    );
  };

  /** Single operations of many paths, in one script; each path's refusal is its outcome. */
  const batch = async <Value>(
    paths: readonly string[],
    line: (absolute: string) => string,
    settle: (answer: OperationAnswer, absolute: string, requested: string) => Value,
  ): Promise<Array<BatchOutcome<Value>>> => {
    const resolved = paths.map((requested) => {
      try {
        return { requested, absolute: resolve(requested) };
      } catch (error) {
        return { requested, error: asError(error) };
      }
    });
    const lines = resolved.flatMap((item) => (item.absolute === undefined ? [] : [line(item.absolute)]));
    const answers = lines.length === 0 ? [] : await run(lines);
    let next = 0;
    return resolved.map((item): BatchOutcome<Value> => {
      if (item.absolute === undefined) return { ok: false, error: item.error! };
      const answer = answers[next++]!;
      try {
        return { ok: true, value: settle(answer, item.absolute, item.requested) };
      } catch (error) {
        return { ok: false, error: asError(error) };
      }
    });
  };

  /**
   * Every request in one script: the directory and each named path (and the way to it) described,
   * the named directories (or the directory itself) listed to the depth asked, files read; then the
   * shared listing algorithm runs on what the script found.
   */
  const listInOneScript = async (requests: readonly ListRequest[]) => {
    const lines: string[] = [];
    /** The index of each request's answer among the script's operations. */
    const operationOf: Array<number | undefined> = [];
    for (const request of requests) {
      let directory: string;
      try {
        directory = resolve(request.path);
      } catch {
        operationOf.push(undefined);
        continue;
      }
      operationOf.push(lines.length);
      const read = request.read === undefined ? 'none' : Math.max(0, Math.floor(request.read.maxBytes));
      const endings = request.read?.endings;
      if (request.names === undefined) {
        lines.push(
          withSkippedNames(
            request.skip,
            withReadEndings(
              endings,
              describeLine(directory, Math.min(64, Math.max(0, request.depth ?? 1)), read),
            ),
          ),
        );
        continue;
      }
      const depth = Math.min(64, Math.max(0, request.depth ?? 0));
      const wanted = new Set<string>();
      const onTheWay = new Set<string>();
      for (const name of request.names) {
        const segments = name.split('/');
        if (
          segments.some(
            (segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\0'),
          )
        )
          continue;
        wanted.add(name);
        for (let end = 1; end < segments.length; end++) onTheWay.add(segments.slice(0, end).join('/'));
      }
      const body = [
        describeLine(directory, 0, 'none'),
        ...[...onTheWay]
          .filter((name) => !wanted.has(name))
          .map((name) => describeLine(`${directory}/${name}`, 0, read)),
        ...[...wanted].map((name) => describeLine(`${directory}/${name}`, depth, read)),
      ];
      // One operation per request: its lines share one answer.
      lines.push(withSkippedNames(request.skip, withReadEndings(endings, body.join('\n'))));
    }
    const answers = lines.length === 0 ? [] : await run(lines);
    const empty: OperationAnswer = { facts: new Map(), order: [], listed: new Set() };
    const outcomes: Array<BatchOutcome<ListedDirectory>> = [];
    for (const [index, request] of requests.entries()) {
      const operation = operationOf[index];
      const answer = operation === undefined ? empty : (answers[operation] ?? empty);
      outcomes.push(...(await listDirectoriesWith(snapshotPrimitives(answer), [request])));
    }
    return outcomes;
  };

  /** Listing primitives answered from what one script found (see `listDirectoriesWith`). */
  const snapshotPrimitives = (answer: OperationAnswer): ListingPrimitives => ({
    async directory(requested) {
      const absolute = resolve(requested);
      const fact = answer.facts.get(absolute);
      if (fact === undefined) throw notFound(requested);
      const refused = refusal(fact, requested);
      if (refused) throw refused;
      if (fact.status !== 'ok') throw notFound(requested);
      if (fact.kind !== 'directory') throw notADirectory(requested);
      return { absolute, real: fact.real };
    },
    entries: (absolute, _real, filtered) => entriesOf(answer, absolute, !filtered),
    async follow(absolute) {
      const fact = answer.facts.get(absolute);
      if (fact === undefined) return undefined;
      const refused = refusal(fact, absolute);
      if (refused) throw refused;
      return fact.status === 'ok' ? { kind: fact.kind, real: fact.real } : undefined;
    },
    async statFile(absolute) {
      const fact = answer.facts.get(absolute);
      if (fact?.status !== 'ok') throw notFound(absolute);
      return { size: fact.size, modifiedMs: fact.modifiedMs };
    },
    async read(absolute, _real, maxBytes) {
      const fact = answer.facts.get(absolute);
      if (fact?.status !== 'ok') throw notFound(absolute);
      if (fact.contents === undefined) {
        // Not read by the script (it was found on the way to a name): one more request.
        const read = await workspace.readFile(absolute, { maxBytes });
        return { ...read, modifiedMs: fact.modifiedMs };
      }
      return { ...readOf(fact, absolute, {}), modifiedMs: fact.modifiedMs };
    },
  });

  const settleWrite = (
    answer: OperationAnswer | undefined,
    absolute: string,
    requested: string,
    verb: 'write' | 'remove',
  ) => {
    const fact = answer?.facts.get(absolute) ?? answer?.facts.get(path.posix.dirname(absolute));
    if (fact !== undefined) {
      const refused = refusal(fact, requested);
      if (refused) throw refused;
    }
    const write = answer?.write;
    if (write === undefined) throw sandboxFailed(`no answer to the ${verb} of ${requested}`);
    if (write.ok) return;
    switch (write.code) {
      case 'already-exists':
        throw alreadyExistsError(requested);
      case 'not-a-file':
        throw notARegularFile(requested, typeOf(write.detail ?? 'directory'));
      case 'not-found':
        throw notFound(requested);
      default:
        throw new AgentContextError(`Could not ${verb === 'write' ? 'write' : 'remove'} ${requested}`, {
          code: 'write-failed',
          path: requested,
          reason: 'the sandbox command failed',
        });
    }
  };

  return workspace;
}

/** Split a script's output into its operations' answers; `undefined` when it did not reach its end. */
function parseAnswer(stdout: string): OperationAnswer[] | undefined {
  const fields = stdout.split('\0');
  const answers: OperationAnswer[] = [];
  let current: OperationAnswer | undefined;
  let last: Fact | undefined;
  let index = 0;
  const next = () => fields[index++] ?? '';
  while (index < fields.length) {
    const tag = next();
    switch (tag) {
      case 'O':
        next();
        current = { facts: new Map(), order: [], listed: new Set() };
        answers.push(current);
        last = undefined;
        break;
      case 'E': {
        const where = next();
        const status = next();
        let fact: Fact;
        if (status === 'ok') {
          const symlink = next() === '1';
          const kind = next();
          const real = next();
          const [size = '0', modified = '0', ...type] = next().split(' ');
          fact = {
            status: 'ok',
            symlink,
            kind: kind === 'd' ? 'directory' : kind === 'f' ? 'file' : 'other',
            real,
            size: Number(size),
            modifiedMs: Math.round(Number(modified) * 1000),
            type: type.join(' '),
          };
        } else if (status === 'outside') {
          fact = { status, symlink: next() === '1', link: next(), target: next() };
        } else if (status === 'loop') {
          fact = { status, symlink: next() === '1' };
        } else {
          fact = { status: 'missing', symlink: next() === '1' };
        }
        if (current && !current.facts.has(where)) current.order.push(where);
        current?.facts.set(where, fact);
        last = fact;
        break;
      }
      case 'C': {
        const contents = next();
        if (last?.status === 'ok') last.contents = contents;
        break;
      }
      case 'L':
        current?.listed.add(next());
        break;
      case 'W': {
        const ok = next() === 'ok';
        if (current) current.write = ok ? { ok } : { ok, code: next(), detail: fields[index] ?? '' };
        break;
      }
      case 'T':
        if (current) {
          current.tree = {
            tools: next() === 'ok',
            entries: [],
            unlisted: [],
            unreadable: [],
            gitignores: new Map(),
          };
        }
        break;
      case 'F': {
        const type = next();
        const size = Number(next());
        const modifiedMs = Math.round(Number(next()) * 1000);
        current?.tree?.entries.push({ type, size, modifiedMs, path: next() });
        break;
      }
      case 'P':
        current?.tree?.unlisted.push(next());
        break;
      case 'U':
        current?.tree?.unreadable.push(next());
        break;
      case 'G': {
        const where = next();
        current?.tree?.gitignores.set(where, next());
        break;
      }
      case 'N':
        if (current?.tree) current.tree.nuls = next();
        else next();
        break;
      case 'M':
        if (current?.tree) current.tree.lines = next();
        else next();
        break;
      case 'Z':
        return answers;
      default:
        break;
    }
  }
  return undefined;
}

/** A stand-in for `Stats` from `stat -c %F`, for the wording of `not-a-file`. */
function typeOf(type: string) {
  return {
    isDirectory: () => type === 'directory',
    isFIFO: () => type === 'fifo',
    isSocket: () => type === 'socket',
  };
}

function notFound(requested: string): AgentContextError {
  return new AgentContextError(`No such file or directory: ${requested}`, {
    code: 'not-found',
    path: requested,
    reason: 'does not exist',
  });
}

function notADirectory(requested: string): AgentContextError {
  return new AgentContextError(`Not a directory: ${requested}`, {
    code: 'not-a-directory',
    path: requested,
    reason: 'not a directory',
  });
}

function sandboxFailed(detail: string, cause?: unknown): AgentContextError {
  return new AgentContextError(`The sandbox did not answer: ${detail}`, {
    code: 'read-failed',
    reason: 'sandbox command failed',
    ...(cause === undefined ? {} : { cause }),
  });
}
