/**
 * PostgreSQL restarted and stopped under load (docs/deploy.md, "When PostgreSQL goes away"): two
 * instances on a PostgreSQL server of the bench's own (tests/helpers/privatePostgres.ts), signed-in
 * reads, signed-in writes and anonymous tickets sent without pause, then
 *   - `RESTARTS` fast restarts (default 10), each followed by a wait for every instance to serve a
 *     signed-in read again: a restart is survived when no instance exited (one that did is
 *     replaced, so each restart is tried on two instances);
 *   - one outage of `OUTAGE_SECONDS` (default 10): every answer meanwhile, by status, and the time
 *     from PostgreSQL's return to every instance serving;
 *   - every ticket answered 201 looked up in the database afterwards.
 * Run: node --import tsx bench/database-outage.ts (needs PostgreSQL's binaries, as the tests do).
 */
import { alive, byStatus, serves, startDeployment, startLoad, waitFor } from '../tests/database/deployment'
import { sleep } from '../tests/instances/instances'

const restarts = Number(process.env.RESTARTS || 10)
const outageMs = Number(process.env.OUTAGE_SECONDS || 10) * 1000

const main = async () => {
  const deployment = await startDeployment({ instances: 2 })
  const { instances, student } = deployment
  const everyInstanceServes = async () =>
    instances.every(alive) && (await Promise.all(instances.map((instance) => serves(instance, student.token)))).every(Boolean)
  const load = startLoad(deployment, { workers: 2 })
  const figures: Record<string, unknown> = {}
  try {
    await sleep(3000)
    let survived = 0
    const recoveries: number[] = []
    const deaths: string[] = []
    for (let i = 1; i <= restarts; i++) {
      deployment.postgres.restart()
      let recovered: number | undefined
      try {
        recovered = await waitFor(everyInstanceServes, 30_000, 'every instance to serve again')
      } catch {
        // Counted below.
      }
      const dead = instances.map((instance, index) => ({ instance, index })).filter(({ instance }) => !alive(instance))
      if (dead.length === 0 && recovered !== undefined) {
        survived++
        recoveries.push(recovered)
      }
      for (const { instance, index } of dead) {
        const lastLines = instance.tail(3000).split('\n').filter(Boolean).slice(-4).join(' | ')
        deaths.push(`restart ${i}: instance${index + 1} exited (code ${instance.child.exitCode}): ${lastLines.slice(0, 400)}`)
        instances[index] = await deployment.startInstance(`replacement${i}-${index + 1}`, { SEED_DEMO_ACCOUNTS: 'false' })
      }
      console.log(`restart ${i}: ${dead.length ? `${dead.length} instance(s) exited` : `every instance serving ${recovered} ms after PostgreSQL was back`}`)
      await sleep(2000)
    }
    figures.restarts = { survived, of: restarts, recoveryMs: recoveries, deaths }

    const outageStarted = Date.now()
    deployment.postgres.stop()
    await sleep(outageMs)
    deployment.postgres.start()
    const back = Date.now()
    let recoveryMs: number | string
    try {
      recoveryMs = await waitFor(everyInstanceServes, 60_000, 'every instance to serve again')
    } catch (error) {
      recoveryMs = String(error)
    }
    const during = load.answers.filter((answer) => answer.at >= outageStarted && answer.at < back)
    const kinds = ['read', 'write', 'ticket'] as const
    figures.outage = {
      seconds: outageMs / 1000,
      answers: byStatus(during),
      byKind: Object.fromEntries(kinds.map((kind) => [kind, byStatus(during.filter((answer) => answer.kind === kind))])),
      messages: [...new Set(during.filter((answer) => answer.status >= 400).map((answer) => `${answer.status} ${answer.message ?? ''}`))],
      withRetryAfter: during.filter((answer) => answer.status === 503 && answer.retryAfter).length,
      recoveryMs,
      instancesAliveAfter: instances.filter(alive).length,
    }
    await sleep(2000)
  } finally {
    await load.stop()
  }
  const subjects = new Set(await deployment.ticketSubjects(`load ${load.label} %`))
  const stored = subjects.size
  const lost = load.acknowledged.filter((subject) => !subjects.has(subject))
  figures.writes = { acknowledged: load.acknowledged.length, stored, lost: lost.length, lostSubjects: lost }
  figures.allAnswers = byStatus(load.answers)
  console.log(JSON.stringify(figures, null, 2))
  await deployment.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
