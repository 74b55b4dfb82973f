import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { mkdir, utimes } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildFailure, Message, Plugin } from 'esbuild';
import { isAgentContextError } from '../errors.js';
import { sha256Of } from '../shared/sha256.js';
import { writeFileAtomic } from './atomic-write.js';

/** Folder inside the store directory that holds the compiled JavaScript; safe to delete. */
export const compiledDirectoryName = '.compiled';

/** The outcome of {@link compileCapabilityModule}. */
export type CompileOutcome =
  | {
      ok: true;
      /** Where the compiled module is (or would be, when `code` is set). */
      file: string;
      url: string;
      sha256: string;
      /**
       * The compiled module itself, set when it is not in `file` (the cache was not to be written, or
       * could not be): pass it along instead of the file.
       */
      code?: string;
      /** Why the cache was not written (a system error code, or `read-only store`), when it was not. */
      cacheSkipped?: string;
    }
  | { ok: false; error: string };

/** Options of {@link compileCapabilityModule}. */
export interface CompileOptions {
  /**
   * Write the compiled module into `.compiled/` (a cache). When `false`, or when the write fails,
   * nothing is written and the outcome carries the module as `code`. Default `true`.
   */
  cache?: boolean;
}

/**
 * Turn an authored module's source into one importable ES module file with esbuild (a real
 * TypeScript transformer: types, `import type` and type-only imports are erased) and write it to
 * `<directory>/.compiled/<name>.<hash of the output>.mjs`. Because the file name changes with the
 * content, importing it never returns a stale copy from Node's module cache, while an unchanged
 * module maps to the same file and is evaluated once per process.
 *
 * Imports: files next to the module (`./helper.ts`) are bundled in; Node built-ins stay as they
 * are; `agent-context` (and its subpaths) always means the copy of agent-context that is running,
 * so an authored capability shares its version; every other package is resolved first from
 * agent-context's own location (the host's `node_modules`), then from the module's directory, and
 * imported from there. Compilation ignores any `tsconfig.json` so a module compiles the same
 * wherever its directory is. Problems come back as one line (`SyntaxError: ...`), never thrown.
 * The cache is only a cache: a store it cannot be written to (read-only, full) gets the module in
 * memory instead (see {@link CompileOptions}).
 */
export async function compileCapabilityModule(
  directory: string,
  moduleFile: string,
  source: string,
  options: CompileOptions = {},
): Promise<CompileOutcome> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return {
      ok: false,
      error: 'Error: the esbuild package is needed to compile authored capabilities; install it',
    };
  }
  let output: string;
  try {
    const extension = extname(moduleFile);
    const result = await esbuild.build({
      stdin: {
        contents: source,
        loader: extension === '.ts' || extension === '.mts' ? 'ts' : 'js',
        resolveDir: directory,
        sourcefile: moduleFile,
      },
      absWorkingDir: directory,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      tsconfigRaw: {},
      plugins: [hostPackages(directory)],
    });
    output = result.outputFiles[0]?.text ?? '';
  } catch (error) {
    return { ok: false, error: formatBuildFailure(error) };
  }
  const name = moduleFile.slice(0, -extname(moduleFile).length);
  const compiledDirectory = join(directory, compiledDirectoryName);
  const sha256 = sha256Of(output);
  const file = join(compiledDirectory, `${name}.${sha256.slice(0, 16)}.mjs`);
  const url = pathToFileURL(file).href;
  if (options.cache === false)
    return { ok: true, file, url, sha256, code: output, cacheSkipped: 'read-only store' };
  if (isRegularFile(file)) {
    // Fresh again, so a concurrent writer's pruning of old versions leaves it alone.
    await utimes(file, new Date(), new Date()).catch(() => undefined);
    return { ok: true, file, url, sha256 };
  }
  try {
    // Only the cache folder itself: a store directory that vanished is never created again here.
    await mkdir(compiledDirectory).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    // A cache: rebuilt from the module file whenever it is missing, so no fsync is needed.
    await writeFileAtomic(file, output, { durable: false });
    return { ok: true, file, url, sha256 };
  } catch (error) {
    const reason =
      (isAgentContextError(error) ? error.reason : (error as NodeJS.ErrnoException).code) ?? 'write failed';
    return { ok: true, file, url, sha256, code: output, cacheSkipped: reason };
  }
}

/** True when `path` is a regular file itself (not a link, FIFO or directory), without opening it. */
export function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

const pluginName = 'agent-context-host-packages';
const innerLookup = Symbol('inner lookup');

function hostPackages(moduleDirectory: string): Plugin {
  return {
    name: pluginName,
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        const specifier = args.path;
        if (args.pluginData === innerLookup || !isBareSpecifier(specifier)) return undefined;
        if (process.getBuiltinModule('node:module').isBuiltin(specifier))
          return { path: specifier, external: true };
        const packageName = packageNameOf(specifier);
        const host = hostPackage();
        if (packageName === 'agent-context' && host !== undefined) return resolveSelf(host, specifier);
        for (const resolveDir of [host?.root ?? process.cwd(), moduleDirectory]) {
          const result = await build.resolve(specifier, {
            kind: args.kind,
            resolveDir,
            pluginData: innerLookup,
          });
          if (result.errors.length === 0 && result.path !== '') {
            return { path: pathToFileURL(result.path).href, external: true };
          }
        }
        return {
          errors: [
            {
              text: `Cannot find package "${packageName}": it is neither installed where agent-context runs nor next to the module. Install it in the host project or remove the import.`,
            },
          ],
        };
      });
    },
  };
}

interface HostPackage {
  root: string;
  exports: unknown;
  version: string;
}

let cachedHost: HostPackage | null | undefined;

/** The version of the running agent-context package (`unknown` when its package.json is not found). */
export function libraryVersion(): string {
  return hostPackage()?.version ?? 'unknown';
}

/** The root folder of the running agent-context package (installed or sources), if found. */
export function hostPackageRoot(): string | undefined {
  return hostPackage()?.root;
}

/** The installed (or source) agent-context package this code belongs to, found by walking up. */
function hostPackage(): HostPackage | undefined {
  if (cachedHost !== undefined) return cachedHost ?? undefined;
  cachedHost = null;
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifestPath = join(directory, 'package.json');
    if (existsSync(manifestPath)) {
      try {
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
          name?: string;
          exports?: unknown;
          version?: unknown;
        };
        if (manifest.name === 'agent-context') {
          const version = typeof manifest.version === 'string' ? manifest.version : 'unknown';
          cachedHost = { root: directory, exports: manifest.exports, version };
          break;
        }
      } catch {
        // An unreadable package.json on the way up is not ours; keep walking.
      }
    }
    const parent = dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  return cachedHost ?? undefined;
}

function resolveSelf(host: HostPackage, specifier: string) {
  const subpath = specifier === 'agent-context' ? '.' : `./${specifier.slice('agent-context/'.length)}`;
  const target = exportTarget(host.exports, subpath);
  if (target !== undefined && existsSync(join(host.root, target))) {
    return { path: pathToFileURL(join(host.root, target)).href, external: true };
  }
  // Running from the TypeScript sources (development, tests): bundle the sources instead.
  const sourceEntry = join(host.root, 'src', 'index.ts');
  if (subpath === '.' && import.meta.url.endsWith('.ts') && existsSync(sourceEntry))
    return { path: sourceEntry };
  return { errors: [{ text: `Cannot import "${specifier}": agent-context does not export it.` }] };
}

function exportTarget(exports: unknown, subpath: string): string | undefined {
  if (typeof exports !== 'object' || exports === null) return undefined;
  const entry = (exports as Record<string, unknown>)[subpath];
  if (typeof entry === 'string') return entry;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const conditions = entry as Record<string, unknown>;
  const chosen = conditions.import ?? conditions.default;
  return typeof chosen === 'string' ? chosen : undefined;
}

function isBareSpecifier(specifier: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('\\')) return false;
  return !/^[a-zA-Z]:[\\/]/.test(specifier) && !/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(specifier);
}

function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function formatBuildFailure(error: unknown): string {
  const messages = (error as Partial<BuildFailure>).errors;
  const first: Message | undefined = messages?.[0];
  if (first === undefined) return `Error: ${(error as Error).message}`;
  const location = first.location
    ? ` (${first.location.file}:${first.location.line}:${first.location.column + 1})`
    : '';
  const more = messages !== undefined && messages.length > 1 ? ` (and ${messages.length - 1} more)` : '';
  const kind =
    first.pluginName !== '' || first.text.startsWith('Could not resolve') ? 'Error' : 'SyntaxError';
  return `${kind}: ${first.text}${location}${more}`;
}
