import { AgentContextError } from '../../errors.js';
import { assistantNames } from '../../tool-vocabulary/assistant.js';
import type { AssistantReading } from './assistant-reading.js';
import { claudeCodeReading } from './claude-code.js';
import { codexReading } from './codex.js';
import { copilotCliReading } from './copilot-cli.js';
import { cursorReading } from './cursor.js';
import { geminiCliReading } from './gemini-cli.js';
import { githubCopilotReading } from './github-copilot.js';
import { opencodeReading } from './opencode.js';
import { qwenCodeReading } from './qwen-code.js';
import { windsurfReading } from './windsurf.js';
import { zedReading } from './zed.js';

/** Every assistant whose documented reading is reproduced, in the order `--as` lists them. */
export const assistantReadings: readonly AssistantReading[] = [
  claudeCodeReading,
  codexReading,
  geminiCliReading,
  githubCopilotReading,
  copilotCliReading,
  cursorReading,
  windsurfReading,
  zedReading,
  opencodeReading,
  qwenCodeReading,
];

/** The reading of one assistant. Throws `invalid-option` for a name that is not one of {@link assistantNames}. */
export function assistantReading(name: string): AssistantReading {
  const reading = assistantReadings.find((candidate) => candidate.name === name);
  if (reading === undefined) {
    const message = `Unknown assistant ${JSON.stringify(name)}: expected one of ${assistantNames.join(', ')}`;
    throw new AgentContextError(message, { code: 'invalid-option', reason: message });
  }
  return reading;
}
