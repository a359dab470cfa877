import { useId } from 'react'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { Benchmark, Paginated } from '../api/types'
import { useTranslation } from '../i18n/useTranslation'
import { byBenchmarkCode } from '../../../common/benchmarks'
import { ConsoleError } from './ConsoleError'
import './benchmarks.css'

type Id = number | string

/** The ids of a document's benchmarks, populated or not. */
export const benchmarkIdsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((b) => String(b && typeof b === 'object' ? (b as { id: Id }).id : b)) : []

/**
 * Tags a module or activity with Florida benchmarks: a checkbox per benchmark, its code and (as the
 * box's description) its official wording, in a group that opens on demand.
 */
export function BenchmarkPicker({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const { data, error } = useSWR<Paginated<Benchmark>>(keys.benchmarks())
  const chosen = new Set(value)
  const byId = new Map((data?.docs ?? []).map((b) => [String(b.id), b]))
  const toggle = (benchmark: string) => onChange(chosen.has(benchmark) ? value.filter((v) => v !== benchmark) : [...value, benchmark])
  return (
    <fieldset className="field checkbox-group benchmark-picker">
      <legend className="field-label">{t('console.benchmarks.tags')}</legend>
      <p className="field-hint" id={`${id}-chosen`}>
        {value.length === 0
          ? t('console.benchmarks.noneChosen')
          : value
              .map((v) => ({ code: byId.get(v)?.code ?? v }))
              .sort(byBenchmarkCode)
              .map((b) => b.code)
              .join(', ')}
      </p>
      {error && <ConsoleError error={error} />}
      <details>
        <summary>{t('console.benchmarks.choose')}</summary>
        <div className="checkbox-options">
          {(data?.docs ?? []).map((b) => (
            <label key={b.id} className="checkbox" htmlFor={`${id}-${b.id}`}>
              <input id={`${id}-${b.id}`} type="checkbox" checked={chosen.has(String(b.id))} onChange={() => toggle(String(b.id))} />
              <span>
                <strong>{b.code}</strong> {b.statement ?? t('content.benchmarks.noWording')}
              </span>
            </label>
          ))}
        </div>
      </details>
    </fieldset>
  )
}
