// agent-context/inspect: what the `agent-context` CLI shows, as functions. Reports of what the
// library finds without a session and their text, the renderers of the prompt text the
// capabilities use, and the parsers of the files they read.

// Diagnostics: one line each, as every command prints them.

export { formatDiagnostic } from './format-diagnostic.js';

// Instructions: the report of `agent-context inspect` and `render`.

export type { AssistantReport, DroppedFile } from './instructions/assistant-instructions.js';
export {
  estimateTokens,
  type FormatInstructionsReportOptions,
  formatInstructionsReport,
} from './instructions/format-instructions-report.js';
export {
  type InspectInstructionsOptions,
  type InstructionsReport,
  inspectInstructions,
} from './instructions/inspect-instructions.js';

// One path: everything an agent gets when it touches a file (`agent-context path`, MCP `instructions_for_path`).

export {
  type InstructionsForPathOptions,
  instructionsForPath,
  type PathInstructions,
  type PathInstructionsEntry,
  type PathInstructionsReason,
} from './presets/instructions-for-path.js';

// Rules: the report of `agent-context rules`.

export { formatRulesReport } from './rules/format-rules-report.js';
export {
  type InspectRulesOptions,
  inspectRules,
  type RuleFileReport,
  type RulesReport,
} from './rules/inspect-rules.js';

// Inventory: the tree of `agent-context inventory` and the summary in `inspect`.

export { renderInventorySummary } from './inventory/render-inventory-summary.js';
export { type RenderInventoryOptions, renderInventoryTree } from './inventory/render-inventory-tree.js';

// Capability creation: the lines of `agent-context capabilities`.

export { formatCapabilitySummary } from './capability-creation/format-capability-summary.js';
export type { CapabilitySummary } from './capability-creation/inspect-capability.js';

// Prompt text: how the capabilities render instruction files and the skills catalog.

export { renderNestedFiles } from './instructions/nested/render-nested-files.js';
export { type ContextFileBlock, renderContextFile, renderContextFiles } from './instructions/render.js';
export {
  type CatalogSkill,
  renderSkillsCatalog,
  type SkillsCatalog,
  type SkillsCatalogOptions,
} from './inventory/render-skills-catalog.js';

// Parsers: frontmatter, and the checks of an asset's name and description.

export {
  type FrontmatterStatus,
  type ParsedFrontmatter,
  parseFrontmatter,
} from './frontmatter/parse-frontmatter.js';
export {
  type CheckAssetFieldsOptions,
  type CheckedAssetFields,
  checkAssetFields,
} from './inventory/check-asset-fields.js';
