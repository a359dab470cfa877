import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import type { DistrictListAnswer } from '../../../common/districtSignIn'
import { keys } from '../api/keys'
import { readPageData } from '../api/pageData'
import { useTranslation } from '../i18n/useTranslation'
import { SelectInput } from '../ui/SelectInput'
import { districtLoginHref } from './safeRedirect'

/**
 * "Sign in with your district": a picker of the districts whose sign-in is on, leaving for the
 * server's OpenID Connect handshake. Nothing shows while no district is configured.
 */
export function DistrictSignIn({
  redirect,
  navigate = (href) => window.location.assign(href),
}: {
  redirect: string | null
  navigate?: (href: string) => void
}) {
  const { t } = useTranslation()
  // Opened at /login, the page brings the list; reached from another page, it is asked for.
  const [fromPage] = useState(() => readPageData().districts)
  const { data } = useSWR<DistrictListAnswer>(keys.districts(), {
    revalidateOnFocus: false,
    ...(fromPage ? { fallbackData: { districts: fromPage }, revalidateOnMount: false } : {}),
  })
  const [district, setDistrict] = useState('')
  const [missing, setMissing] = useState(false)
  const districts = data?.districts ?? []
  if (!districts.length) return null

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!district) return setMissing(true)
    navigate(districtLoginHref(district, redirect))
  }

  return (
    <>
      <p className="divider">
        <span>{t('auth.login.or')}</span>
      </p>
      <form onSubmit={submit} noValidate className="form district-sign-in">
        <SelectInput
          label={t('auth.district.label')}
          name="district"
          placeholder={t('auth.district.choose')}
          options={districts.map(({ key, name }) => ({ value: key, label: name }))}
          value={district}
          error={missing ? t('auth.district.required') : undefined}
          touched={missing}
          onChange={(event) => {
            setDistrict(event.target.value)
            setMissing(false)
          }}
        />
        <button type="submit" className="button button-secondary button-block-mobile">
          {t('auth.district.submit')}
        </button>
      </form>
    </>
  )
}
