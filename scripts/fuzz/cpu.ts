// CPU time of one thread (Linux /proc), so "over 5 s" means the input's own work and not the
// time it waited for a CPU on a loaded machine. Undefined where /proc is not available.
import * as fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function parse(stat: string): number | undefined {
  // fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) * TICK_MS : undefined;
}

/** The calling thread's CPU time in ms. */
export function ownCpuMs(): number | undefined {
  try {
    return parse(fs.readFileSync('/proc/thread-self/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** The calling thread's OS thread id (to read its CPU time from another thread). */
export function ownTid(): number | undefined {
  try {
    return Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** CPU time in ms of thread `tid` of this process. */
export function threadCpuMs(tid: number): number | undefined {
  try {
    return parse(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}
