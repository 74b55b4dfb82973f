import type { ToolResultEvent } from '@mariozechner/pi-coding-agent';
import { outputText } from '../kit/index.js';

/** The content of a pi tool result: text and image parts. */
export type PiToolContent = ToolResultEvent['content'];

/**
 * Tool content holding `output` as one text part (a string as it is, anything else as JSON), then the
 * image parts of `content`: a result whose text a hook replaced, or (with `[]`) a capability tool's.
 */
export function replaceContentText(content: PiToolContent, output: unknown): PiToolContent {
  return [{ type: 'text', text: outputText(output) }, ...content.filter((part) => part.type !== 'text')];
}
