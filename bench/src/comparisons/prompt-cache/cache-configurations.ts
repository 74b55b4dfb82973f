import type { CacheConfiguration } from './run-cache-session.js';
import { systemPromptNested } from './system-prompt-nested.js';

/**
 * The four configurations of comparison 3, in report order. Every one has the same project
 * instructions, file tools and host tool; they differ only in how nested instructions are delivered
 * and whether large results are offloaded. Capability order follows the wire tests: instructions,
 * filesystem context, file tools, nested instructions.
 */
export const cacheConfigurations: CacheConfiguration[] = [
  {
    key: 'a',
    name: 'defaults',
    chartLabel: '(a) defaults',
    description:
      '`projectInstructions()`, `filesystemContext({ offload: true })`, `fileTools()`, `nestedInstructions()`: every option at its default (nested files as a hidden message after the triggering tool result; results over 20,000 characters offloaded)',
    build: (library) => ({
      capabilities: [
        library.projectInstructions(),
        library.filesystemContext({ offload: true }),
        library.fileTools(),
        library.nestedInstructions(),
      ],
    }),
  },
  {
    key: 'b',
    name: 'consolidated delivery',
    chartLabel: '(b) consolidated',
    description: "as (a), with `nestedInstructions({ delivery: 'consolidated' })`",
    build: (library) => ({
      capabilities: [
        library.projectInstructions(),
        library.filesystemContext({ offload: true }),
        library.fileTools(),
        library.nestedInstructions({ delivery: 'consolidated' }),
      ],
    }),
  },
  {
    key: 'c',
    name: 'nested re-rendered into the system prompt',
    chartLabel: '(c) system-prompt re-render',
    description:
      "as (a) without `nestedInstructions()`: the bench's baseline finds the same files and re-renders all of them into one system block after the instructions whenever a new one is found",
    build: (library) => {
      const baseline = systemPromptNested(library);
      return {
        capabilities: [
          library.projectInstructions(),
          library.filesystemContext({ offload: true }),
          library.fileTools(),
          baseline.capability,
        ],
        middleware: baseline.middleware,
      };
    },
  },
  {
    key: 'd',
    name: 'offload off',
    chartLabel: '(d) offload off',
    description:
      'as (a) without `filesystemContext({ offload: true })`: large results stay in the transcript',
    build: (library) => ({
      capabilities: [library.projectInstructions(), library.fileTools(), library.nestedInstructions()],
    }),
  },
];
