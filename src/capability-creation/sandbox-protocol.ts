import type { JsonSchema } from '../session/tool-call.js';

/**
 * What a sandboxed child learned about one authored capability, sent to the agent's process as
 * data: its instructions and tool definitions are served from this, never by calling the module.
 */
export interface CapabilityDescription {
  /** The export that holds it: `default` or a named export. */
  exportName: string;
  /** The capability's own `name`. */
  name: string;
  /** Its instruction blocks, empty strings left out. */
  instructions: string[];
  /** Its tools, in order, with their input schema as JSON Schema. */
  tools: Array<{ name: string; description: string; inputSchema: JsonSchema }>;
  /** Lifecycle hooks it defines. */
  hooks: string[];
}

/** A member of an authored capability the agent's process can call: a tool's `execute` or a hook. */
export type SandboxMember =
  | 'execute'
  | 'onRunStart'
  | 'beforeToolCall'
  | 'afterToolCall'
  | 'onTouch'
  | 'onCompaction';

/** The workspace methods authored code may call back into. */
export type WorkspaceMethod = 'stat' | 'readdir' | 'realpath' | 'readFile' | 'writeFile';

/** Messages from the agent's process to a sandboxed child. */
export type SandboxRequest =
  /**
   * Import the compiled module (after checking its hash), build its capability and describe it.
   * `code` is the compiled module itself when it is not on disk (a store that cannot be written);
   * otherwise it is read from `file`.
   */
  | { type: 'load'; id: number; key: string; file: string; sha256: string; code?: string }
  /** Call a member of a loaded capability. `callId` names the call for workspace callbacks. */
  | {
      type: 'call';
      id: number;
      key: string;
      member: SandboxMember;
      tool?: string;
      args: unknown[];
      workspace: { root: string; cwd: string; writable: boolean };
    }
  /** The answer to a {@link SandboxCallback}. */
  | { type: 'callback-reply'; id: number; ok: true; value: unknown }
  | { type: 'callback-reply'; id: number; ok: false; error: string; code?: string };

/** A call from a sandboxed child back into the session's contained workspace. */
export interface SandboxCallback {
  type: 'callback';
  id: number;
  /** The `id` of the request whose code asked. */
  requestId: number;
  method: WorkspaceMethod;
  args: unknown[];
}

/** The answer to a {@link SandboxRequest}. */
export type SandboxReply =
  | {
      type: 'reply';
      id: number;
      ok: true;
      value: unknown;
      touched?: Array<{ path: string; kind?: 'file' | 'directory' }>;
    }
  | { type: 'reply'; id: number; ok: false; error: string };

/** Messages from a sandboxed child to the agent's process. */
export type SandboxMessage = SandboxReply | SandboxCallback | { type: 'ready' };
