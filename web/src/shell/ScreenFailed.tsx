import { Component, type ReactNode } from 'react'
import { useTranslation } from '../i18n/useTranslation'

/** What a reader sees when a screen fails to draw: usually its script could not be fetched (offline, or a new version deployed). */
function ScreenFailedNotice() {
  const { t } = useTranslation()
  return (
    <section className="screen-failed" role="alert">
      <h1>{t('shell.screenFailed.title')}</h1>
      <p>{t('shell.screenFailed.body')}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {t('shell.screenFailed.retry')}
      </button>
    </section>
  )
}

type Props = { children: ReactNode; resetKey: string }
type State = { failed: boolean; key: string }

/**
 * Catches a screen that throws while drawing, a lazy screen whose script failed to load included,
 * and says so instead of leaving a blank page. Going to another address (`resetKey`) draws that
 * address's screen; the failed one comes back only with a reload (Try again): the browser keeps a
 * failed script's failure for the page.
 */
export class ScreenFailed extends Component<Props, State> {
  state: State = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true }
  }

  render() {
    return this.state.failed ? <ScreenFailedNotice /> : this.props.children
  }
}
