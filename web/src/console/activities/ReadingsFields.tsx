import { useTranslation } from '../../i18n/useTranslation'
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form'
import { fieldProps } from '../../ui/fieldProps'
import { TextInput } from '../../ui/TextInput'
import type { ActivityValues } from './activitySchema'
import { MediaUpload } from '../MediaUpload'

type Form = UseFormReturn<ActivityValues>

const DOCUMENTS = '.pdf,.doc,.docx,.ppt,.pptx,.txt,image/*'

function ReadingFiles({ form, reading }: { form: Form; reading: number }) {
  const { t } = useTranslation()
  const files = useFieldArray({ control: form.control, name: `readings.${reading}.files` })
  return (
    <div className="console-reading-files">
      <ol className="console-repeat">
        {files.fields.map((file, index) => {
          const label = t('console.readings.file', { reading: reading + 1, file: index + 1 })
          return (
            <li key={file.id}>
              <TextInput label={t('console.readings.fileLabel', { name: label })} required {...fieldProps(form, `readings.${reading}.files.${index}.text`)} />
              <Controller
                control={form.control}
                name={`readings.${reading}.files.${index}.file`}
                render={({ field, fieldState }) => (
                  <>
                    <MediaUpload label={label} accept={DOCUMENTS} value={field.value ?? null} onChange={field.onChange} />
                    {fieldState.error && <p className="field-error">{fieldState.error.message}</p>}
                  </>
                )}
              />
              <button type="button" className="button button-secondary button-small" onClick={() => files.remove(index)}>
                {t('console.readings.removeFile', { name: label.toLowerCase() })}
              </button>
            </li>
          )
        })}
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={() => files.append({ text: '', file: null as never })}>
        {t('console.readings.addFile', { number: reading + 1 })}
      </button>
    </div>
  )
}

/** The readings of a readings activity: a title, an optional link and uploaded files each. */
export function ReadingsFields({ form }: { form: Form }) {
  const { t } = useTranslation()
  const readings = useFieldArray({ control: form.control, name: 'readings' })
  return (
    <fieldset className="console-fieldset">
      <legend>{t('console.readings.legend')}</legend>
      {readings.fields.length === 0 && <p className="field-hint">{t('console.readings.none')}</p>}
      <ol className="console-repeat">
        {readings.fields.map((reading, index) => (
          <li key={reading.id}>
            <TextInput label={t('console.readings.title', { number: index + 1 })} required {...fieldProps(form, `readings.${index}.text`)} />
            <TextInput
              label={t('console.readings.link', { number: index + 1 })}
              hint={t('console.readings.linkHint')}
              {...fieldProps(form, `readings.${index}.path`)}
            />
            <ReadingFiles form={form} reading={index} />
            <button type="button" className="button button-secondary button-small" onClick={() => readings.remove(index)}>
              {t('console.readings.remove', { number: index + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={() => readings.append({ text: '', path: '', files: [] })}>
        {t('console.readings.add')}
      </button>
    </fieldset>
  )
}
