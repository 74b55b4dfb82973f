// The adapter kit: what every framework adapter needs, written once, free of any framework import.
// (The public entry, agent-context/adapter-kit, also offers the parts no adapter here uses.)

export {
  type BreakpointBudget,
  budgetBreakpoints,
  type CacheBreakpoints,
  createBreakpointWarnings,
  resolveCacheBreakpoints,
} from './cache-breakpoints.js';
export {
  createSubAgentTools,
  type NestedAgentRun,
  type SubAgentToolsBaseOptions,
  taskInputDescription,
} from './create-sub-agent-tools.js';
export { DelegationRefused } from './delegation-chain.js';
export { type MessageFormat, placeHiddenMessages, prepareModelMessages } from './hidden-messages.js';
export { joinInstructions } from './join-instructions.js';
export {
  applyPromptBreakpoints,
  type LanguageModelMessage,
  languageModelFormat,
  withAnthropicOptions,
} from './language-model-prompt.js';
export { createMessageKeyOf } from './message-keys.js';
export { observeTrailingUserInput } from './observe-trailing-user-input.js';
export { outputText } from './output-text.js';
export { resolveSession } from './resolve-session.js';
export { type RunInput, startContextRun } from './start-context-run.js';
export { continueFromStored, snapshotToStore } from './stored-snapshot.js';
export { subAgentToolsDefaults } from './sub-agent-defaults.js';
export { subAgentToolName } from './sub-agent-tool-names.js';
export { replaceTextParts, textOfParts } from './text-of-parts.js';
export {
  composeToolList,
  composeToolRecord,
  offeredCapabilityTools,
  withCapabilityTools,
} from './tool-list.js';
export { unwrapToolResult } from './unwrap-tool-result.js';
