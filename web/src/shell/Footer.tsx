import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '../ui/useDocumentTitle'
import { FOOTER_COLUMNS, VERSION, type FooterLink } from './footerLinks'

function FooterItem({ link }: { link: FooterLink }) {
  const { t } = useTranslation()
  if (link.external) {
    return (
      <a href={link.to} target="_blank" rel="noopener noreferrer">
        {t(link.label)}
        <span className="visually-hidden">{t('shell.footer.newTab')}</span>
      </a>
    )
  }
  return <Link to={link.to}>{t(link.label)}</Link>
}

export function Footer() {
  const { t } = useTranslation()
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={t(column.heading)} className="footer-column">
            <h2 className="footer-heading">{t(column.heading)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterItem link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="footer-legal">
        {t('shell.footer.legal', { year: new Date().getFullYear(), product: PRODUCT_NAME })} {t('shell.footer.version')} <Link to="/change-log">{VERSION}</Link>
      </p>
    </footer>
  )
}
