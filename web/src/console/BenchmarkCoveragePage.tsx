import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { BenchmarkCoverage } from '../../../common/benchmarks'
import { useTranslation } from '../i18n/useTranslation'
import { Loading } from '../ui/Loading'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ConsoleError } from './ConsoleError'
import './benchmarks.css'
import { ColumnHeads } from '../ui/ColumnHeads'

/**
 * /console/benchmarks: every Florida benchmark with the modules and activities that teach it, the
 * untaught ones first (the server's order), so content work starts where the course has gaps.
 */
export function BenchmarkCoveragePage() {
  const { t } = useTranslation()
  const title = t('console.benchmarks.title')
  useDocumentTitle(title)
  const { data, error, isLoading } = useSWR<{ docs: BenchmarkCoverage[] }>(keys.benchmarkCoverage())
  const docs = data?.docs ?? []
  const untaught = docs.filter((b) => b.modules.length === 0 && b.activities.length === 0).length
  return (
    <>
      <h1>{title}</h1>
      <p>{t('console.benchmarks.intro')}</p>
      {isLoading && <Loading />}
      {error && <ConsoleError error={error} />}
      {data && <p role="status">{t('console.benchmarks.untaughtCount', { count: untaught, total: docs.length })}</p>}
      {data && (
        <div className="console-table-scroll" role="region" aria-label={title} tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">{t('console.benchmarks.caption')}</caption>
            <ColumnHeads
              columns={[t('console.benchmarks.code'), t('console.benchmarks.category'), t('console.benchmarks.modules'), t('console.benchmarks.activities')]}
            />
            <tbody>
              {docs.map((b) => (
                <tr key={b.id}>
                  <th scope="row">
                    <strong>{b.code}</strong>
                    <span className={b.statement ? 'benchmark-statement' : 'benchmark-statement benchmark-statement-missing'}>
                      {' '}
                      {b.statement ?? t('content.benchmarks.noWording')}
                    </span>
                  </th>
                  <td>{b.reportingCategory ?? t('console.benchmarks.categoryUnset')}</td>
                  <td>
                    {b.modules.length === 0 ? (
                      t('console.benchmarks.notTaught')
                    ) : (
                      <ul>
                        {b.modules.map((m) => (
                          <li key={m.id}>
                            <Link to={`/console/modules/${m.id}`}>{m.title}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    {b.activities.length === 0 ? (
                      t('console.benchmarks.notTaught')
                    ) : (
                      <ul>
                        {b.activities.map((a) => (
                          <li key={a.id}>
                            <Link to={`/console/activities/${a.id}`}>{a.title}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
