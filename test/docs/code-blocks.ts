/** A fenced code block of a Markdown page, with what the docs check does with it. */
export interface CodeBlock {
  /** The page, as given to `extractCodeBlocks` (a POSIX path relative to the repository). */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The first word of the info string (`ts`, `sh`, `text`, ...), lowercased; `''` when absent. */
  language: string;
  /** The words after the language in the info string (`fragment`). */
  flags: string[];
  /** The block's text, without the fences, ending with a newline. */
  code: string;
  /** The `text` block this block must print, when the block is followed by a line `prints`. */
  prints?: ExpectedOutput;
}

/** The output a block must print. */
export interface ExpectedOutput {
  /** 1-based line of the output block's opening fence. */
  line: number;
  /** The expected text, ending with a newline. */
  text: string;
  /**
   * The block ends with a line `...`: only the lines before it are compared, with the start of the
   * real output (for an excerpt of a long output).
   */
  excerpt: boolean;
  /** Offsets of the expected text in the page (start of its first line, end after its last line). */
  range: { start: number; end: number };
}

/** A page's code blocks, and the mistakes in how its markers are used. */
export interface PageBlocks {
  blocks: CodeBlock[];
  problems: string[];
}

/** The line between a block and its expected output. */
export const printsMarker = 'prints';
/** The flag of a TypeScript block that is a fragment: neither type-checked nor run. */
export const fragmentFlag = 'fragment';
/** The last line of an expected output that is only the beginning of the real output. */
export const excerptMarker = '...';

const typeScriptLanguages = new Set(['ts', 'typescript']);

/** Whether a block is TypeScript the docs check compiles. */
export function isTypeScript(block: CodeBlock): boolean {
  return typeScriptLanguages.has(block.language) && !block.flags.includes(fragmentFlag);
}

interface Fence {
  line: number;
  language: string;
  flags: string[];
  code: string;
  codeStart: number;
  codeEnd: number;
}

/**
 * The fenced code blocks of `markdown`, in page order. A block followed by a paragraph that is
 * exactly `prints` gets the next block (which must be a `text` block) as its expected output; that
 * output block is not a block of its own.
 */
export function extractCodeBlocks(markdown: string, file: string): PageBlocks {
  const lines = markdown.split('\n');
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }

  const fences: Fence[] = [];
  const between: string[][] = [];
  let current:
    | { line: number; fence: string; indent: number; language: string; flags: string[]; body: string[] }
    | undefined;
  let gap: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (current) {
      if (line.trim() === current.fence) {
        const codeStart = offsets[current.line] ?? 0;
        const codeEnd = offsets[index] ?? markdown.length;
        fences.push({
          line: current.line,
          language: current.language,
          flags: current.flags,
          code: current.body.map((bodyLine) => `${bodyLine}\n`).join(''),
          codeStart,
          codeEnd,
        });
        current = undefined;
        gap = [];
      } else {
        // A fence indented in a list item: its lines carry the same indentation.
        current.body.push(line.slice(Math.min(current.indent, line.length - line.trimStart().length)));
      }
      continue;
    }
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/.exec(line);
    if (open) {
      const [language = '', ...flags] = (open[3] ?? '').trim().split(/\s+/).filter(Boolean);
      between.push(gap);
      current = {
        line: index + 1,
        fence: open[2] ?? '```',
        indent: open[1]?.length ?? 0,
        language: language.toLowerCase(),
        flags,
        body: [],
      };
    } else {
      gap.push(line);
    }
  }

  const blocks: CodeBlock[] = [];
  const problems: string[] = [];
  if (current) problems.push(`${file}:${current.line}: the code block is never closed`);

  for (let index = 0; index < fences.length; index++) {
    const fence = fences[index] as Fence;
    const block: CodeBlock = {
      file,
      line: fence.line,
      language: fence.language,
      flags: fence.flags,
      code: fence.code,
    };
    blocks.push(block);
    const next = fences[index + 1];
    const gapLines = (between[index + 1] ?? []).map((line) => line.trim()).filter(Boolean);
    const marked = gapLines.length === 1 && gapLines[0] === printsMarker;
    if (!marked) continue;
    if (next?.language !== 'text') {
      problems.push(`${file}:${fence.line}: a \`prints\` line must be followed by a \`text\` block`);
      continue;
    }
    const bodyLines = next.code.split('\n').slice(0, -1);
    const excerpt = bodyLines.at(-1) === excerptMarker;
    block.prints = {
      line: next.line,
      text: excerpt
        ? bodyLines
            .slice(0, -1)
            .map((line) => `${line}\n`)
            .join('')
        : next.code,
      excerpt,
      range: { start: next.codeStart, end: next.codeEnd },
    };
    if (block.flags.includes(fragmentFlag)) {
      problems.push(`${file}:${fence.line}: a fragment cannot be run, so it cannot have a \`prints\` block`);
    }
    index++;
  }
  return { blocks, problems };
}
