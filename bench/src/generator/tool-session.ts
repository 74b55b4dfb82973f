import { createRandom, type Random } from '../random.js';

/** One tool call of a scripted session and the text its tool returned. */
export interface ScriptedToolResult {
  /** Provider-style call id (`toolu_...`), unique in the session. */
  id: string;
  toolName: string;
  input: Record<string, unknown>;
  output: string;
}

/** Options of {@link generateToolSession}. */
export interface ToolSessionOptions {
  /** Tool calls. Default 30. */
  calls?: number;
  /** Default 3. */
  seed?: number;
}

type Producer = (random: Random, size: number) => string;

/** Test logs: many short lines, failures at the end. */
const testLog: Producer = (random, size) => {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index += 1) {
    const line = `  ✓ suite ${index % 40} › case ${index} handles input ${random.integer(0, 99_999)} (${random.integer(1, 900)} ms)`;
    lines.push(line);
    length += line.length + 1;
  }
  lines.push(
    '',
    `Tests: 2 failed, ${lines.length - 2} passed`,
    'FAIL src/parser.test.ts › rejects a lone surrogate \uD83D\uDE00',
  );
  return lines.join('\n');
};

/** grep output: path:line:text. */
const grepOutput: Producer = (random, size) => {
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const line = `packages/pkg-${random.integer(0, 39)}/src/module-${random.integer(0, 300)}.ts:${random.integer(1, 2000)}:  const value = compute(${random.integer(0, 1e6)}); // TODO`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
};

/** An API response: minified JSON on one long line. */
const jsonResponse: Producer = (random, size) => {
  const items: unknown[] = [];
  let length = 0;
  while (length < size) {
    const item = {
      id: random.integer(0, 1e9),
      name: `item-${items.length}`,
      tags: ['a', 'b', 'ü'],
      score: random.next(),
    };
    items.push(item);
    length += JSON.stringify(item).length + 1;
  }
  return JSON.stringify({ items, total: items.length });
};

/** A fetched web page: long paragraphs, non-ASCII text, CRLF line ends. */
const webPage: Producer = (random, size) => {
  const paragraphs: string[] = [];
  let length = 0;
  while (length < size) {
    const words = Array.from({ length: random.integer(80, 400) }, () =>
      random.pick([
        'context',
        'agent',
        'prompt',
        'cache',
        'naïve',
        'Größe',
        '日本語',
        'token',
        'file',
        'model',
      ]),
    );
    const paragraph = words.join(' ');
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\r\n');
};

interface ToolProducer {
  toolName: string;
  produce: Producer;
  input: (index: number) => Record<string, unknown>;
  /** Agents page file reads, so `read_file` results stay under this size. */
  maxSize?: number;
}

const producers: ToolProducer[] = [
  { toolName: 'bash', produce: testLog, input: () => ({ command: 'npm test' }) },
  { toolName: 'grep', produce: grepOutput, input: (index) => ({ pattern: `TODO-${index}` }) },
  {
    toolName: 'http_get',
    produce: jsonResponse,
    input: (index) => ({ url: `http://127.0.0.1/api/items?page=${index}` }),
  },
  { toolName: 'fetch_page', produce: webPage, input: (index) => ({ url: `http://127.0.0.1/docs/${index}` }) },
  {
    toolName: 'read_file',
    produce: grepOutput,
    input: (index) => ({ path: `src/module-${index}.ts` }),
    maxSize: 19_000,
  },
];

/**
 * A deterministic coding session's tool results for the offload comparison: a mix of test logs,
 * grep output, one-line JSON, web pages (non-ASCII, CRLF, an astral character near the end of a
 * log) and paged `read_file` results (under 19,000 characters). Sizes: about half under 20,000 characters, a quarter between 20,000
 * and 80,000, a quarter between 80,000 and 400,000 (the band where both systems offload).
 */
export function generateToolSession(options: ToolSessionOptions = {}): ScriptedToolResult[] {
  const random = createRandom(options.seed ?? 3);
  const calls = options.calls ?? 30;
  const results: ScriptedToolResult[] = [];
  for (let index = 0; index < calls; index += 1) {
    const band = random.next();
    const size =
      band < 0.5
        ? random.integer(200, 19_000)
        : band < 0.75
          ? random.integer(21_000, 79_000)
          : random.integer(81_000, 400_000);
    const producer = producers[index % producers.length] as ToolProducer;
    const id = `toolu_01${index.toString(36).padStart(4, '0')}${random.integer(0, 36 ** 6).toString(36)}`;
    results.push({
      id,
      toolName: producer.toolName,
      input: producer.input(index),
      output: producer.produce(random, Math.min(size, producer.maxSize ?? size)),
    });
  }
  return results;
}
