/** Defaults of {@link capabilityCreation} and `createCapabilityStore`. */
export const capabilityCreationDefaults = {
  /** Milliseconds a module may take to import and give its static parts when it is validated. */
  timeoutMs: 5_000,
  /** Heap limit of the validation child and of the capability host, in MiB. */
  memoryLimitMb: 128,
  /** Milliseconds one authored tool call may take in the capability host. */
  executeTimeoutMs: 30_000,
  /** Milliseconds one authored hook call may take. */
  hookTimeoutMs: 5_000,
  /** Authored code runs in the sandboxed capability host, never in the agent's process. */
  trusted: false,
  /** Waiting for the manifest lock: give up after `timeoutMs`, take over a lock held `staleMs`. */
  lock: { timeoutMs: 30_000, staleMs: 10_000 },
} as const;
