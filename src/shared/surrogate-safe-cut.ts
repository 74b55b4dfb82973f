/**
 * The end of a head cut: `index` moved back by one when it would split a UTF-16 surrogate pair, so
 * `text.slice(0, result)` never ends with a lone high surrogate. `index` is clamped to the text.
 */
export function headCutEnd(text: string, index: number): number {
  const end = Math.max(0, Math.min(index, text.length));
  if (
    end > 0 &&
    end < text.length &&
    isHighSurrogate(text.charCodeAt(end - 1)) &&
    isLowSurrogate(text.charCodeAt(end))
  ) {
    return end - 1;
  }
  return end;
}

/**
 * The start of a tail cut: `index` moved forward by one when it would split a UTF-16 surrogate pair,
 * so `text.slice(result)` never starts with a lone low surrogate. `index` is clamped to the text.
 */
export function tailCutStart(text: string, index: number): number {
  const start = Math.max(0, Math.min(index, text.length));
  if (
    start > 0 &&
    start < text.length &&
    isHighSurrogate(text.charCodeAt(start - 1)) &&
    isLowSurrogate(text.charCodeAt(start))
  ) {
    return start + 1;
  }
  return start;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Unpaired surrogates in `text`: each is written to a UTF-8 file as U+FFFD. */
export function countLoneSurrogates(text: string): number {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed?.call(text) === true) return 0;
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) index += 1;
    else if (isHighSurrogate(code) || isLowSurrogate(code)) count += 1;
  }
  return count;
}
