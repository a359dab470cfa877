import { useTranslation } from '../i18n/useTranslation'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router-dom'
import useSWR from 'swr'
import { useState } from 'react'
import { ApiError } from '../api/client'
import { keys } from '../api/keys'
import { noRetry } from '../api/swrConfig'
import type { Page } from '../api/types'
import { hasScope } from '../session/scopes'
import { useSession } from '../session/useSession'
import { fieldProps } from '../ui/fieldProps'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice, GENERAL_ERROR, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { SelectInput } from '../ui/SelectInput'
import { TextArea } from '../ui/TextArea'
import { TextInput } from '../ui/TextInput'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import en from '../i18n/locales/en.json'
import { savePage, useRefreshSavedPage, type PageChanges } from './api/pages'

export const PAGE_UPDATED = en.messages.pageUpdated
export const PAGE_TEMPLATES = [{ value: 'default', label: 'default' }]

function PageEditor({ page }: { page: Page }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const refreshSavedPage = useRefreshSavedPage()
  const [result, setResult] = useState<'saved' | 'failed' | null>(null)
  const [failure, setFailure] = useState<string>(GENERAL_ERROR)
  const form = useForm<PageChanges>({
    defaultValues: {
      title: page.title,
      slug: page.slug,
      markdown: page.content?.markdown ?? '',
      template: page.content?.template ?? 'default',
    },
  })
  const { isSubmitting } = form.formState

  async function save(values: PageChanges) {
    setResult(null)
    try {
      const saved = await savePage(page, values)
      setResult('saved')
      await refreshSavedPage(saved)
      if (saved.slug !== page.slug) navigate(`/${saved.slug}/edit`, { replace: true })
    } catch (error) {
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : GENERAL_ERROR)
      setResult('failed')
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="form page-form">
      {result === 'saved' && <SuccessNotice>{PAGE_UPDATED}</SuccessNotice>}
      {result === 'failed' && <ErrorNotice>{failure}</ErrorNotice>}
      <TextInput label={t('console.form.title')} {...fieldProps(form, 'title')} />
      <TextInput label={t('console.form.slug')} {...fieldProps(form, 'slug')} />
      <TextArea label={t('console.form.markdown')} {...fieldProps(form, 'markdown')} />
      <SelectInput label={t('console.form.template')} options={PAGE_TEMPLATES} {...fieldProps(form, 'template')} />
      <div className="form-actions">
        <SaveButton loading={isSubmitting} success={result === 'saved'} />
        <Link to={`/${page.slug}`}>{t('console.pages.view')}</Link>
      </div>
    </form>
  )
}

/** /:slug/edit, for holders of pages:write. */
export function PageEditPage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const { user } = useSession()
  const allowed = hasScope(user, 'pages:write')
  const { data: page, error, isLoading } = useSWR<Page>(allowed ? keys.pageBySlug(slug) : null, noRetry)
  useDocumentTitle(page ? t('console.edit.titleOf', { title: page.title }) : t('console.pages.edit'))
  if (!allowed) return <NotFound />
  if (isLoading) return <Loading />
  if (error instanceof ApiError && error.status === 404) return <NotFound />
  if (error && !page) return <ErrorNotice error={error} />
  if (!page) return null
  return (
    <>
      <h1>{t('console.pages.edit')}</h1>
      <PageEditor key={page.id} page={page} />
    </>
  )
}
