/**
 * Worker-thread entry that validates one compiled capability module, so an authored module that
 * loops, throws, exhausts its heap or calls `process.exit` cannot harm the host. It imports the
 * module named in `workerData.moduleUrl`, builds its one capability export, runs its static parts,
 * and posts one {@link ValidationReply}. Kept small: it is built to its own file for the published
 * package and bundled on the fly when running from the TypeScript sources.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  buildCapabilityExport,
  type CapabilitySummary,
  formatValidationError,
  inspectCapability,
} from './inspect-capability.js';

/** The one message the worker posts back. */
export type ValidationReply = { ok: true; summary: CapabilitySummary } | { ok: false; error: string };

async function validate(moduleUrl: string): Promise<ValidationReply> {
  try {
    const namespace = (await import(moduleUrl)) as Record<string, unknown>;
    const { exportName, value } = buildCapabilityExport(namespace);
    return { ok: true, summary: await inspectCapability(value, exportName) };
  } catch (error) {
    return { ok: false, error: formatValidationError(error) };
  }
}

const { moduleUrl } = workerData as { moduleUrl: string };
// Keeps the thread alive while a promise of the module is pending, so a promise that never settles
// ends at the time limit instead of as an empty event loop, which would look like `process.exit(0)`.
const keepAlive = setInterval(() => undefined, 60_000);
validate(moduleUrl).then((reply) => {
  parentPort?.postMessage(reply);
  clearInterval(keepAlive);
});
