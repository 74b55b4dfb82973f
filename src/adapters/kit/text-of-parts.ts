/** A content part as most frameworks shape it: a `type`, and `text` on text parts. */
export interface ContentPart {
  readonly type: string;
  readonly text?: unknown;
}

/**
 * The text of a message or tool result content: a string as it is, or the non-empty `text` of its
 * parts of type `textType` (default `text`; `input_text` in the OpenAI Agents SDK) joined with a
 * newline (images and other parts are left out). `''` when there is none, or the content is neither.
 */
export function textOfParts(content: unknown, textType = 'text'): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as readonly ContentPart[])
    .flatMap((part) =>
      part.type === textType && typeof part.text === 'string' && part.text !== '' ? [part.text] : [],
    )
    .join('\n');
}

/**
 * A copy of `parts` whose text is `text`: it stands as the first part of type `textType` stood (that
 * part's other fields kept), the other parts of that type are dropped, every other part stays.
 */
export function replaceTextParts<Part extends ContentPart>(
  parts: readonly Part[],
  text: string,
  textType = 'text',
): Part[] {
  const first = parts.findIndex((part) => part.type === textType);
  return parts.flatMap((part, index) =>
    index === first ? [{ ...part, text }] : part.type === textType ? [] : [part],
  );
}
