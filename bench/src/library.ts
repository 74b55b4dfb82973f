/**
 * agent-context as the benchmarks see it: the built package (`dist/`, what users install), loaded
 * by file URL so the bench needs no link into the library's own node_modules. Set
 * `AGENT_CONTEXT_BENCH_SOURCE=src` to run against the TypeScript sources instead (for developing
 * the bench before a build; figures in the report always come from `dist/`).
 */
export type AgentContext = typeof import('../../src/index.js');
/** The test helpers (`agent-context/testing`). */
export type AgentContextTesting = typeof import('../../src/testing.js');
/** The reports, renderers and parsers (`agent-context/inspect`). */
export type AgentContextInspect = typeof import('../../src/inspect.js');
/** The AI SDK adapter (`agent-context/ai-sdk`). */
export type AiSdkAdapter = typeof import('../../src/adapters/ai-sdk/index.js');

const repositoryRoot = new URL('../../', import.meta.url);

/** Whether the bench runs against `dist/` (the default) or the sources. */
export function librarySource(): 'dist' | 'src' {
  return process.env.AGENT_CONTEXT_BENCH_SOURCE === 'src' ? 'src' : 'dist';
}

let loaded: Promise<AgentContext> | undefined;

/** Import agent-context's public API once. */
export function loadAgentContext(): Promise<AgentContext> {
  loaded ??= import(
    new URL(librarySource() === 'src' ? 'src/index.ts' : 'dist/index.js', repositoryRoot).href
  ) as Promise<AgentContext>;
  return loaded;
}

let loadedTesting: Promise<AgentContextTesting> | undefined;

/** Import agent-context's test helpers (`agent-context/testing`) once. */
export function loadAgentContextTesting(): Promise<AgentContextTesting> {
  loadedTesting ??= import(
    new URL(librarySource() === 'src' ? 'src/testing.ts' : 'dist/testing.js', repositoryRoot).href
  ) as Promise<AgentContextTesting>;
  return loadedTesting;
}

let loadedInspect: Promise<AgentContextInspect> | undefined;

/** Import agent-context's reports, renderers and parsers (`agent-context/inspect`) once. */
export function loadAgentContextInspect(): Promise<AgentContextInspect> {
  loadedInspect ??= import(
    new URL(librarySource() === 'src' ? 'src/inspect.ts' : 'dist/inspect.js', repositoryRoot).href
  ) as Promise<AgentContextInspect>;
  return loadedInspect;
}

let loadedAdapter: Promise<AiSdkAdapter> | undefined;

/** Import the AI SDK adapter (`agent-context/ai-sdk`) once. */
export function loadAiSdkAdapter(): Promise<AiSdkAdapter> {
  loadedAdapter ??= import(
    new URL(librarySource() === 'src' ? 'src/adapters/ai-sdk/index.ts' : 'dist/ai-sdk.js', repositoryRoot)
      .href
  ) as Promise<AiSdkAdapter>;
  return loadedAdapter;
}
