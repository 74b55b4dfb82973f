import type { CapabilitySummary } from './inspect-capability.js';

/**
 * One line describing what validation found, for tool results and the CLI, e.g.
 * `export default; tools: count_words; 1 instruction block; hooks: beforeToolCall`.
 */
export function formatCapabilitySummary(summary: CapabilitySummary): string {
  const parts = [`export ${summary.exportName}`];
  parts.push(summary.toolNames.length > 0 ? `tools: ${summary.toolNames.join(', ')}` : 'no tools');
  parts.push(`${summary.instructionBlocks} instruction block${summary.instructionBlocks === 1 ? '' : 's'}`);
  if (summary.hooks.length > 0) parts.push(`hooks: ${summary.hooks.join(', ')}`);
  return parts.join('; ');
}
