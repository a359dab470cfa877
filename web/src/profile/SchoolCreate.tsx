import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
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

export function SchoolCreate({ onCreated }: { onCreated: (school: School) => void }) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const form = useForm<Values>({
    resolver: yupResolver(newSchoolSchema),
    mode: 'onTouched',
    defaultValues: { name: '', district: '', state: DEFAULT_STATE, country: DEFAULT_COUNTRY },
  })

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
