import type { Run } from '../../session/capability.js';

/**
 * The host's instructions followed by the run's instruction blocks, in the run's (capability) order,
 * separated by a blank line, for a framework whose instructions are one string: `HOST\n\nBLOCK 1\n\nBLOCK 2`.
 * The blocks were frozen at `startRun()`, so every model call of the run gets the same bytes. An
 * empty host text gives the blocks alone.
 */
export function joinInstructions(host: string, run: Run): string {
  return [host, ...run.instructionBlocks.map((block) => block.text)]
    .filter((text) => text !== '')
    .join('\n\n');
}
