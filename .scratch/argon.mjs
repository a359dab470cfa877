import { hash } from '@node-rs/argon2'
const settings = [[47104,1],[19456,2],[12288,3],[9216,4],[7168,5]]
for (let round = 0; round < 2; round++) for (const [m, t] of settings) {
  const n = 30; let s = performance.now()
  for (let i = 0; i < n; i++) await hash('correct horse battery', { memoryCost: m, timeCost: t, parallelism: 1, algorithm: 2 })
  const seq = (performance.now() - s) / n
  s = performance.now()
  await Promise.all(Array.from({ length: 200 }, () => hash('correct horse battery', { memoryCost: m, timeCost: t, parallelism: 1, algorithm: 2 })))
  console.log(`m=${m} t=${t}: one ${seq.toFixed(1)} ms, 200 at once ${(performance.now() - s).toFixed(0)} ms`)
}
