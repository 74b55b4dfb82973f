import { cpus, loadavg, release, totalmem, type } from 'node:os';

/** The machine a run happened on, for the results and the report. */
export interface MachineDescription {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** One-minute load average when the description was taken (the machine may be shared). */
  loadAverage: number;
}

/** Describe this machine. */
export function describeMachine(): MachineDescription {
  const processors = cpus();
  return {
    cpu: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    loadAverage: loadavg()[0] ?? 0,
  };
}
