// The adapter kit: what every framework adapter needs, written once, free of any framework import.

export {
  type BreakpointBudget,
  budgetBreakpoints,
  type CacheBreakpoints,
  createBreakpointWarnings,
  maxCacheBreakpoints,
  resolveCacheBreakpoints,
} from './cache-breakpoints.js';
export { type ContentKeyOf, createContentKeys } from './content-keys.js';
export {
  createSubAgentTools,
  type NestedAgentRun,
  type SubAgentToolsBaseOptions,
  type SubAgentToolsFramework,
  taskInputDescription,
} from './create-sub-agent-tools.js';
export { DelegationRefused, delegationChain, delegationRefusal, runDelegated } from './delegation-chain.js';
export { type CommandMessageFormat, expandCommandMessages } from './expand-command-messages.js';
export { type HiddenMessageFormat, isHidden, placeHiddenMessages } from './hidden-messages.js';
export { joinInstructions } from './join-instructions.js';
export {
  applyPromptBreakpoints,
  type LanguageModelMessage,
  type LanguageModelPart,
  type LanguageModelRequest,
  languageModelCommandFormat,
  languageModelMessageFormat,
} from './language-model-prompt.js';
export { createMessageKeyOf, type MessageIdentity } from './message-keys.js';
export { observeTrailingUserInput, type UserInputText } from './observe-trailing-user-input.js';
export { outputText } from './output-text.js';
export {
  type PreparedSubAgentRun,
  prepareSubAgentRun,
  reportSubAgentDiagnostics,
  type SubAgentRunOptions,
} from './prepare-sub-agent-run.js';
export { adapterWarning, createReportOnce } from './report-once.js';
export { resolveSession } from './resolve-session.js';
export { type RunInput, startContextRun } from './start-context-run.js';
export { subAgentToolsDefaults } from './sub-agent-defaults.js';
export { planSubAgentTools, type SubAgentToolPlan, subAgentToolName } from './sub-agent-tool-names.js';
export { type ContentPart, replaceTextParts, textOfParts } from './text-of-parts.js';
export {
  composeToolList,
  composeToolRecord,
  offeredCapabilityTools,
  type ToolListShape,
  withCapabilityTools,
} from './tool-list.js';
export { unwrapToolResult } from './unwrap-tool-result.js';
