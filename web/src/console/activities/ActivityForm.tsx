import { useTranslation } from '../../i18n/useTranslation'
import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import useSWR from 'swr'
import { asObject, type Media } from '../../api/types'
import { fieldProps } from '../../ui/fieldProps'
import { SuccessNotice } from '../../ui/Notice'
import { SaveButton } from '../../ui/SaveButton'
import { SelectInput } from '../../ui/SelectInput'
import { TextArea } from '../../ui/TextArea'
import { TextInput } from '../../ui/TextInput'
import { ACTIVITY_TYPES, ACTIVITY_WIDTHS, activitySchema, type ActivityValues } from './activitySchema'
import { optionsKey } from '../../api/keys'
import { createDoc, formId, putDoc, toId, useRevalidateCollection, type ListAnswer } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import { ACTIVITY_SAVED } from '../consoleMessages'
import type { ActivityDoc, ModuleDoc } from '../api/consoleTypes'
import { BenchmarkPicker, benchmarkIdsOf } from '../BenchmarkPicker'
import { LinksFields } from './LinksFields'
import { MarkdownEditor } from '../MarkdownEditor'
import { ReadingsFields } from './ReadingsFields'
import { applyFieldErrors, useSaveResult } from '../useSaveResult'
import { WriteGuard } from '../WriteGuard'
import { EditConflict, useEditVersion } from '../EditConflict'

interface Props {
  activity?: ActivityDoc
  /** Preselected module of a new activity (?moduleId=). */
  moduleId?: string
}

function initialValues(activity: ActivityDoc | undefined, moduleId: string): ActivityValues {
  return {
    module: activity ? formId(activity.module) : moduleId,
    title: activity?.title ?? '',
    type: activity?.type ?? 'default',
    order: activity?.order ?? 0,
    width: activity?.width ?? 'full',
    markdown: activity?.markdown ?? '',
    links: (activity?.links ?? []).map(({ text, path }) => ({ text, path })),
    readings: (activity?.readings ?? []).map((reading) => ({
      text: reading.text ?? '',
      path: reading.path ?? '',
      files: (reading.files ?? []).map((file) => ({
        text: file.text ?? '',
        file: asObject<Media>(file.file) ?? (file.file ? { id: file.file } : null),
      })),
    })),
    video: activity?.video ?? '',
  } as ActivityValues
}

function toBody(values: ActivityValues) {
  return {
    ...values,
    module: toId(values.module),
    readings: values.readings.map((reading) => ({
      text: reading.text,
      path: reading.path || null,
      files: reading.files.map((file) => ({ text: file.text, file: toId(file.file?.id) })),
    })),
  }
}

/** Creates an activity (then opens its edit screen) or edits one, with its type's own fields. */
export function ActivityForm({ activity, moduleId = '' }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const revalidate = useRevalidateCollection()
  const result = useSaveResult()
  const modules = useSWR<ListAnswer<ModuleDoc>>(optionsKey('modules', 'title', ['title']))
  const form = useForm<ActivityValues>({
    resolver: yupResolver(activitySchema) as never,
    mode: 'onTouched',
    defaultValues: initialValues(activity, moduleId),
  })
  const edit = useEditVersion('activities', activity, (doc) => form.reset(initialValues(doc, moduleId)))
  const type = form.watch('type')
  const [benchmarks, setBenchmarks] = useState<string[]>(benchmarkIdsOf(activity?.benchmarks))
  const options = (modules.data?.docs ?? []).map((module) => ({ value: String(module.id), label: module.title }))
  const currentModule = form.getValues('module')
  if (currentModule && !options.some((option) => option.value === currentModule)) {
    options.unshift({
      value: currentModule,
      label: asObject<ModuleDoc>(activity?.module)?.title ?? t('console.activities.moduleNumber', { id: currentModule }),
    })
  }

  async function save(values: ActivityValues) {
    result.start()
    try {
      if (activity) {
        edit.saved((await putDoc<ActivityDoc>('activities', activity.id, { ...toBody(values), benchmarks: benchmarks.map(toId) }, edit.version())).doc)
        result.succeed(ACTIVITY_SAVED)
        form.reset(values)
        await Promise.all([revalidate('activities'), revalidate('modules')])
      } else {
        const answer = await createDoc<ActivityDoc>('activities', { ...toBody(values), benchmarks: benchmarks.map(toId) })
        await Promise.all([revalidate('activities'), revalidate('modules')])
        navigate(`/console/activities/${answer.doc.id}`, { state: { notice: ACTIVITY_SAVED } })
      }
    } catch (error) {
      if (edit.caught(error)) return
      applyFieldErrors(form, error, ['title', 'module', 'type', 'order', 'width', 'markdown', 'video'])
      result.fail(error)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="form console-form">
      <WriteGuard collection="activities">
        {result.notice && <SuccessNotice>{result.notice}</SuccessNotice>}
        {result.error !== null && <ConsoleError error={result.error} />}
        <EditConflict edit={edit} onOverwrite={() => void form.handleSubmit(save)()} />
        {modules.error && <ConsoleError error={modules.error} />}
        <SelectInput
          label={t('console.columns.module')}
          required
          placeholder={t('console.activities.chooseModule')}
          options={options}
          {...fieldProps(form, 'module')}
        />
        <TextInput label={t('console.form.title')} required {...fieldProps(form, 'title')} />
        <SelectInput
          label={t('console.columns.type')}
          required
          options={ACTIVITY_TYPES.map((option) => ({ ...option, label: t(option.label) }))}
          {...fieldProps(form, 'type')}
        />
        <TextInput label={t('console.form.order')} type="number" inputMode="numeric" hint={t('console.activities.orderHint')} {...fieldProps(form, 'order')} />
        <SelectInput
          label={t('console.columns.width')}
          options={ACTIVITY_WIDTHS.map((option) => ({ ...option, label: t(option.label) }))}
          {...fieldProps(form, 'width')}
        />
        <MarkdownEditor preview={form.watch('markdown') ?? ''} {...fieldProps(form, 'markdown')} />
        {type === 'links' && <LinksFields form={form} />}
        {type === 'readings' && <ReadingsFields form={form} />}
        {type === 'video' && <TextArea label={t('console.activities.video')} hint={t('console.activities.videoHint')} {...fieldProps(form, 'video')} />}
        {type === 'storyline' && !activity && <p className="field-hint">{t('console.activities.storylineFirst')}</p>}
        <BenchmarkPicker value={benchmarks} onChange={setBenchmarks} />
        <div className="form-actions">
          <SaveButton
            label={t(activity ? 'console.activities.save' : 'console.activities.create')}
            loading={form.formState.isSubmitting}
            success={Boolean(result.notice)}
          />
        </div>
      </WriteGuard>
    </form>
  )
}
