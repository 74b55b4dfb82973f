/** A content part as most frameworks shape it: a `type`, and `text` on text parts. */
export interface ContentPart {
  readonly type: string;
  readonly text?: unknown;
}

/**
 * The text of a message or tool result content: a string as it is, or the non-empty `text` of its
 * text parts joined with a newline (images and other parts are left out). `''` when there is none.
 */
export function textOfParts(content: string | readonly ContentPart[]): string {
  if (typeof content === 'string') return content;
  return content
    .flatMap((part) =>
      part.type === 'text' && typeof part.text === 'string' && part.text !== '' ? [part.text] : [],
    )
    .join('\n');
}
