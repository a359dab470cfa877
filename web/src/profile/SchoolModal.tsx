import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import type { School } from '../api/types'
import { Modal } from '../ui/Modal'
import { SchoolCreate } from './SchoolCreate'
import { SchoolSearch } from './SchoolSearch'

type Tab = 'search' | 'create'
const TABS: { id: Tab; label: string }[] = [
  { id: 'search', label: 'profile.school.searchTab' },
  { id: 'create', label: 'profile.school.createTab' },
]

/** Find or add a school; choosing or creating one closes the modal. */
export function SchoolModal({ onSelect, onClose }: { onSelect: (school: School) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const [tab, setTab] = useState<Tab>('search')
  /** The name the search's way forward carries into Create (empty when Create was opened by its tab). */
  const [newName, setNewName] = useState('')
  const id = useId()
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ search: null, create: null })

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next: Tab = tab === 'search' ? 'create' : 'search'
    setTab(next)
    tabRefs.current[next]?.focus()
  }

  function choose(school: School) {
    onSelect(school)
    onClose()
  }

  return (
    <Modal title={t('profile.school.modalTitle')} onClose={onClose}>
      <div role="tablist" aria-label={t('profile.school.tabs')} className="tabs" onKeyDown={onTabKeyDown}>
        {TABS.map((entry) => (
          <button
            key={entry.id}
            ref={(element) => {
              tabRefs.current[entry.id] = element
            }}
            type="button"
            role="tab"
            id={`${id}-${entry.id}-tab`}
            aria-selected={tab === entry.id}
            aria-controls={`${id}-${entry.id}-panel`}
            tabIndex={tab === entry.id ? 0 : -1}
            className="tab"
            onClick={() => setTab(entry.id)}
          >
            {t(entry.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="tab-panel">
        {tab === 'search' ? (
          <SchoolSearch
            onSelect={choose}
            onCreate={(name) => {
              setNewName(name)
              setTab('create')
            }}
          />
        ) : (
          <SchoolCreate key={newName} initialName={newName} onCreated={choose} />
        )}
      </div>
    </Modal>
  )
}
