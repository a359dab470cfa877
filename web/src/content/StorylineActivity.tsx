import { useState } from 'react'
import type { Activity } from '../api/types'
import { Modal } from '../ui/Modal'

/** A Storyline quiz: a button opening the story page in a full-screen modal. */
export function StorylineActivity({ activity }: { activity: Activity }) {
  const [open, setOpen] = useState(false)
  if (!activity.storylineUrl) return <p>This quiz is not available yet.</p>
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Start {activity.title}
      </button>
      {open && (
        <Modal title={activity.title} size="full" initialFocus="close" onClose={() => setOpen(false)}>
          <iframe
            className="storyline-frame"
            title={activity.title}
            src={activity.storylineUrl}
            sandbox="allow-scripts allow-popups allow-forms allow-modals"
            allow="fullscreen; autoplay"
          />
        </Modal>
      )}
    </>
  )
}
