// Fixed facts about the organisation that are not translated (addresses, numbers, links).
export const organisation = {
  email: 'info@gyanjyotimission.org',
  phones: ['+91 532 246 0100', '+91 94150 10071', '+91 94150 10072'],
  officePhone: '+91 532 246 0100',
  fax: '+91 532 246 0199',
  facebook: 'https://www.facebook.com/gyanjyotimission',
  foundedYear: 1971,
  members: 500,
} as const;
