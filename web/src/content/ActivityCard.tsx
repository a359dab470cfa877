import { asObject, type Activity, type Media } from '../api/types'
import { Html } from './Html'
import { StorylineActivity } from './StorylineActivity'

function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path)
}

function PathLink({ path, text }: { path: string; text: string }) {
  return isExternal(path) ? (
    <a href={path} target="_blank" rel="noopener noreferrer">
      {text}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <a href={path}>{text}</a>
  )
}

function Links({ activity }: { activity: Activity }) {
  const links = activity.links ?? []
  return (
    <>
      <Html html={activity.content} />
      <ul className="activity-links">
        {links.map((link, index) => (
          <li key={link.id ?? index}>
            <PathLink path={link.path} text={link.text} />
          </li>
        ))}
      </ul>
    </>
  )
}

function Readings({ activity }: { activity: Activity }) {
  return (
    <>
      <Html html={activity.content} />
      <ul className="readings">
        {(activity.readings ?? []).map((reading, index) => (
          <li key={reading.id ?? index} className="reading">
            {reading.path ? <PathLink path={reading.path} text={reading.text || reading.path} /> : <span>{reading.text}</span>}
            {(reading.files ?? []).length > 0 && (
              <ul className="reading-files">
                {(reading.files ?? []).map((entry, fileIndex) => {
                  const media = asObject<Media>(entry.file)
                  const label = entry.text || media?.filename || 'File'
                  return (
                    <li key={entry.id ?? fileIndex}>
                      {media?.url ? (
                        <a href={media.url} target="_blank" rel="noopener noreferrer">
                          {label}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        label
                      )}
                    </li>
                  )
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}

function ActivityBody({ activity }: { activity: Activity }) {
  switch (activity.type) {
    case 'links':
      return <Links activity={activity} />
    case 'readings':
      return <Readings activity={activity} />
    case 'video':
      return (
        <>
          <Html html={activity.content} />
          <Html html={activity.video} className="video-embed" />
        </>
      )
    case 'storyline':
      return (
        <>
          <Html html={activity.content} />
          <StorylineActivity activity={activity} />
        </>
      )
    default:
      return <Html html={activity.content} />
  }
}

/** One activity of a module; its width (full, half, third) sets its span of the grid. */
export function ActivityCard({ activity }: { activity: Activity }) {
  return (
    <article className={`card activity-card activity-${activity.type ?? 'default'} width-${activity.width ?? 'full'}`}>
      <div className="card-body">
        <h2 className="card-title">{activity.title}</h2>
        <ActivityBody activity={activity} />
      </div>
    </article>
  )
}

