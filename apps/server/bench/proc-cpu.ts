import { readFileSync } from 'node:fs';

/** CPU figures of the benches from Linux's /proc (undefined elsewhere). */

/** USER_HZ of /proc: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

/** CPU time of a process so far, ms; undefined when it is gone or /proc is not there. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Busy and total CPU time of the whole machine (all cores) so far, ms, to tell how busy it was. */
export function machineCpuMs(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}
