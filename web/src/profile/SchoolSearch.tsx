import { useId, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { Paginated, School } from '../api/types'
import { Loading } from '../ui/Loading'
import { TextInput } from '../ui/TextInput'
import en from '../i18n/locales/en.screens.json'
import { useDebouncedValue } from './useDebouncedValue'

export const SEARCH_MIN_LENGTH = 4
export const SEARCH_TOO_SHORT = en.profile.school.tooShort
export const NO_RESULTS = en.profile.school.noResults
export const SEARCH_DEBOUNCE_MS = 300

/**
 * Search starts after more than 3 characters; a failed search is swallowed (spec section 8). With
 * no results the spec's words stay, followed by the way forward: adding the school, with the text
 * typed here as its name.
 */
export function SchoolSearch({ onSelect, onCreate }: { onSelect: (school: School) => void; onCreate: (name: string) => void }) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const resultsId = useId()
  const term = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS)
  const ready = term.length >= SEARCH_MIN_LENGTH
  const { data, error, isLoading } = useSWR<Paginated<School>>(ready ? keys.schoolSearch(term) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  })
  const tooShort = query.trim().length < SEARCH_MIN_LENGTH
  const results = ready && !error ? (data?.docs ?? []) : []

  return (
    <div className="school-search">
      <TextInput
        label={t('profile.school.search')}
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={resultsId}
      />
      <div id={resultsId} aria-live="polite">
        {tooShort && <p className="field-hint">{t('profile.school.tooShort')}</p>}
        {!tooShort && isLoading && <Loading label={t('profile.school.searching')} />}
        {!tooShort && ready && !isLoading && !error && data && results.length === 0 && (
          <div className="school-no-results">
            <p>{t('profile.school.noResults')}</p>
            <p>{t('profile.school.notListed')}</p>
            <button type="button" className="button button-secondary" onClick={() => onCreate(term)}>
              {t('profile.school.createNamed', { name: term })}
            </button>
          </div>
        )}
        {!tooShort && results.length > 0 && (
          <ul className="school-results">
            {results.map((school) => (
              <li key={school.id}>
                <button type="button" className="school-result" onClick={() => onSelect(school)}>
                  <span className="school-name">{school.name}</span>
                  <span className="school-meta">{[school.district, school.state, school.country].filter(Boolean).join(', ')}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
