import { useEffect, useId, useState, useSyncExternalStore, type RefObject } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import type { Locale } from '../../../common/locales'

const synthesis = (): SpeechSynthesis | null => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null)

function subscribeVoices(listener: () => void) {
  const speech = synthesis()
  speech?.addEventListener('voiceschanged', listener)
  return () => speech?.removeEventListener('voiceschanged', listener)
}

// getVoices() answers a new array each call; React needs the same one while nothing changed.
let voices: SpeechSynthesisVoice[] = []
function voicesSnapshot(): SpeechSynthesisVoice[] {
  const now = synthesis()?.getVoices() ?? []
  if (now.length !== voices.length || now.some((voice, index) => voice !== voices[index])) voices = now
  return voices
}

/**
 * The browser's first voice for the language (voices load late in Chrome, hence the subscription):
 * `undefined` while the browser has no speech synthesis at all, `null` when it has none for the language.
 */
function useVoice(language: Locale): SpeechSynthesisVoice | null | undefined {
  const voices = useSyncExternalStore(subscribeVoices, voicesSnapshot, () => null)
  if (!synthesis()) return undefined
  return voices?.find((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === language) ?? null
}

type State = 'idle' | 'speaking' | 'paused'

/**
 * Reads the target's text aloud with the browser's own speech synthesis (no third-party service),
 * in the language the text is shown in. Where the browser has no voice for that language (most
 * devices have none for Haitian Creole) the button stays, unusable, and says why: a reader who
 * saw it on another page is not left wondering where it went (docs/adr/listen-without-a-voice.md).
 * `title` is what it reads (the card's or the page's title): each button is named after it, and
 * `labelledBy` (that title's element) names the group of controls where a page has several.
 */
export function ListenButton({
  target,
  language,
  title,
  labelledBy,
}: {
  target: RefObject<HTMLElement | null>
  language: Locale
  title: string
  labelledBy?: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const voice = useVoice(language)
  const [state, setState] = useState<State>('idle')

  // Leaving the page, or the text changing language, stops the reading.
  useEffect(() => () => synthesis()?.cancel(), [language])

  if (voice === undefined) return null
  const name = t('content.listen.listenTo', { title })
  if (!voice) {
    return (
      <div className="listen-controls">
        <button type="button" className="button button-small" aria-label={name} aria-disabled="true" aria-describedby={`${id}-no-voice`}>
          <span aria-hidden="true">🔇 </span>
          {t('content.listen.listen')}
        </button>
        <p id={`${id}-no-voice`} className="listen-no-voice">
          {t('content.listen.noVoice', { language: t(`content.listen.voiceLanguage.${language}`) })}
        </p>
      </div>
    )
  }
  const speech = synthesis()!

  function listen() {
    const text = target.current?.innerText.trim()
    if (!text) return
    speech.cancel()
    const utterance = new SpeechSynthesisUtterance(text)
    // The language picks the voice (the browser's choice among those for it, as found above).
    utterance.lang = voice!.lang
    utterance.onend = () => setState('idle')
    utterance.onerror = () => setState('idle')
    speech.speak(utterance)
    setState('speaking')
  }

  function pauseOrResume() {
    if (state === 'paused') {
      speech.resume()
      setState('speaking')
    } else {
      speech.pause()
      setState('paused')
    }
  }

  function stop() {
    speech.cancel()
    setState('idle')
  }

  return (
    // Named by its own label and the title ("Read aloud The Oath of Allegiance"), so the groups
    // of a module's cards are told apart.
    <div role="group" id={id} aria-label={t('content.listen.group')} aria-labelledby={labelledBy && `${id} ${labelledBy}`} className="listen-controls">
      {state === 'idle' ? (
        <button type="button" className="button button-small" aria-label={name} onClick={listen}>
          <span aria-hidden="true">🔊 </span>
          {t('content.listen.listen')}
        </button>
      ) : (
        <>
          <button type="button" className="button button-small" onClick={pauseOrResume}>
            {state === 'paused' ? t('content.listen.resume') : t('content.listen.pause')}
          </button>
          <button type="button" className="button button-small" onClick={stop}>
            {t('content.listen.stop')}
          </button>
        </>
      )}
    </div>
  )
}
