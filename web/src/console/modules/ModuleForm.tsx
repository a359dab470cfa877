import { useTranslation } from '../../i18n/useTranslation'
import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import useSWR from 'swr'
import type { InferType } from 'yup'
import type { Media } from '../../api/types'
import { fieldProps } from '../../ui/fieldProps'
import { SuccessNotice } from '../../ui/Notice'
import { SaveButton } from '../../ui/SaveButton'
import { SelectInput } from '../../ui/SelectInput'
import { TextInput } from '../../ui/TextInput'
import { optionsKey } from '../../api/keys'
import { createDoc, formId, putDoc, toId, useRevalidateCollection, type ListAnswer } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import { MODULE_SAVED } from '../consoleMessages'
import { mediaOf, type ModuleDoc, type TopicDoc } from '../api/consoleTypes'
import { MarkdownEditor } from '../MarkdownEditor'
import { MediaUpload } from '../MediaUpload'
import { BenchmarkPicker, benchmarkIdsOf } from '../BenchmarkPicker'
import { moduleSchema } from './moduleSchema'
import { applyFieldErrors, useSaveResult } from '../useSaveResult'
import { WriteGuard } from '../WriteGuard'
import { EditConflict, useEditVersion } from '../EditConflict'

type Values = InferType<typeof moduleSchema>

const valuesOf = (module: ModuleDoc | undefined, topicId = ''): Values => ({
  title: module?.title ?? '',
  subtitle: module?.subtitle ?? '',
  topic: module ? formId(module.topic) : topicId,
  markdown: module?.markdown ?? '',
  order: module?.order ?? ('' as unknown as number),
})

interface Props {
  module?: ModuleDoc
  /** Preselected topic of a new module (?topicId=). */
  topicId?: string
}

/** Creates a module (then opens its edit screen) or edits one. */
export function ModuleForm({ module, topicId = '' }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const revalidate = useRevalidateCollection()
  const result = useSaveResult()
  const topics = useSWR<ListAnswer<TopicDoc>>(optionsKey('topics', 'order', ['title']))
  const [thumbnail, setThumbnail] = useState<Media | null>(mediaOf(module?.thumbnail))
  const [benchmarks, setBenchmarks] = useState<string[]>(benchmarkIdsOf(module?.benchmarks))
  const form = useForm<Values>({
    resolver: yupResolver(moduleSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(module, topicId),
  })
  const edit = useEditVersion('modules', module, (doc) => {
    form.reset(valuesOf(doc))
    setThumbnail(mediaOf(doc.thumbnail))
  })
  const options = (topics.data?.docs ?? []).map((topic) => ({ value: String(topic.id), label: topic.title }))
  const currentTopic = form.getValues('topic')
  // Keep the current topic selectable while the list loads.
  if (currentTopic && !options.some((option) => option.value === currentTopic))
    options.unshift({ value: currentTopic, label: t('console.form.topicNumber', { id: currentTopic }) })

  async function save(values: Values) {
    result.start()
    const body = { ...values, topic: toId(values.topic), thumbnail: thumbnail ? toId(thumbnail.id) : null, benchmarks: benchmarks.map(toId) }
    try {
      if (module) {
        edit.saved((await putDoc<ModuleDoc>('modules', module.id, body, edit.version())).doc)
        result.succeed(MODULE_SAVED)
        form.reset(values)
        await revalidate('modules')
      } else {
        const answer = await createDoc<ModuleDoc>('modules', body)
        await revalidate('modules')
        navigate(`/console/modules/${answer.doc.id}`, { state: { notice: MODULE_SAVED } })
      }
    } catch (error) {
      if (edit.caught(error)) return
      applyFieldErrors(form, error, ['title', 'subtitle', 'topic', 'markdown', 'order'])
      result.fail(error)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="form console-form">
      <WriteGuard collection="modules">
        {result.notice && <SuccessNotice>{result.notice}</SuccessNotice>}
        {result.error !== null && <ConsoleError error={result.error} />}
        <EditConflict edit={edit} onOverwrite={() => void form.handleSubmit(save)()} />
        {topics.error && <ConsoleError error={topics.error} />}
        <TextInput label={t('console.form.title')} required {...fieldProps(form, 'title')} />
        <TextInput label={t('console.form.subtitle')} {...fieldProps(form, 'subtitle')} />
        <SelectInput label={t('console.form.topic')} required placeholder={t('console.form.chooseTopic')} options={options} {...fieldProps(form, 'topic')} />
        <TextInput
          label={t('console.form.order')}
          type="number"
          inputMode="numeric"
          required
          hint={t('console.form.moduleOrderHint')}
          {...fieldProps(form, 'order')}
        />
        <MarkdownEditor required preview={form.watch('markdown') ?? ''} {...fieldProps(form, 'markdown')} />
        <MediaUpload label={t('console.form.thumbnail')} image accept="image/*" value={thumbnail} onChange={setThumbnail} />
        <BenchmarkPicker value={benchmarks} onChange={setBenchmarks} />
        <div className="form-actions">
          <SaveButton
            label={t(module ? 'console.modules.save' : 'console.modules.create')}
            loading={form.formState.isSubmitting}
            success={Boolean(result.notice)}
          />
        </div>
      </WriteGuard>
    </form>
  )
}
