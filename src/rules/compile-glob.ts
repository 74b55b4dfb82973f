import picomatch from 'picomatch';

/** A glob ready to test paths relative to its rule's base directory. */
export interface CompiledGlob {
  /** The glob as written. */
  glob: string;
  /** True when the POSIX path (relative to the base) matches. */
  test: (relativePath: string) => boolean;
  /** Directory every matching path lies under (`''` when any), used to skip rules without testing. */
  prefix: string;
  /** A file name ending every matching path has (`.ts` for `src/**\/*.ts`), when the glob says so. */
  suffix: string | undefined;
}

/** Why a glob cannot be used. */
export interface InvalidGlob {
  glob: string;
  reason: string;
}

const simpleSuffix = /(?:^|\/)\*(\.[A-Za-z0-9_-]+)$/;

/**
 * Compile one rule glob with picomatch, relative to its rule's base directory. A leading `./` or
 * `/` is dropped (both mean the base). A glob without `/` matches the file name at any depth
 * (`*.ts` is any TypeScript file), as in `.gitignore`. Dot files match. Invalid: an empty glob, a
 * `..` segment (it would leave the base), unbalanced brackets, braces or parentheses.
 */
export function compileGlob(written: string): CompiledGlob | InvalidGlob {
  const glob = written.trim().replace(/^\.\//, '').replace(/^\/+/, '');
  if (glob === '') return { glob: written, reason: 'the glob is empty' };
  if (glob.includes('\0')) return { glob: written, reason: 'the glob holds a NUL character' };
  if (glob.split('/').includes('..'))
    return { glob: written, reason: 'a `..` segment would leave the base directory' };
  const basename = !glob.includes('/');
  let test: (path: string) => boolean;
  try {
    const pattern = picomatch.makeRe(glob, { dot: true, strictBrackets: true });
    test = basename
      ? (path) => pattern.test(path.slice(path.lastIndexOf('/') + 1))
      : (path) => pattern.test(path);
  } catch (error) {
    return { glob: written, reason: error instanceof Error ? error.message : String(error) };
  }
  return {
    glob: written,
    test,
    prefix: basename ? '' : staticPrefix(glob),
    suffix: simpleSuffix.exec(glob)?.[1],
  };
}

/** The leading segments without glob characters, minus the last segment (a file name or pattern). */
function staticPrefix(glob: string): string {
  const segments = glob.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\]{}()!+@]/.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join('/');
}

/** True for the result of a failed {@link compileGlob}. */
export function isInvalidGlob(value: CompiledGlob | InvalidGlob): value is InvalidGlob {
  return 'reason' in value;
}
