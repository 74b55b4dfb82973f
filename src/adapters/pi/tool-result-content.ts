import type { ToolResultEvent } from '@mariozechner/pi-coding-agent';
import { outputText } from '../kit/index.js';

/** The content of a pi tool result: text and image parts. */
export type PiToolContent = ToolResultEvent['content'];

/**
 * The content of a result whose text a hook replaced (an offload preview, an appended note): one text
 * part holding `output` (a string as it is, anything else as JSON), then the original image parts.
 */
export function replaceContentText(content: PiToolContent, output: unknown): PiToolContent {
  return [{ type: 'text', text: outputText(output) }, ...content.filter((part) => part.type !== 'text')];
}

/** A capability tool's output as pi tool content: one text part (a string as is, anything else as JSON). */
export function outputContent(output: unknown): PiToolContent {
  return replaceContentText([], output);
}
