import type { TFunction } from '../i18n/useTranslation'
import { useTranslation } from '../i18n/useTranslation'
import type { Attempt } from '../api/types'

/** An attempt's status and score, as an attempt or the student home's last activity sends them. */
type Scored = Pick<Attempt, 'status'> & { score?: Attempt['score'] | null }

/** The score as a whole percentage: the scaled score, else raw of max. */
export function scorePercent(attempt: Pick<Scored, 'score'>): number | null {
  const score = attempt.score
  if (!score) return null
  if (typeof score.scaled === 'number') return Math.round(score.scaled * 100)
  if (typeof score.raw === 'number' && typeof score.max === 'number' && score.max > 0) return Math.round((score.raw / score.max) * 100)
  return null
}

/** What the student sees of their own attempt on an activity card. */
export function attemptLabel(attempt: Scored, t: TFunction): string {
  const percent = scorePercent(attempt)
  const withScore = (key: string) => (percent === null ? t(key) : t('content.attempt.withScore', { status: t(key), percent }))
  switch (attempt.status) {
    case 'passed':
      return withScore('content.attempt.passed')
    case 'failed':
      return withScore('content.attempt.failed')
    case 'completed':
      return withScore('content.attempt.completed')
    case 'incomplete':
      return t('content.attempt.incomplete')
    default:
      return t('content.attempt.opened')
  }
}

/**
 * The student's progress on an activity's card. With `reserve`, a card with no progress yet keeps
 * the badge's room (empty and hidden), so marking one card done does not move the cards below it,
 * and their checkboxes, from under the student's pointer.
 */
export function AttemptStatus({ attempt, reserve = false }: { attempt?: Attempt | null; reserve?: boolean }) {
  const { t } = useTranslation()
  if (!attempt || !(attempt.openCount ?? 0)) return reserve ? <p className="attempt-status attempt-none" aria-hidden="true" /> : null
  return (
    <p className={`attempt-status attempt-${attempt.status}`}>
      <span className="visually-hidden">{t('content.attempt.progress')}</span>
      {attemptLabel(attempt, t)}
    </p>
  )
}
