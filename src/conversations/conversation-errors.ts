import { AgentContextError, describeError, isAgentContextError } from '../errors.js';

/** The `state-conflict` error of a save whose expected version is not the stored one. */
export function stateConflict(
  conversationId: string,
  expectedVersion: number,
  stored: number | undefined,
): AgentContextError {
  const found = stored === undefined ? 'another save got there first' : `it is at version ${stored}`;
  return new AgentContextError(
    `Conversation ${JSON.stringify(conversationId)} was not saved: the save builds on version ${expectedVersion}, but ${found}. Another worker saved a turn of it in between; load it again and redo the turn.`,
    { code: 'state-conflict', reason: `expected version ${expectedVersion}` },
  );
}

/** A store failure as `store-failed`, naming the store and the cause; agent-context's own errors pass through. */
export function storeFailed(store: string, action: string, error: unknown): AgentContextError {
  if (isAgentContextError(error)) return error;
  return new AgentContextError(`The ${store} could not ${action}: ${describeError(error)}`, {
    code: 'store-failed',
    reason: action,
    cause: error,
  });
}

/** Refuses a conversation id that is not a non-empty string (a caller mistake). */
export function checkConversationId(conversationId: unknown): asserts conversationId is string {
  if (typeof conversationId !== 'string' || conversationId === '') {
    throw new AgentContextError('A conversation id must be a non-empty string.', {
      code: 'invalid-option',
      reason: 'conversationId',
    });
  }
}

/** Refuses an expected version that is not a whole number, 0 or more (a caller mistake). */
export function checkExpectedVersion(expectedVersion: unknown): asserts expectedVersion is number {
  if (typeof expectedVersion !== 'number' || !Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
    throw new AgentContextError(
      `expectedVersion must be a whole number, 0 or more (0 for a new conversation), got ${String(expectedVersion)}.`,
      { code: 'invalid-option', reason: 'expectedVersion' },
    );
  }
}
