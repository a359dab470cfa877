import { Link } from 'react-router-dom'
import useSWR from 'swr'
import type { MyAssignments, WorkStatus } from '../../../common/assignments'
import { keys } from '../api/keys'
import { useTranslation } from '../i18n/useTranslation'
import { schoolTime } from '../ui/schoolTime'
import './assignments.css'

type Work = MyAssignments['assignments'][number]

const groups: { key: 'todo' | 'missing' | 'done'; holds: WorkStatus[] }[] = [
  { key: 'todo', holds: ['todo'] },
  { key: 'missing', holds: ['missing'] },
  { key: 'done', holds: ['done', 'late'] },
]

function WorkItem({ work, timeZone }: { work: Work; timeZone: string }) {
  const { t, language } = useTranslation()
  const done = work.items.filter((item) => item.done).length
  // The link opens the first item still to do (or the first, once all are done).
  const next = work.items.find((item) => !item.done) ?? work.items[0]
  return (
    <li className={`my-work-item work-${work.status}`}>
      <p className="my-work-title">
        {next ? <Link to={`/modules/${next.module}`}>{work.title}</Link> : work.title}
        {work.status === 'late' && <span className="work-status work-late"> {t('content.assignments.doneLate')}</span>}
      </p>
      <p className="my-work-meta">
        {t('content.assignments.due', { time: schoolTime(work.dueAt, timeZone, language) })}
        {' · '}
        {t('content.assignments.progress', { done, total: work.items.length })}
      </p>
      {work.instructions && <p className="my-work-instructions">{work.instructions}</p>}
      <ul className="my-work-steps">
        {work.items.map((item) => (
          <li key={item.activity}>
            <Link to={`/modules/${item.module}`}>{item.title}</Link>{' '}
            <span className={item.done ? 'work-step-done' : 'work-step-todo'}>
              {item.done ? `✓ ${t('content.assignments.itemDone')}` : t('content.assignments.itemToDo')}
            </span>
          </li>
        ))}
      </ul>
    </li>
  )
}

/**
 * A student's assignments under To do, Missing and Done, each sorted by due time, on their home
 * and in their profile area. Work not yet available is not sent at all.
 */
export function MyWork({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation()
  const { data } = useSWR<MyAssignments>(keys.myAssignments())
  if (!data || !Array.isArray(data.assignments)) return null
  const Heading = `h${headingLevel}` as const
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4'
  return (
    <section className="card card-body my-work" aria-labelledby="my-work-heading">
      <Heading id="my-work-heading">{t('content.assignments.heading')}</Heading>
      <div className="my-work-groups">
        {groups.map((group) => {
          const works = data.assignments.filter((work) => group.holds.includes(work.status))
          return (
            <section key={group.key} aria-labelledby={`my-work-${group.key}`} className={`my-work-group my-work-${group.key}`}>
              <Sub id={`my-work-${group.key}`}>
                {t(`content.assignments.${group.key}`)} ({works.length})
              </Sub>
              {works.length === 0 ? (
                <p className="empty-state">{t('content.assignments.nothing')}</p>
              ) : (
                <ul className="my-work-list">
                  {works.map((work) => (
                    <WorkItem key={work.id} work={work} timeZone={data.timeZone} />
                  ))}
                </ul>
              )}
            </section>
          )
        })}
      </div>
    </section>
  )
}
