import { useTranslation } from '../../i18n/useTranslation'
import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import { fieldProps } from '../../ui/fieldProps'
import { TextInput } from '../../ui/TextInput'
import type { ActivityValues } from './activitySchema'

/** The links of a links activity: text and address, added and removed in place. */
export function LinksFields({ form }: { form: UseFormReturn<ActivityValues> }) {
  const { t } = useTranslation()
  const links = useFieldArray({ control: form.control, name: 'links' })
  return (
    <fieldset className="console-fieldset">
      <legend>{t('console.links.legend')}</legend>
      {links.fields.length === 0 && <p className="field-hint">{t('console.links.none')}</p>}
      <ol className="console-repeat">
        {links.fields.map((link, index) => (
          <li key={link.id}>
            <TextInput label={t('console.links.text', { number: index + 1 })} required {...fieldProps(form, `links.${index}.text`)} />
            <TextInput
              label={t('console.links.address', { number: index + 1 })}
              required
              hint={t('console.links.addressHint')}
              {...fieldProps(form, `links.${index}.path`)}
            />
            <button type="button" className="button button-secondary button-small" onClick={() => links.remove(index)}>
              {t('console.links.remove', { number: index + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={() => links.append({ text: '', path: '' })}>
        {t('console.links.add')}
      </button>
    </fieldset>
  )
}
