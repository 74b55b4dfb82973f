import type { NestedSide } from './nested-side.js';

/**
 * Gemini CLI's just-in-time context loader, through its public API: `resetGeminiMdFilename(['AGENTS.md',
 * 'CLAUDE.md'])`, then one `new MemoryContextManager(config)` per session and
 * `discoverContext(path, [root])` per touch, as Gemini's read/list/write tools call it. The config
 * is a stub with the only two methods `discoverContext` uses (trusted folder, `.git` boundary). The
 * surfaced files are the paths `getLoadedPaths()` gained during the call. The root's own files are
 * loaded at session start by one untimed `discoverContext(root)`, as `refresh()` would.
 */
export const geminiSide: NestedSide = {
  name: 'Gemini CLI JIT loader',
  calls:
    "`@google/gemini-cli-core`: `resetGeminiMdFilename(['AGENTS.md', 'CLAUDE.md'])`; per session `new MemoryContextManager(config)`; per touch `discoverContext(path, [root])`, new files read from `getLoadedPaths()`",
  async create(root) {
    const gemini = await import('@google/gemini-cli-core');
    // Gemini's loader logs every step with console.debug; the Gemini CLI app patches console so
    // those calls go nowhere outside debug mode. Do the same, or the terminal write would be timed.
    console.debug = () => {};
    gemini.resetGeminiMdFilename(['AGENTS.md', 'CLAUDE.md']);
    const config = { isTrustedFolder: () => true, getMemoryBoundaryMarkers: () => ['.git'] };
    const manager = new gemini.MemoryContextManager(
      config as unknown as ConstructorParameters<typeof gemini.MemoryContextManager>[0],
    );
    await manager.discoverContext(root, [root]);
    return {
      async touch(absolutePath) {
        const before = manager.getLoadedPaths().size;
        await manager.discoverContext(absolutePath, [root]);
        const loaded = manager.getLoadedPaths();
        // A Set keeps insertion order, so the new paths are the tail.
        return loaded.size === before ? [] : [...loaded].slice(before);
      },
    };
  },
};
