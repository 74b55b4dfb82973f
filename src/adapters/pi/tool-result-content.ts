import type { ToolResultEvent } from '@mariozechner/pi-coding-agent';

/** The content of a pi tool result: text and image parts. */
export type PiToolContent = ToolResultEvent['content'];

/**
 * The text of a pi tool result, as the run's hooks see it: the text parts joined with a newline
 * (`''` when there are none). Image parts are not text; they stay in the result as they are.
 */
export function contentText(content: PiToolContent): string {
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/**
 * The content of a result whose text a hook replaced (an offload preview, an appended note): one text
 * part holding `output` (a string as it is, anything else as JSON), then the original image parts.
 */
export function replaceContentText(content: PiToolContent, output: unknown): PiToolContent {
  const text = typeof output === 'string' ? output : (JSON.stringify(output) ?? '');
  return [{ type: 'text', text }, ...content.filter((part) => part.type !== 'text')];
}

/** A capability tool's output as pi tool content: one text part (a string as is, anything else as JSON). */
export function outputContent(output: unknown): PiToolContent {
  return replaceContentText([], output);
}
