// A process and its children as /proc shows them (Linux), for the tests and the bench that start
// the server as several processes (WEB_CONCURRENCY).
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/PID/stat after the command's name (state, ppid, …). */
function statFields(pid: number): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** The processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(Number(entry))[1]) === pid) found.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/** The process's user + system CPU time so far, in clock ticks (100 a second). */
export function cpuTicks(pid: number): number {
  const fields = statFields(pid);
  return Number(fields[11]) + Number(fields[12]);
}
