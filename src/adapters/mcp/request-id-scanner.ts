/** A request id longer than this many characters is not read (ids are short numbers or strings). */
const maxIdCharacters = 1_024;

/** Finds the `id` of a JSON-RPC message while its bytes go by. See {@link requestIdScanner}. */
export interface RequestIdScanner {
  /** Look at the next bytes of the message (nothing is kept of them but the id). */
  push(chunk: Uint8Array): void;
  /** The top-level `id` once it has gone by (a string or a finite number), else `undefined`. */
  readonly id: string | number | undefined;
}

const quote = 0x22;
const backslash = 0x5c;
const colon = 0x3a;
const comma = 0x2c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;

function isNumberByte(byte: number): boolean {
  // 0-9, '-', '+', '.', 'e', 'E'
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2d ||
    byte === 0x2b ||
    byte === 0x2e ||
    byte === 0x65 ||
    byte === 0x45
  );
}

/**
 * A scanner for the top-level `id` of one JSON-RPC message that is too large to be held: it walks
 * the bytes once, keeping only its place in the JSON (depth, inside a string or not, the key being
 * read), so the id of a request over the size limit can be answered wherever it stands, at the
 * line's start or (as the MCP SDK's client writes it) after the params. Never throws: bytes that
 * are not JSON simply leave the id `undefined`. Nested `id` keys (inside `params`) are not the
 * request's and are passed over.
 */
export function requestIdScanner(): RequestIdScanner {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectKey = false;
  let readingKey = false;
  let key = '';
  let valueOfId = false;
  let captured: string | undefined;
  let capturing: 'string' | 'number' | undefined;
  let id: string | number | undefined;
  let done = false;

  const finish = () => {
    capturing = undefined;
    done = true;
    try {
      const value = JSON.parse(captured ?? '') as unknown;
      if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) id = value;
    } catch {
      // Not a readable id: the answer goes to id null.
    }
  };

  const push = (chunk: Uint8Array) => {
    for (let index = 0; index < chunk.length && !done; index += 1) {
      const byte = chunk[index] as number;
      if (inString) {
        const closing = !escaped && byte === quote;
        if (escaped) escaped = false;
        else if (byte === backslash) escaped = true;
        if (!closing) {
          if (readingKey && key.length < 3) key += String.fromCharCode(byte);
          if (capturing === 'string') {
            captured += String.fromCharCode(byte);
            if ((captured?.length ?? 0) > maxIdCharacters) done = true;
          }
          continue;
        }
        inString = false;
        if (readingKey) readingKey = false;
        else if (capturing === 'string') {
          // Collected byte by byte: decoded as UTF-8 once whole.
          captured = `${Buffer.from(captured ?? '', 'latin1').toString('utf8')}"`;
          finish();
        }
        continue;
      }
      if (capturing === 'number') {
        if (isNumberByte(byte)) {
          captured += String.fromCharCode(byte);
          continue;
        }
        finish();
        break;
      }
      switch (byte) {
        case quote:
          inString = true;
          if (depth === 1 && expectKey) {
            readingKey = true;
            key = '';
          } else if (depth === 1 && valueOfId) {
            capturing = 'string';
            captured = '"';
          }
          break;
        case openBrace:
        case openBracket:
          depth += 1;
          if (depth === 1) expectKey = byte === openBrace;
          valueOfId = false;
          break;
        case closeBrace:
        case closeBracket:
          depth -= 1;
          break;
        case colon:
          if (depth === 1 && expectKey) {
            expectKey = false;
            valueOfId = key === 'id';
          }
          break;
        case comma:
          if (depth === 1) {
            expectKey = true;
            valueOfId = false;
          }
          break;
        default:
          if (depth === 1 && valueOfId && isNumberByte(byte)) {
            capturing = 'number';
            captured = String.fromCharCode(byte);
          }
      }
    }
  };

  return {
    push,
    get id() {
      return id;
    },
  };
}
