import { useTranslation } from '../../i18n/useTranslation'
import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import type { InferType } from 'yup'
import { fieldProps } from '../../ui/fieldProps'
import { SuccessNotice } from '../../ui/Notice'
import { SaveButton } from '../../ui/SaveButton'
import { TextInput } from '../../ui/TextInput'
import { createDoc, putDoc, useRevalidateCollection } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import { POST_SAVED } from '../consoleMessages'
import type { PostDoc } from '../api/consoleTypes'
import { MarkdownEditor } from '../MarkdownEditor'
import { postSchema } from './postSchema'
import { applyFieldErrors, useSaveResult } from '../useSaveResult'
import { WriteGuard } from '../WriteGuard'
import { EditConflict, useEditVersion } from '../EditConflict'

type Values = InferType<typeof postSchema>

const valuesOf = (post?: PostDoc): Values => ({ title: post?.title ?? '', markdown: post?.markdown ?? '' })

/** Creates a post (then opens /console/posts/:id) or edits one. */
export function PostForm({ post }: { post?: PostDoc }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const revalidate = useRevalidateCollection()
  const result = useSaveResult()
  const form = useForm<Values>({
    resolver: yupResolver(postSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(post),
  })
  const edit = useEditVersion('posts', post, (doc) => form.reset(valuesOf(doc)))

  async function save(values: Values) {
    result.start()
    try {
      if (post) {
        edit.saved((await putDoc<PostDoc>('posts', post.id, values, edit.version())).doc)
        result.succeed(POST_SAVED)
        form.reset(values)
        await revalidate('posts')
      } else {
        const answer = await createDoc<PostDoc>('posts', values)
        await revalidate('posts')
        navigate(`/console/posts/${answer.doc.id}`, { state: { notice: POST_SAVED } })
      }
    } catch (error) {
      if (edit.caught(error)) return
      applyFieldErrors(form, error, ['title', 'markdown'])
      result.fail(error)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="form console-form">
      <WriteGuard collection="posts">
        {result.notice && <SuccessNotice>{result.notice}</SuccessNotice>}
        {result.error !== null && <ConsoleError error={result.error} />}
        <EditConflict edit={edit} onOverwrite={() => void form.handleSubmit(save)()} />
        <TextInput label={t('console.form.title')} required {...fieldProps(form, 'title')} />
        <MarkdownEditor label={t('console.form.markdown')} preview={form.watch('markdown') ?? ''} {...fieldProps(form, 'markdown')} />
        <div className="form-actions">
          <SaveButton label={t(post ? 'console.posts.save' : 'console.posts.create')} loading={form.formState.isSubmitting} success={Boolean(result.notice)} />
        </div>
      </WriteGuard>
    </form>
  )
}
