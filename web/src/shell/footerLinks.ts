// External addresses are placeholders to confirm with the programme (see docs/adr/footer-placeholder-links.md).

export const VERSION = '2.0.1'

export interface FooterLink {
  /** A catalogue key (web/src/i18n/locales). */
  label: string
  to: string
  external?: boolean
}

export interface FooterColumn {
  /** A catalogue key. */
  heading: string
  links: FooterLink[]
}

export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    heading: 'shell.footer.help',
    links: [
      { label: 'shell.footer.usageGuide', to: '/help' },
      { label: 'shell.footer.contact', to: '/ticket?type=contact' },
      { label: 'shell.footer.privacy', to: '/pages/privacy-policy' },
      { label: 'shell.footer.terms', to: '/pages/terms-and-conditions' },
    ],
  },
  {
    heading: 'shell.footer.about',
    links: [
      { label: 'shell.footer.civics360', to: '/pages/civics360' },
      { label: 'shell.footer.ourStory', to: '/pages/fjcc' },
      { label: 'shell.footer.eoc', to: '/pages/eoc' },
      { label: 'shell.footer.donate', to: 'https://www.ucffoundation.org/giving/', external: true },
    ],
  },
  {
    heading: 'shell.footer.madeBy',
    links: [
      { label: 'shell.footer.lfi', to: 'https://www.loufrey.org/', external: true },
      { label: 'shell.footer.fjcc', to: 'https://www.floridacitizen.org/', external: true },
    ],
  },
  {
    heading: 'shell.footer.partners',
    links: [
      { label: 'shell.footer.ucf', to: 'https://www.ucf.edu/', external: true },
      { label: 'shell.footer.ocps', to: 'https://www.ocps.net/', external: true },
      { label: 'shell.footer.bobGraham', to: 'https://www.bobgrahamcenter.ufl.edu/', external: true },
    ],
  },
]
