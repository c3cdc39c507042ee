import fs from 'node:fs';

/**
 * What the system says of a process id, judged by more than `kill(pid, 0)`: that call also succeeds
 * for a zombie (killed, not yet reaped by its parent) and for whatever process got the id since. On
 * Linux /proc tells the state, the start time and the command line; elsewhere the signal check is all.
 */

const HAS_PROC = fs.existsSync('/proc/self/stat');

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses): [state, ppid, ...]. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat
      .slice(stat.lastIndexOf(')') + 2)
      .trim()
      .split(' ');
  } catch {
    return undefined;
  }
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process runs: it exists and is no zombie (Z) or dead (X) entry waiting to be reaped. */
export function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (!HAS_PROC) return signalReaches(pid);
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/**
 * When the process started (clock ticks since boot, /proc/<pid>/stat field 22): with its pid it names
 * one process, never the one that gets the id later. Undefined without /proc or when it does not run.
 */
export function startTimeOf(pid: number): string | undefined {
  if (!HAS_PROC || !isRunning(pid)) return undefined;
  return statFields(pid)?.[19];
}

/** The process's arguments, its program first; undefined when they cannot be read (gone, zombie, no /proc). */
export function commandLineOf(pid: number): string[] | undefined {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args.length > 0 ? args : undefined;
  } catch {
    return undefined;
  }
}
