// External addresses are placeholders to confirm with the programme (see docs/decisions.md, "Web app").

export const VERSION = '2.0.1'

export interface FooterLink {
  label: string
  to: string
  external?: boolean
}

export interface FooterColumn {
  heading: string
  links: FooterLink[]
}

export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    heading: 'Help',
    links: [
      { label: 'Usage Guide', to: '/help' },
      { label: 'Contact Us', to: '/ticket?type=contact' },
      { label: 'Privacy Policy', to: '/pages/privacy-policy' },
      { label: 'Terms', to: '/pages/terms-and-conditions' },
    ],
  },
  {
    heading: 'About',
    links: [
      { label: 'Civics360', to: '/pages/civics360' },
      { label: 'Our Story', to: '/pages/fjcc' },
      { label: 'EOC', to: '/pages/eoc' },
      { label: 'Donate', to: 'https://www.ucffoundation.org/giving/', external: true },
    ],
  },
  {
    heading: 'Made by',
    links: [
      { label: 'LFI', to: 'https://www.loufrey.org/', external: true },
      { label: 'FJCC', to: 'https://www.floridacitizen.org/', external: true },
    ],
  },
  {
    heading: 'Partners',
    links: [
      { label: 'University of Central Florida', to: 'https://www.ucf.edu/', external: true },
      { label: 'Orange County Public Schools', to: 'https://www.ocps.net/', external: true },
      { label: 'Bob Graham Center for Public Service', to: 'https://www.bobgrahamcenter.ufl.edu/', external: true },
    ],
  },
]
