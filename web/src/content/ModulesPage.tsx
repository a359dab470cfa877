import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { Module, Paginated } from '../api/types'
import { Loading } from '../ui/Loading'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'

export function ModulesPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('content.modules.title'))
  const { data, error, isLoading } = useSWR<Paginated<Module>>(keys.modules())
  return (
    <>
      <h1>{t('content.modules.title')}</h1>
      {isLoading && <Loading />}
      {error && !data && <ErrorNotice error={error} />}
      {data && data.docs.length === 0 && <p>{t('content.topic.noModules')}</p>}
      {data && data.docs.length > 0 && (
        <ul className="card-grid">
          {data.docs.map((module) => (
            <li key={module.id} className="card module-card">
              <h2 className="card-title">
                <Link to={`/modules/${module.id}`}>{module.title}</Link>
              </h2>
              {module.subtitle && <p>{module.subtitle}</p>}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
