import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** The machine a run was taken on: printed above every table. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  chromium: string;
  /** 1-minute load average when the run started and when it ended. */
  loadAtStart: number;
  loadAtEnd: number;
}

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function machineAtStart(): Omit<MachineInfo, 'loadAtEnd'> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGB: os.totalmem() / 2 ** 30,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    chromium: chromiumVersion(),
    loadAtStart: os.loadavg()[0]!,
  };
}

export function currentLoad(): number {
  return os.loadavg()[0]!;
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    return 'not found';
  }
}

export function describeMachine(machine: MachineInfo): string {
  return [
    `${machine.cores} × ${machine.cpu}`,
    `${machine.memoryGB.toFixed(1)} GiB RAM`,
    machine.os,
    `Node ${machine.node}`,
    machine.chromium,
  ].join(' · ');
}

/** More runnable work than cores: other processes competed for the CPU during the run. */
export function underLoad(machine: MachineInfo): boolean {
  return Math.max(machine.loadAtStart, machine.loadAtEnd) > machine.cores;
}
