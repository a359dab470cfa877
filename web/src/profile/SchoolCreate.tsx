import { yupResolver } from '@hookform/resolvers/yup'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import type { School } from '../api/types'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { createSchool } from './api/profile'
import { CountryRegionFields } from './CountryRegionFields'
import { DEFAULT_COUNTRY, DEFAULT_STATE } from './profileOptions'
import { newSchoolSchema } from './profileSchema'

type Values = InferType<typeof newSchoolSchema>

/** `initialName`: the text searched for, when the search's way forward opened this form. */
export function SchoolCreate({ onCreated, initialName = '' }: { onCreated: (school: School) => void; initialName?: string }) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const form = useForm<Values>({
    resolver: yupResolver(newSchoolSchema),
    mode: 'onTouched',
    defaultValues: { name: initialName, district: '', state: DEFAULT_STATE, country: DEFAULT_COUNTRY },
  })
  // Carried over from the search, the name is filled: the district is what is left to type.
  useEffect(() => {
    if (initialName) form.setFocus('district')
  }, [form, initialName])

  async function create(values: Values) {
    setError(null)
    try {
      onCreated(await createSchool(values))
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <form
      noValidate
      className="form"
      onSubmit={(event) => {
        // The modal is portaled but React still bubbles submit to the profile form.
        event.stopPropagation()
        void form.handleSubmit(create)(event)
      }}
    >
      {error !== null && <ErrorNotice error={error} />}
      <p>{t('profile.school.createIntro')}</p>
      <TextInput label={t('profile.school.name')} required {...fieldProps(form, 'name')} />
      <TextInput label={t('profile.fields.district')} required {...fieldProps(form, 'district')} />
      <CountryRegionFields form={form} countryName="country" stateName="state" required={false} />
      <SaveButton label={t('profile.school.create')} loading={form.formState.isSubmitting} />
    </form>
  )
}
