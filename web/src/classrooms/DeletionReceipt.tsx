import type { DeletionReceipt as Receipt, RemovedCounts } from '../../../common/answers/privacy'
import { useTranslation } from '../i18n/useTranslation'

/** Each store's line on the receipt: a catalogue key per count. */
const STORES: [keyof RemovedCounts, string][] = [
  ['account', 'classrooms.receipt.account'],
  ['sessions', 'classrooms.receipt.sessions'],
  ['attempts', 'classrooms.receipt.attempts'],
  ['assignmentEntries', 'classrooms.receipt.assignmentEntries'],
  ['tickets', 'classrooms.receipt.tickets'],
  ['schools', 'classrooms.receipt.schools'],
  ['preferences', 'classrooms.receipt.preferences'],
]

/**
 * What a deletion removed, store by store, when and by whom: the teacher's record of a school's
 * deletion request, shown once after the delete (the server keeps no name to show it again).
 */
export function DeletionReceipt({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <section className="notice notice-info deletion-receipt" aria-labelledby="deletion-receipt-heading">
      <h2 id="deletion-receipt-heading">{t('classrooms.receipt.heading')}</h2>
      <p>{t('classrooms.receipt.when', { date: new Date(receipt.deletedAt).toLocaleString(), who: receipt.deletedBy ?? '' })}</p>
      {receipt.students.map((student) => (
        <div key={String(student.id)}>
          <h3>{t('classrooms.receipt.removed', { username: student.username ?? `#${student.id}` })}</h3>
          <ul>
            {STORES.map(([store, label]) => (
              <li key={store}>{t(label, { count: student.removed[store] })}</li>
            ))}
          </ul>
        </div>
      ))}
      <p>{t('classrooms.receipt.kept')}</p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          {t('classrooms.receipt.print')}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t('classrooms.receipt.done')}
        </button>
      </div>
    </section>
  )
}
