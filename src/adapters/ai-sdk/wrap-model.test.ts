import { describe, expect, it } from 'vitest';
import { isAgentContextError } from '../../errors.js';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import { withContext } from './with-context.js';
import { wrapModel } from './wrap-model.js';

describe('wrapModel', () => {
  it('refuses a model id string with a message naming the fix', () => {
    try {
      wrapModel('openai/gpt-5', {});
      expect.unreachable();
    } catch (error) {
      expect(isAgentContextError(error) && error.code).toBe('invalid-option');
      expect(String(error)).toContain('gateway("openai/gpt-5")');
    }
  });

  it('makes withContext refuse a model id string before any run starts', () => {
    const session = createContextSession({ workspace: memoryWorkspace({}) });
    expect(() => withContext(session, { model: 'anthropic/claude-sonnet-4-5' })).toThrow(/model instance/);
    expect(session.currentRun).toBeUndefined();
  });

  it('keeps the inner model specification version and identity fields', async () => {
    const inner = {
      specificationVersion: 'v3',
      provider: 'p',
      modelId: 'm',
      supportedUrls: {},
      doGenerate: async (params: unknown) => params,
      doStream: async (params: unknown) => params,
    };
    const wrapped = wrapModel(inner as never, {
      transformParams: async ({ params }) => ({ ...params, temperature: 0.5 }),
    }) as unknown as typeof inner;
    expect([wrapped.specificationVersion, wrapped.provider, wrapped.modelId]).toEqual(['v3', 'p', 'm']);
    expect(await wrapped.doGenerate({ prompt: [] })).toEqual({ prompt: [], temperature: 0.5 });
  });
});
