import type { ToolCallResult } from '../../session/capability.js';
import { outputText } from './output-text.js';

/**
 * The output of a tool call the run executed, for a framework whose tools report errors by throwing:
 * a failed or blocked call throws an `Error` carrying the run's message (see {@link outputText}),
 * which the framework sends to the model as the tool's error.
 */
export function unwrapToolResult(result: ToolCallResult): unknown {
  if (result.isError) throw new Error(outputText(result.output));
  return result.output;
}
