/**
 * The kinds and widths of an activity, with their labels: the Activities collection's select fields
 * and the console's activity form both read these, so the two lists cannot drift.
 */
export const activityTypeLabels = {
  links: 'Links',
  readings: 'Readings',
  storyline: 'Storyline quiz',
  video: 'Video',
  default: 'Content',
} as const

export const activityWidthLabels = {
  full: 'Full width',
  half: 'Half width',
  third: 'One third',
} as const

export type ActivityType = keyof typeof activityTypeLabels
export type ActivityWidth = keyof typeof activityWidthLabels

const optionsOf = <K extends string>(labels: Record<K, string>) => (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }))

/** In the order Payload's select (and the database enum) lists them. */
export const activityTypeOptions = optionsOf<ActivityType>(activityTypeLabels)
export const activityWidthOptions = optionsOf<ActivityWidth>(activityWidthLabels)
