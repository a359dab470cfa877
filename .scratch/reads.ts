const { startBenchServer } = await import('../bench/harness')
const bench = await startBenchServer()
const { payload } = bench
const u = (await payload.find({ collection: 'users', where: { username: { equals: 'demo-student' } }, overrideAccess: true })).docs[0]
for (let r = 0; r < 3; r++) {
  const t = performance.now()
  for (let i = 0; i < 500; i++) await payload.findByID({ collection: 'users', id: u.id, overrideAccess: true, depth: 0 })
  const t2 = performance.now()
  for (let i = 0; i < 500; i++) await payload.db.updateOne({ collection: 'users', id: u.id, data: { ...u, updatedAt: null } as never, returning: false })
  console.log('findByID ms each', ((t2 - t) / 500).toFixed(3), 'full updateOne ms each', ((performance.now() - t2) / 500).toFixed(3))
}
process.exit(0)
