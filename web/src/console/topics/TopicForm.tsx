import { useTranslation } from '../../i18n/useTranslation'
import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import type { InferType } from 'yup'
import type { Media } from '../../api/types'
import { fieldProps } from '../../ui/fieldProps'
import { SaveButton } from '../../ui/SaveButton'
import { SuccessNotice } from '../../ui/Notice'
import { TextInput } from '../../ui/TextInput'
import { createDoc, putDoc, toId, useRevalidateCollection } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import { TOPIC_SAVED } from '../consoleMessages'
import { mediaOf, type TopicDoc } from '../api/consoleTypes'
import { MarkdownEditor } from '../MarkdownEditor'
import { MediaUpload } from '../MediaUpload'
import { topicSchema } from './topicSchema'
import { applyFieldErrors, useSaveResult } from '../useSaveResult'
import { WriteGuard } from '../WriteGuard'
import { EditConflict, useEditVersion } from '../EditConflict'

type Values = InferType<typeof topicSchema>

const valuesOf = (topic?: TopicDoc): Values => ({
  title: topic?.title ?? '',
  markdown: topic?.markdown ?? '',
  order: topic?.order ?? ('' as unknown as number),
})

/** Creates a topic (then opens its edit screen) or edits one. */
export function TopicForm({ topic }: { topic?: TopicDoc }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const revalidate = useRevalidateCollection()
  const result = useSaveResult()
  const [thumbnail, setThumbnail] = useState<Media | null>(mediaOf(topic?.thumbnail))
  const form = useForm<Values>({
    resolver: yupResolver(topicSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(topic),
  })
  const edit = useEditVersion('topics', topic, (doc) => {
    form.reset(valuesOf(doc))
    setThumbnail(mediaOf(doc.thumbnail))
  })

  async function save(values: Values) {
    result.start()
    const body = { ...values, thumbnail: thumbnail ? toId(thumbnail.id) : null }
    try {
      if (topic) {
        edit.saved((await putDoc<TopicDoc>('topics', topic.id, body, edit.version())).doc)
        result.succeed(TOPIC_SAVED)
        form.reset(values)
        await revalidate('topics')
      } else {
        const answer = await createDoc<TopicDoc>('topics', body)
        await revalidate('topics')
        navigate(`/console/topics/${answer.doc.id}`, { state: { notice: TOPIC_SAVED } })
      }
    } catch (error) {
      if (edit.caught(error)) return
      applyFieldErrors(form, error, ['title', 'markdown', 'order'])
      result.fail(error)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="form console-form">
      <WriteGuard collection="topics">
        {result.notice && <SuccessNotice>{result.notice}</SuccessNotice>}
        {result.error !== null && <ConsoleError error={result.error} />}
        <EditConflict edit={edit} onOverwrite={() => void form.handleSubmit(save)()} />
        <TextInput label={t('console.form.title')} required {...fieldProps(form, 'title')} />
        <TextInput
          label={t('console.form.order')}
          type="number"
          inputMode="numeric"
          required
          hint={t('console.form.topicOrderHint')}
          {...fieldProps(form, 'order')}
        />
        <MarkdownEditor required preview={form.watch('markdown') ?? ''} {...fieldProps(form, 'markdown')} />
        <MediaUpload label={t('console.form.thumbnail')} image accept="image/*" value={thumbnail} onChange={setThumbnail} />
        <div className="form-actions">
          <SaveButton
            label={t(topic ? 'console.topics.save' : 'console.topics.create')}
            loading={form.formState.isSubmitting}
            success={Boolean(result.notice)}
          />
        </div>
      </WriteGuard>
    </form>
  )
}
