import type { RuleFormatName } from '../rule.js';
import type { RuleFormat } from '../rule-format.js';
import { ampFormat } from './amp.js';
import { augmentFormat } from './augment.js';
import { claudeCodeFormat } from './claude-code.js';
import { clineFormat } from './cline.js';
import { codexFormat } from './codex.js';
import { continueFormat } from './continue.js';
import { cursorFormat } from './cursor.js';
import { geminiCliFormat } from './gemini-cli.js';
import { githubCopilotFormat } from './github-copilot.js';
import { junieFormat } from './junie.js';
import { kiloCodeFormat } from './kilo-code.js';
import { kiroFormat } from './kiro.js';
import { opencodeFormat } from './opencode.js';
import { qwenCodeFormat } from './qwen-code.js';
import { rooCodeFormat } from './roo-code.js';
import { traeFormat } from './trae.js';
import { windsurfFormat } from './windsurf.js';
import { zedFormat } from './zed.js';

/** Every rule format read, in load order (within one directory, rules load format by format). */
export const ruleFormats: readonly RuleFormat[] = [
  claudeCodeFormat,
  codexFormat,
  geminiCliFormat,
  cursorFormat,
  githubCopilotFormat,
  windsurfFormat,
  clineFormat,
  kiroFormat,
  continueFormat,
  qwenCodeFormat,
  ampFormat,
  zedFormat,
  junieFormat,
  augmentFormat,
  traeFormat,
  rooCodeFormat,
  kiloCodeFormat,
  opencodeFormat,
];

/** The names of {@link ruleFormats}, in order. */
export const ruleFormatNames: readonly RuleFormatName[] = ruleFormats.map((format) => format.name);
