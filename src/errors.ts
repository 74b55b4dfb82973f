import type { AgentContextErrorCode } from './error-codes.js';

export type { AgentContextErrorCode };

/** Context carried by every {@link AgentContextError}. */
export interface AgentContextErrorOptions {
  code: AgentContextErrorCode;
  /** The path the operation was about, as the caller gave it. Default: none. */
  path?: string;
  /** A short, human-readable reason, also part of the message. Default: none. */
  reason?: string;
  /** The underlying error, if any (kept as the standard `cause`). Default: none. */
  cause?: unknown;
}

/**
 * The one error class of agent-context. Thrown only for caller mistakes and refused operations;
 * loaders report a bad file as a {@link Diagnostic} instead of throwing.
 *
 * @example
 * try { await workspace.readFile('../secret') }
 * catch (error) { if (isAgentContextError(error) && error.code === 'path-outside-workspace') ... }
 */
export class AgentContextError extends Error {
  override readonly name = 'AgentContextError';
  readonly code: AgentContextErrorCode;
  readonly path: string | undefined;
  readonly reason: string | undefined;

  constructor(message: string, options: AgentContextErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.path = options.path;
    this.reason = options.reason;
  }
}

/** True for any {@link AgentContextError}, also across duplicated copies of the package. Never throws. */
export function isAgentContextError(error: unknown): error is AgentContextError {
  return (
    guarded(() => error instanceof Error && error.name === 'AgentContextError' && 'code' in error) === true
  );
}

/**
 * One line of text for any thrown value, for diagnostics and tool errors. Never throws, whatever
 * was thrown: an object without a prototype, a Proxy, a value whose `toString` or `message` getter
 * throws. Such code is only ever called inside a `try`.
 *
 * Strings are returned as they are; an Error (or any object with a string `message`) gives its
 * message; other values give `String(value)`, or their JSON when that says nothing
 * (`[object Object]`); what cannot be read at all is described by its type.
 *
 * @example
 * describeError(new Error('boom')); // 'boom'
 * describeError(Object.create(null)); // 'a value that could not be described was thrown (object)'
 */
export function describeError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error === null || (typeof error !== 'object' && typeof error !== 'function')) {
    // Numbers, booleans, bigints, symbols and undefined have no user code in their String().
    return String(error);
  }
  const message = guarded(() => (error as { message?: unknown }).message);
  if (typeof message === 'string') return message;
  if (guarded(() => error instanceof Error) === true) {
    const name = guarded(() => (error as Error).name);
    return `${typeof name === 'string' ? name : 'Error'} whose message could not be read`;
  }
  const text = guarded(() => String(error));
  if (typeof text === 'string' && text !== '[object Object]') return text;
  const json = guarded(() => JSON.stringify(error));
  if (typeof json === 'string' && json !== '{}') {
    return json.length > describedJsonLimit ? `${json.slice(0, describedJsonLimit)}...` : json;
  }
  return `a value that could not be described was thrown (${typeof error})`;
}

/** Characters of a thrown object's JSON kept by {@link describeError}. */
const describedJsonLimit = 500;

/** The value of `read()`, or `undefined` when it throws. */
function guarded<Value>(read: () => Value): Value | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
