import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The coding-assistant CLIs whose reading is recorded, pinned to the versions the table was recorded
 * with, and how each runs headless against a local recording server: a dummy key, a fresh home
 * directory, telemetry and updates off, the model's endpoint pointed at 127.0.0.1.
 */
export interface AssistantClient {
  /** The `--as` name the recording is held to. */
  assistant: string;
  /** The registry package and the pinned version. */
  packageName: string;
  version: string;
  /** The executable in `node_modules/.bin`. */
  bin: string;
  /** The arguments of one headless run of `prompt`. */
  args(prompt: string): string[];
  /** The environment of a run; `origin` is `http://127.0.0.1:PORT`. */
  environment(origin: string, home: string): Record<string, string>;
  /** Writes the client's user-level configuration into the fresh home directory. */
  configure(origin: string, home: string): Promise<void>;
}

const write = async (file: string, text: string) => {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
};

/** The six CLIs, in the order the table lists them. */
export const assistantClients: readonly AssistantClient[] = [
  {
    assistant: 'claude-code',
    packageName: '@anthropic-ai/claude-code',
    version: '2.1.332',
    bin: 'claude',
    args: (prompt) => ['-p', prompt, '--max-turns', '3', '--allowedTools', 'Read'],
    environment: (origin) => ({
      ANTHROPIC_BASE_URL: origin,
      ANTHROPIC_API_KEY: 'recording-dummy-key',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    }),
    configure: async () => {},
  },
  {
    assistant: 'codex',
    packageName: '@openai/codex',
    version: '0.171.0',
    bin: 'codex',
    args: (prompt) => ['exec', '--skip-git-repo-check', '--sandbox', 'danger-full-access', prompt],
    environment: () => ({ OPENAI_API_KEY: 'recording-dummy-key' }),
    configure: (origin, home) =>
      write(
        path.join(home, '.codex/config.toml'),
        [
          'model = "recording-model"',
          'model_provider = "recorder"',
          '[model_providers.recorder]',
          'name = "recorder"',
          `base_url = "${origin}/v1"`,
          'wire_api = "responses"',
          'env_key = "OPENAI_API_KEY"',
          'request_max_retries = 0',
          'stream_max_retries = 0',
          '',
        ].join('\n'),
      ),
  },
  {
    assistant: 'gemini-cli',
    packageName: '@google/gemini-cli',
    version: '0.61.0',
    bin: 'gemini',
    args: (prompt) => ['-p', prompt, '-m', 'gemini-2.5-flash'],
    environment: (origin) => ({ GEMINI_API_KEY: 'recording-dummy-key', GOOGLE_GEMINI_BASE_URL: origin }),
    configure: (_origin, home) =>
      write(
        path.join(home, '.gemini/settings.json'),
        JSON.stringify({
          security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
          privacy: { usageStatisticsEnabled: false },
          general: { disableAutoUpdate: true },
        }),
      ),
  },
  {
    assistant: 'copilot-cli',
    packageName: '@github/copilot',
    version: '1.0.102',
    bin: 'copilot',
    args: (prompt) => ['-p', prompt, '--allow-all-tools'],
    environment: (origin, home) => ({
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `${origin}/v1`,
      COPILOT_PROVIDER_API_KEY: 'recording-dummy-key',
      COPILOT_MODEL: 'gpt-4.1',
      COPILOT_ALLOW_ALL: 'true',
      COPILOT_AUTO_UPDATE: 'false',
      COPILOT_HOME: path.join(home, '.copilot'),
    }),
    configure: async () => {},
  },
  {
    assistant: 'opencode',
    packageName: 'opencode-ai',
    version: '1.18.33',
    bin: 'opencode',
    args: (prompt) => ['run', prompt],
    environment: () => ({ OPENCODE_DISABLE_AUTOUPDATE: '1' }),
    configure: (origin, home) =>
      write(
        path.join(home, '.config/opencode/opencode.json'),
        JSON.stringify({
          provider: {
            recorder: {
              npm: '@ai-sdk/openai-compatible',
              name: 'Recorder',
              options: { baseURL: `${origin}/v1`, apiKey: 'recording-dummy-key' },
              models: { 'recording-model': { name: 'Recording model', tool_call: true } },
            },
          },
          model: 'recorder/recording-model',
          autoupdate: false,
          share: 'disabled',
        }),
      ),
  },
  {
    assistant: 'qwen-code',
    packageName: '@qwen-code/qwen-code',
    version: '0.24.4',
    bin: 'qwen',
    args: (prompt) => ['-p', prompt, '--auth-type', 'openai', '--yolo'],
    environment: (origin) => ({
      OPENAI_API_KEY: 'recording-dummy-key',
      OPENAI_BASE_URL: `${origin}/v1`,
      OPENAI_MODEL: 'recording-model',
    }),
    configure: (_origin, home) =>
      write(
        path.join(home, '.qwen/settings.json'),
        JSON.stringify({ privacy: { usageStatisticsEnabled: false } }),
      ),
  },
];
