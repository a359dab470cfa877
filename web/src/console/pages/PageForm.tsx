import { useTranslation } from '../../i18n/useTranslation'
import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import type { InferType } from 'yup'
import { fieldProps } from '../../ui/fieldProps'
import { SuccessNotice } from '../../ui/Notice'
import { SaveButton } from '../../ui/SaveButton'
import { SelectInput } from '../../ui/SelectInput'
import { TextInput } from '../../ui/TextInput'
import { createDoc, putDoc, useRevalidateCollection } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import { PAGE_CREATED, PAGE_TEMPLATES, PAGE_UPDATED } from '../consoleMessages'
import type { PageDoc } from '../api/consoleTypes'
import { MarkdownEditor } from '../MarkdownEditor'
import { pageSchema } from './pageSchema'
import { applyFieldErrors, useSaveResult } from '../useSaveResult'
import { WriteGuard } from '../WriteGuard'
import { EditConflict, useEditVersion } from '../EditConflict'

type Values = InferType<typeof pageSchema>

const valuesOf = (page?: PageDoc): Values => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  markdown: page?.content?.markdown ?? '',
  template: page?.content?.template ?? 'default',
})

/** Creates a page (then opens its edit screen) or edits one: slug, title, markdown and template. */
export function PageForm({ page }: { page?: PageDoc }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const revalidate = useRevalidateCollection()
  const result = useSaveResult()
  const form = useForm<Values>({
    resolver: yupResolver(pageSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(page),
  })
  const edit = useEditVersion('pages', page, (doc) => form.reset(valuesOf(doc)))

  async function save(values: Values) {
    result.start()
    const body = { title: values.title, slug: values.slug, content: { markdown: values.markdown, template: values.template } }
    try {
      if (page) {
        edit.saved((await putDoc<PageDoc>('pages', page.id, body, edit.version())).doc)
        result.succeed(PAGE_UPDATED)
        form.reset(values)
        await revalidate('pages')
      } else {
        const answer = await createDoc<PageDoc>('pages', body)
        await revalidate('pages')
        navigate(`/console/pages/${answer.doc.id}`, { state: { notice: PAGE_CREATED } })
      }
    } catch (error) {
      if (edit.caught(error)) return
      applyFieldErrors(form, error, ['title', 'slug', 'markdown', 'template'])
      result.fail(error)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="form console-form">
      <WriteGuard collection="pages">
        {result.notice && <SuccessNotice>{result.notice}</SuccessNotice>}
        {result.error !== null && <ConsoleError error={result.error} />}
        <EditConflict edit={edit} onOverwrite={() => void form.handleSubmit(save)()} />
        <TextInput label={t('console.form.title')} required {...fieldProps(form, 'title')} />
        <TextInput label={t('console.form.slug')} required hint={t('console.form.slugHint')} {...fieldProps(form, 'slug')} />
        <SelectInput label={t('console.form.template')} options={PAGE_TEMPLATES} {...fieldProps(form, 'template')} />
        <MarkdownEditor label={t('console.form.markdown')} preview={form.watch('markdown') ?? ''} {...fieldProps(form, 'markdown')} />
        <div className="form-actions">
          <SaveButton label={t(page ? 'console.pages.save' : 'console.pages.create')} loading={form.formState.isSubmitting} success={Boolean(result.notice)} />
        </div>
      </WriteGuard>
    </form>
  )
}
