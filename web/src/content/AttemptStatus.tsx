import type { Attempt } from '../api/types'

/** The score as a whole percentage: the scaled score, else raw of max. */
export function scorePercent(attempt: Attempt): number | null {
  const score = attempt.score
  if (!score) return null
  if (typeof score.scaled === 'number') return Math.round(score.scaled * 100)
  if (typeof score.raw === 'number' && typeof score.max === 'number' && score.max > 0) return Math.round((score.raw / score.max) * 100)
  return null
}

/** What the student sees of their own attempt on an activity card. */
export function attemptLabel(attempt: Attempt): string {
  const percent = scorePercent(attempt)
  const withScore = (word: string) => (percent === null ? word : `${word} · ${percent}%`)
  switch (attempt.status) {
    case 'passed':
      return withScore('Passed')
    case 'failed':
      return withScore('Failed')
    case 'completed':
      return withScore('Completed')
    case 'incomplete':
      return 'In progress'
    default:
      return 'Opened'
  }
}

export function AttemptStatus({ attempt }: { attempt?: Attempt | null }) {
  if (!attempt || !(attempt.openCount ?? 0)) return null
  return (
    <p className={`attempt-status attempt-${attempt.status}`}>
      <span className="visually-hidden">Your progress: </span>
      {attemptLabel(attempt)}
    </p>
  )
}
