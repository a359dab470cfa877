import fs from 'node:fs'

/**
 * CPU time spent by the parts of a bench that share this machine: the server processes (every
 * thread: the JavaScript thread and the password hashing pool), PostgreSQL's processes when it
 * runs here, and the bench itself. On two shared cores a rush is over when its CPU work is done,
 * so these per-request figures move less with the machine's moment than the wall times do.
 * Read from /proc (Linux); elsewhere `cpuClock` returns undefined and nothing is printed.
 */
const ticksPerSecond = 100 // USER_HZ: 100 on every Linux architecture Node supports

/**
 * utime and stime of one process (or of one of its threads, `task/<tid>`), in seconds (fields 14
 * and 15 of /proc/<pid>/stat); zero once it has ended.
 */
const processSeconds = (pid: number | string, task = '') => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/${task}stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { user: Number(fields[11]) / ticksPerSecond, system: Number(fields[12]) / ticksPerSecond }
  } catch {
    return { user: 0, system: 0 }
  }
}
const both = ({ user, system }: { user: number; system: number }) => user + system

/** PostgreSQL's processes here, by pid: a backend started between two readings counts whole, one that ended drops out. */
const postgresProcessSeconds = () => {
  const seconds = new Map<string, number>()
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') seconds.set(pid, both(processSeconds(pid)))
    } catch {
      // ended while read
    }
  }
  return seconds
}

/** Steal and total time of the whole machine (the hypervisor's share shows as steal). */
const machineSeconds = () => {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  return { total: cpu.reduce((a, b) => a + b, 0) / ticksPerSecond, steal: (cpu[7] ?? 0) / ticksPerSecond }
}

type Reading = {
  serversUser: number
  serversSystem: number
  /** The servers' JavaScript threads (a process's first thread): the rest is password hashing and V8's compiler threads. */
  serversMain: number
  postgres: Map<string, number>
  bench: number
  total: number
  steal: number
}

const read = (serverPids: number[], withPostgres: boolean): Reading => {
  const own = process.cpuUsage()
  const servers = serverPids.map((pid) => processSeconds(pid))
  return {
    serversUser: servers.reduce((sum, { user }) => sum + user, 0),
    serversSystem: servers.reduce((sum, { system }) => sum + system, 0),
    serversMain: serverPids.reduce((sum, pid) => sum + both(processSeconds(pid, `task/${pid}/`)), 0),
    postgres: withPostgres ? postgresProcessSeconds() : new Map(),
    bench: (own.user + own.system) / 1e6,
    ...machineSeconds(),
  }
}

/**
 * Starts a clock over the given server processes (and PostgreSQL's, when `withPostgres`); `stop(count)`
 * tells milliseconds of CPU per request.
 */
export const cpuClock = (serverPids: number[], withPostgres: boolean) => {
  if (!fs.existsSync('/proc/stat')) return undefined
  const start = read(serverPids, withPostgres)
  return {
    stop: (requests: number) => {
      const end = read(serverPids, withPostgres)
      const ms = (seconds: number) => ((seconds * 1000) / requests).toFixed(1)
      let postgresSeconds = 0
      for (const [pid, seconds] of end.postgres) postgresSeconds += seconds - (start.postgres.get(pid) ?? 0)
      const stealShare = (end.steal - start.steal) / Math.max(1e-9, end.total - start.total)
      return (
        `CPU per request: servers ${ms(end.serversUser - start.serversUser + end.serversSystem - start.serversSystem)} ms ` +
        `(${ms(end.serversSystem - start.serversSystem)} of it in the kernel, ${ms(end.serversMain - start.serversMain)} on the JavaScript threads), ${withPostgres ? `PostgreSQL ${ms(postgresSeconds)} ms, ` : ''}` +
        `this bench ${ms(end.bench - start.bench)} ms; ` +
        `stolen by the host: ${(100 * stealShare).toFixed(0)} % of the machine's time`
      )
    },
  }
}
