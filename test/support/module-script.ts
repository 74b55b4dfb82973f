import { spawn } from 'node:child_process';

/**
 * Test support: run `script` (an ES module's source) in a new Node process, as a worker of a host
 * would run; its standard output, trimmed. Rejects when the process cannot start or exits with a
 * code other than 0.
 */
export function runModuleScript(script: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`the script's process exited with ${code}`)),
    );
  });
}
