import { useTranslation } from '../i18n/useTranslation'
import { useCallback, useMemo } from 'react'
import { useParams } from 'react-router-dom'
import useSWR from 'swr'
import { ApiError } from '../api/client'
import { keys } from '../api/keys'
import { populated, type Activity, type Attempt, type Benchmark, type Module } from '../api/types'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { byBenchmarkCode } from '../../../common/benchmarks'
import { ActivityCard } from './ActivityCard'
import { Html } from './Html'
import { LocalizedContent } from './LocalizedContent'

export function ModulePage() {
  const { t } = useTranslation()
  const { moduleId = '' } = useParams()
  const { data: module, error, isLoading } = useSWR<Module>(keys.module(moduleId))
  useDocumentTitle(module?.title)
  const { user } = useSession()
  const activityIds = useMemo(() => populated<Activity>(module?.activities?.docs).map((a) => a.id), [module])
  const attemptsKey = user && activityIds.length ? keys.ownAttempts(user.id, activityIds) : null
  // The student's own state on each card; refreshed after every open and save.
  const { data: attempts, mutate } = useSWR<{ docs: Attempt[] }>(attemptsKey)
  const byActivity = useMemo(() => new Map((attempts?.docs ?? []).map((a) => [String(a.activity), a])), [attempts])
  const onProgress = useCallback(
    (attempt: Attempt) =>
      void mutate((current) => ({ docs: [...(current?.docs ?? []).filter((a) => String(a.activity) !== String(attempt.activity)), attempt] }), {
        revalidate: false,
      }),
    [mutate],
  )
  if (isLoading) return <Loading />
  if (error instanceof ApiError && error.status === 404) return <NotFound />
  if (error && !module) return <ErrorNotice error={error} />
  if (!module) return null
  const activities = populated<Activity>(module.activities?.docs).sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  return (
    <article className="module">
      <LocalizedContent doc={module}>
        <h1>{module.title}</h1>
        {module.subtitle && <p className="subtitle">{module.subtitle}</p>}
        <Html html={module.content} />
      </LocalizedContent>
      <ModuleBenchmarks benchmarks={populated<Benchmark>(module.benchmarks).sort(byBenchmarkCode)} />
      {activities.length === 0 ? (
        <p>{t('content.module.noActivities')}</p>
      ) : (
        <div className="activity-grid">
          {activities.map((activity) => (
            <ActivityCard key={activity.id} activity={activity} attempt={byActivity.get(String(activity.id))} onProgress={onProgress} />
          ))}
        </div>
      )}
    </article>
  )
}

/** The Florida benchmarks the module teaches, each with its official wording (or a note that it is not entered yet). */
function ModuleBenchmarks({ benchmarks }: { benchmarks: Benchmark[] }) {
  const { t } = useTranslation()
  if (benchmarks.length === 0) return null
  return (
    <section className="module-benchmarks" aria-labelledby="module-benchmarks-heading">
      <h2 id="module-benchmarks-heading">{t('content.module.benchmarks')}</h2>
      <ul>
        {benchmarks.map((b) => (
          <li key={b.id}>
            <strong>{b.code}</strong>
            {': '}
            {b.statement ? <span lang="en">{b.statement}</span> : <em>{t('content.benchmarks.noWording')}</em>}
          </li>
        ))}
      </ul>
    </section>
  )
}
