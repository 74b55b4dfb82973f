import type { RuleFormatName } from '../rule.js';
import type { RuleFormat } from '../rule-format.js';
import { claudeCodeFormat } from './claude-code.js';
import { clineFormat } from './cline.js';
import { codexFormat } from './codex.js';
import { continueFormat } from './continue.js';
import { cursorFormat } from './cursor.js';
import { geminiCliFormat } from './gemini-cli.js';
import { githubCopilotFormat } from './github-copilot.js';
import { kiroFormat } from './kiro.js';
import { windsurfFormat } from './windsurf.js';

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
];

/** The names of {@link ruleFormats}, in order. */
export const ruleFormatNames: readonly RuleFormatName[] = ruleFormats.map((format) => format.name);
