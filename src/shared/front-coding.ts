/**
 * Front coding: a list of strings stored as each one's difference from the string before it. An
 * entry is the string itself, or `[shared, suffix]`: the first `shared` characters of the previous
 * string followed by `suffix`. Paths listed one after another share most of their beginnings
 * (`packages/api/src`, `packages/api/src/routes`), so a snapshot's path lists shrink to their new
 * parts. `null` entries stand for a missing value and are kept as they are (the previous string is
 * the last string before them).
 */
export type FrontCodedList = Array<FrontCodedEntry | null>;

/**
 * Characters one list may take from previous entries in all, read back: a list of real paths shares
 * far fewer (100,000 paths of 100 characters share 10 Mi at most), while a hand-made list of a long
 * entry and a million `[length, ""]` after it would otherwise build a million copies of it. Past it,
 * the list is refused as not fitting, so reading one stays linear in its size plus this bound.
 */
export const maximumSharedCharacters = 64 * 1024 * 1024;

/** One front-coded entry: the value itself, or `[shared, suffix]` against the previous value. */
export type FrontCodedEntry = string | [shared: number, suffix: string];

/**
 * Front-codes strings one at a time, each against the one before (see {@link FrontCodedList}). A
 * prefix is shared only when that makes the entry shorter as JSON, and never ends between the two
 * halves of a surrogate pair (each part stays well-formed text, which JSON columns of databases
 * require). Linear in the characters.
 */
export class FrontCoder {
  #previous = '';

  code(value: string): FrontCodedEntry {
    const previous = this.#previous;
    this.#previous = value;
    let shared = 0;
    const most = Math.min(previous.length, value.length);
    while (shared < most && previous.charCodeAt(shared) === value.charCodeAt(shared)) shared += 1;
    const before = shared > 0 ? value.charCodeAt(shared - 1) : 0;
    if (before >= 0xd800 && before <= 0xdbff) shared -= 1;
    // `[12,"..."]` costs the digits and four characters more than `"..."`.
    return shared > String(shared).length + 3 ? [shared, value.slice(shared)] : value;
  }
}

/**
 * Reads what a {@link FrontCoder} wrote, one entry at a time. `read` returns `undefined` for an entry
 * that is neither a string nor `[shared, suffix]` (the caller decides what else it may be), and throws
 * the error `fail` makes when a shared length is longer than the previous string.
 */
export class FrontDecoder {
  #previous = '';
  #shared = 0;
  readonly #fail: (field: string, problem: string) => Error;

  constructor(fail: (field: string, problem: string) => Error) {
    this.#fail = fail;
  }

  read(entry: unknown, field: string): string | undefined {
    if (typeof entry === 'string') {
      this.#previous = entry;
      return entry;
    }
    if (!isSharedEntry(entry)) return undefined;
    const [shared, suffix] = entry;
    if (shared > this.#previous.length) {
      throw this.#fail(
        field,
        `shares ${shared} characters with a previous entry of ${this.#previous.length}`,
      );
    }
    this.#shared += shared;
    if (this.#shared > maximumSharedCharacters) throw this.#fail(field, tooMuchShared);
    this.#previous = this.#previous.slice(0, shared) + suffix;
    return this.#previous;
  }
}

/** The front-coded form of `values` (see {@link FrontCodedList}); `null` entries are kept. */
export function frontCode(values: Iterable<string | null>): FrontCodedList {
  const coder = new FrontCoder();
  return Array.from(values, (value) => (value === null ? null : coder.code(value)));
}

/**
 * A checked copy of a {@link FrontCodedList} (with `allowNull`, `null` entries allowed), without
 * building its strings: only the lengths are followed. Throws as {@link expandFrontCoded} does.
 */
export function checkedFrontCoded(
  value: unknown,
  field: string,
  fail: (field: string, problem: string) => Error,
  allowNull = false,
): FrontCodedList {
  if (!Array.isArray(value)) throw fail(field, 'expected an array');
  let previous = 0;
  let sharedInAll = 0;
  return value.map((entry: unknown, index): FrontCodedEntry | null => {
    const at = `${field}[${index}]`;
    if (entry === null && allowNull) return null;
    if (typeof entry === 'string') {
      previous = entry.length;
      return entry;
    }
    if (!isSharedEntry(entry)) {
      throw fail(at, `expected a string${allowNull ? ', null' : ''} or [shared characters, suffix]`);
    }
    if (entry[0] > previous) {
      throw fail(at, `shares ${entry[0]} characters with a previous entry of ${previous}`);
    }
    sharedInAll += entry[0];
    if (sharedInAll > maximumSharedCharacters) throw fail(at, tooMuchShared);
    previous = entry[0] + entry[1].length;
    return [entry[0], entry[1]];
  });
}

const tooMuchShared = `the list shares more than ${maximumSharedCharacters} characters in all`;

/** Whether `entry` is `[shared, suffix]`: a whole number, 0 or more, and a string. */
function isSharedEntry(entry: unknown): entry is [number, string] {
  return (
    Array.isArray(entry) &&
    entry.length === 2 &&
    Number.isSafeInteger(entry[0]) &&
    entry[0] >= 0 &&
    typeof entry[1] === 'string'
  );
}

/**
 * The strings of a {@link FrontCodedList} (with `allowNull`, its `null` entries too). Throws the
 * error `fail` makes, naming the entry that does not fit: not a string, a pair of the wrong shape, or
 * a shared length longer than the previous string.
 */
export function expandFrontCoded(
  value: unknown,
  field: string,
  fail: (field: string, problem: string) => Error,
  allowNull = false,
): Array<string | null> {
  if (!Array.isArray(value)) throw fail(field, 'expected an array');
  const decoder = new FrontDecoder(fail);
  return value.map((entry: unknown, index) => {
    const at = `${field}[${index}]`;
    if (entry === null && allowNull) return null;
    const decoded = decoder.read(entry, at);
    if (decoded === undefined) {
      throw fail(at, `expected a string${allowNull ? ', null' : ''} or [shared characters, suffix]`);
    }
    return decoded;
  });
}
