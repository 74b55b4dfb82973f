import type { Run } from '../../session/capability.js';

/**
 * pi's system prompt followed by the run's instruction blocks, in the run's (capability) order, each
 * separated by a blank line: `HOST\n\nBLOCK 1\n\nBLOCK 2`. The blocks were frozen at `startRun()`,
 * and pi keeps the system prompt `before_agent_start` returns for every model call of the run, so
 * every call of a run sends the same bytes. Returns `undefined` when the run has no blocks (pi then
 * keeps its own prompt). An empty host prompt gives the blocks alone.
 */
export function appendInstructions(systemPrompt: string, run: Run): string | undefined {
  if (run.instructionBlocks.length === 0) return undefined;
  const blocks = run.instructionBlocks.map((block) => block.text);
  return [systemPrompt, ...blocks].filter((text) => text !== '').join('\n\n');
}
