import * as fs from 'node:fs';

/**
 * CPU of every process of this bench's capture turns: the turns' OpenClaw
 * processes are this process's children and lead their own process groups;
 * every process in one of those groups (MCP servers included) counts.
 * /proc is read every 100 ms; a process's last figure before it ended counts.
 */
export class GroupCpu {
  private readonly groups = new Set<number>();
  private readonly ticks = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;
  private static readonly HZ = 100;

  constructor() {
    this.timer = setInterval(() => this.sample(), 100);
  }

  private sample(): void {
    let entries: string[];
    try {
      entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
    } catch {
      return;
    }
    const stats: { pid: number; ppid: number; pgid: number; cpu: number }[] = [];
    for (const e of entries) {
      try {
        const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        stats.push({ pid: Number(e), ppid: Number(f[1]), pgid: Number(f[2]), cpu: Number(f[11]) + Number(f[12]) });
      } catch {
        // gone meanwhile
      }
    }
    for (const st of stats) {
      if (st.ppid === process.pid && st.pgid === st.pid) {
        this.groups.add(st.pgid);
      }
    }
    for (const st of stats) {
      if (this.groups.has(st.pgid)) {
        this.ticks.set(st.pid, Math.max(this.ticks.get(st.pid) ?? 0, st.cpu));
      }
    }
  }

  /** Seconds so far; `reset` starts the next run from zero. */
  take(): number {
    this.sample();
    let sum = 0;
    for (const t of this.ticks.values()) {
      sum += t;
    }
    this.ticks.clear();
    this.groups.clear();
    return sum / GroupCpu.HZ;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
