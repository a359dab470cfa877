import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '../ui/useDocumentTitle'
import { FOOTER_COLUMNS, VERSION, type FooterLink } from './footerLinks'

function FooterItem({ link }: { link: FooterLink }) {
  if (link.external) {
    return (
      <a href={link.to} target="_blank" rel="noopener noreferrer">
        {link.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    )
  }
  return <Link to={link.to}>{link.label}</Link>
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className="footer-column">
            <h2 className="footer-heading">{column.heading}</h2>
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
        © {new Date().getFullYear()} {PRODUCT_NAME}, a student-focused civics guide and review tool. All rights reserved.{' '}
        Version <Link to="/change-log">{VERSION}</Link>
      </p>
    </footer>
  )
}
