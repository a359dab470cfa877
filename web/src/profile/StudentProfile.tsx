import type { User } from '../api/types'
import { ProfileForm } from './ProfileForm'

/** Students may change their names; username and classroom are read-only. */
export function StudentProfile({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const username = user.username ?? user.providers?.find((entry) => entry.provider === 'username')?.username ?? ''
  const classroom = user.attributes?.classroom
  return (
    <>
      <h1>Your Profile</h1>
      <dl className="read-only-fields">
        <div>
          <dt>Username</dt>
          <dd>{username}</dd>
        </div>
        <div>
          <dt>Classroom Code</dt>
          <dd>
            {classroom?.code ?? '—'}
            {classroom?.name && <span className="school-meta"> ({classroom.name})</span>}
          </dd>
        </div>
      </dl>
      <p className="field-hint">To change your password, ask your teacher.</p>
      <ProfileForm type="student" user={user} onSaved={onSaved} />
    </>
  )
}
