// Where a machine's cores went while a load ran: the load generator (this process), the Samen server (its process and
// its workers), PostgreSQL (every process named postgres), everything else, time the hypervisor took (steal) and idle
// time, each as an average number of cores. It says whether a server that stops scaling is short of cores or of
// something else, which a CPU profile of the server alone cannot: on a 2-core machine the generator and PostgreSQL
// take cores the workers would otherwise have. Linux only (/proc); elsewhere every figure is 0.
import fs from "node:fs";

export interface CpuShare {
  /** Average cores in use over the measured time. */
  generator: number;
  server: number;
  postgres: number;
  other: number;
  steal: number;
  idle: number;
}

const ticksPerSecond = 100; // USER_HZ, 100 on every Linux architecture Node runs on

function read(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return ""; // the process ended between listing and reading, or this is not Linux
  }
}

/** A process's CPU seconds, its own and those of children it has waited for (exited PostgreSQL backends). */
function processSeconds(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: the numeric fields start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime, stime, cutime, cstime are fields 14–17 of the whole line, 12–15 after the name and state.
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0) / ticksPerSecond;
}

/** A process and its descendants (a server's cluster workers). */
export function processTree(pid: number): number[] {
  const children = read(`/proc/${pid}/task/${pid}/children`).split(" ").filter(Boolean).map(Number);
  return [pid, ...children.flatMap(processTree)];
}

function treeSeconds(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + processSeconds(member), 0);
}

function postgresSeconds(): number {
  let sum = 0;
  for (const entry of fs.existsSync("/proc") ? fs.readdirSync("/proc") : []) {
    if (/^\d+$/.test(entry) && read(`/proc/${entry}/comm`).trim() === "postgres") sum += processSeconds(Number(entry));
  }
  return sum;
}

/** The machine's busy, steal and idle seconds, summed over its cores (the first line of /proc/stat). */
function machineSeconds(): { busy: number; steal: number; idle: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = read("/proc/stat")
    .split("\n")[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const seconds = (value = 0) => value / ticksPerSecond;
  return {
    busy: seconds(user) + seconds(nice) + seconds(system) + seconds(irq) + seconds(softirq),
    steal: seconds(steal),
    idle: seconds(idle) + seconds(iowait),
  };
}

function snapshot(serverPid: number) {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    generator: (own.user + own.system) / 1e6,
    server: treeSeconds(serverPid),
    postgres: postgresSeconds(),
    machine: machineSeconds(),
  };
}

/** Starts measuring; the returned function stops and gives the averages since the start. */
export function measureCpu(serverPid: number): () => CpuShare {
  const start = snapshot(serverPid);
  return () => {
    const end = snapshot(serverPid);
    const seconds = (end.at - start.at) / 1000;
    const cores = (value: number) => Math.max(0, value) / seconds;
    const generator = cores(end.generator - start.generator);
    const server = cores(end.server - start.server);
    const postgres = cores(end.postgres - start.postgres);
    const busy = cores(end.machine.busy - start.machine.busy);
    return {
      generator,
      server,
      postgres,
      other: Math.max(0, busy - generator - server - postgres),
      steal: cores(end.machine.steal - start.machine.steal),
      idle: cores(end.machine.idle - start.machine.idle),
    };
  };
}

/** "generator 0.31, Samen 1.12, PostgreSQL 0.40, other 0.05, steal 0.02, idle 0.10" (cores). */
export function cpuShareText(share: CpuShare | undefined): string {
  if (!share) return "";
  const figure = (value: number) => value.toFixed(2);
  return `generator ${figure(share.generator)}, Samen ${figure(share.server)}, PostgreSQL ${figure(share.postgres)}, other ${figure(share.other)}, steal ${figure(share.steal)}, idle ${figure(share.idle)}`;
}

/** CPU milliseconds per request answered, of the generator, Samen and PostgreSQL, from a share and a rate. */
export function cpuPerRequestText(share: CpuShare | undefined, requestsPerSecond: number): string {
  if (!share || requestsPerSecond <= 0) return "";
  const ms = (cores: number) => ((cores / requestsPerSecond) * 1000).toFixed(2);
  const total = share.generator + share.server + share.postgres;
  return `${ms(total)} ms (generator ${ms(share.generator)}, Samen ${ms(share.server)}, PostgreSQL ${ms(share.postgres)})`;
}
