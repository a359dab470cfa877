import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { Benchmark, Paginated } from '../api/types'
import type { Id } from '../../../common/progress'
import { useTranslation } from '../i18n/useTranslation'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import './findContent.css'
import { ErrorNotice } from '../ui/Notice'

type Found = { id: Id; title: string; module?: Id | { id: Id } | null }
const idOf = (value: Found['module']) => (value && typeof value === 'object' ? value.id : value)

/**
 * Explore Topics' search box and benchmark filter: topics, modules and (for signed-in readers, who
 * may open them) activities whose title holds the words, in the page's language, or that teach
 * the chosen benchmark. The answer replaces nothing: the topics stay listed below it.
 */
export function FindContent() {
  const { t } = useTranslation()
  const ids = useId()
  const [typed, setTyped] = useState('')
  const [text, setText] = useState('')
  const [benchmark, setBenchmark] = useState('')
  const { data: benchmarks } = useSWR<Paginated<Benchmark>>(keys.benchmarks())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setText(typed.trim())
  }
  return (
    <section className="find-content" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="visually-hidden">
        {t('content.find.heading')}
      </h2>
      <form role="search" className="find-content-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${ids}-text`}>{t('content.find.label')}</label>
          <input className="input" id={`${ids}-text`} type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('content.find.submit')}
        </button>
        <div className="field">
          <label htmlFor={`${ids}-benchmark`}>{t('content.find.benchmark')}</label>
          <select className="input" id={`${ids}-benchmark`} value={benchmark} onChange={(e) => setBenchmark(e.target.value)}>
            <option value="">{t('content.find.allBenchmarks')}</option>
            {(benchmarks?.docs ?? []).map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.code}
              </option>
            ))}
          </select>
        </div>
      </form>
      {(text || benchmark) && <Results text={text} benchmark={benchmark} />}
    </section>
  )
}

function Results({ text, benchmark }: { text: string; benchmark: string }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const topics = useSWR<Paginated<Found>>(benchmark ? null : keys.findContent('topics', text, ''))
  const modules = useSWR<Paginated<Found>>(keys.findContent('modules', text, benchmark))
  // Activities are for signed-in readers only (the API refuses visitors).
  const activities = useSWR<Paginated<Found>>(user ? keys.findContent('activities', text, benchmark) : null)
  const all = [topics, modules, activities]
  if (all.some((r) => r.isLoading)) return <Loading label={t('content.find.searching')} />
  const failed = all.find((r) => r.error)
  if (failed) return <ErrorNotice error={failed.error} />
  const groups = [
    { key: 'topics', heading: t('content.find.topics'), docs: topics.data?.docs ?? [], href: (d: Found) => `/topics/${d.id}` },
    { key: 'modules', heading: t('content.find.modules'), docs: modules.data?.docs ?? [], href: (d: Found) => `/modules/${d.id}` },
    { key: 'activities', heading: t('content.find.activities'), docs: activities.data?.docs ?? [], href: (d: Found) => `/modules/${idOf(d.module)}` },
  ].filter((g) => g.docs.length > 0)
  const count = groups.reduce((sum, g) => sum + g.docs.length, 0)
  return (
    <div className="find-content-results">
      <p role="status">{t('content.find.count', { count })}</p>
      {groups.map((group) => (
        <div key={group.key}>
          <h3>{group.heading}</h3>
          <ul>
            {group.docs.map((doc) => (
              <li key={doc.id}>
                <Link to={group.href(doc)}>{doc.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}
