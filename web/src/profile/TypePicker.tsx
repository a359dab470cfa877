import type { EducatorType } from '../api/types'
import { ACCOUNT_TYPES } from './profileOptions'

export const FINISH_PROFILE = 'Finish Your Profile'
export const CHANGE_ACCOUNT_TYPE = 'Change Account Type'

export function TypePicker({ completed, onChoose }: { completed: boolean; onChoose: (type: EducatorType) => void }) {
  return (
    <>
      <h1>{completed ? CHANGE_ACCOUNT_TYPE : FINISH_PROFILE}</h1>
      <p>Which of these describes you best?</p>
      <ul className="choice-grid type-picker">
        {ACCOUNT_TYPES.map((entry) => (
          <li key={entry.type}>
            <button type="button" className="choice-card" onClick={() => onChoose(entry.type)}>
              <span className="choice-title">{entry.label}</span>
              <span className="choice-text">{entry.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
