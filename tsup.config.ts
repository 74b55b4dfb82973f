import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    inspect: 'src/inspect.ts',
    'adapter-kit': 'src/adapter-kit.ts',
    testing: 'src/testing.ts',
    conversations: 'src/conversations.ts',
    'cli/main': 'src/cli/main.ts',
    'ai-sdk': 'src/adapters/ai-sdk/index.ts',
    langchain: 'src/adapters/langchain/index.ts',
    pi: 'src/adapters/pi/index.ts',
    mastra: 'src/adapters/mastra/index.ts',
    'openai-agents': 'src/adapters/openai-agents/index.ts',
    'capability-creation/capability-sandbox': 'src/capability-creation/capability-sandbox.ts',
  },
  // A dependency loaded at run time by capability creation; it ships a native binary.
  external: ['esbuild'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: {
    entry: {
      index: 'src/index.ts',
      inspect: 'src/inspect.ts',
      'adapter-kit': 'src/adapter-kit.ts',
      testing: 'src/testing.ts',
      conversations: 'src/conversations.ts',
      'ai-sdk': 'src/adapters/ai-sdk/index.ts',
      langchain: 'src/adapters/langchain/index.ts',
      pi: 'src/adapters/pi/index.ts',
      mastra: 'src/adapters/mastra/index.ts',
      'openai-agents': 'src/adapters/openai-agents/index.ts',
    },
  },
  clean: true,
  sourcemap: true,
  splitting: true,
  shims: false,
});
