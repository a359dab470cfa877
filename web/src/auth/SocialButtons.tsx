import { socialLoginHref } from './safeRedirect'

/** Browser navigations to the server's OAuth handshake (not API calls). */
export function SocialButtons({ verb, redirect }: { verb: 'Log In' | 'Sign Up'; redirect: string | null }) {
  return (
    <div className="social-buttons">
      <a className="button button-social button-facebook" href={socialLoginHref('facebook', redirect)}>
        {verb} with Facebook
      </a>
      <a className="button button-social button-google" href={socialLoginHref('google', redirect)}>
        {verb} with Google
      </a>
    </div>
  )
}
