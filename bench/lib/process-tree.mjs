// A process and its descendants, read from /proc (Linux): the portal runs as `scripts/start.mjs`
// → `next start` → `next-server`, and PGlite lives inside the server process.
import fs from 'node:fs';

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

function readProcesses() {
  const processes = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces or parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(entry), {
        parent: Number(fields[1]),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS,
        rssBytes: Number(fields[21]) * 4096,
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return processes;
}

/** `{ cpuMs, rssBytes }` summed over `rootPid` and all its descendants. */
export function processTreeUsage(rootPid) {
  const processes = readProcesses();
  const total = { cpuMs: 0, rssBytes: 0 };
  for (const [pid, usage] of processes) {
    for (let current = pid; current > 1; current = processes.get(current)?.parent ?? 0) {
      if (current === rootPid) {
        total.cpuMs += usage.cpuMs;
        total.rssBytes += usage.rssBytes;
        break;
      }
    }
  }
  return total;
}
