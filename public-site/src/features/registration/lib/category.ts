// Category mapping from programme card to the registration dialog.

export type RegistrationCategory = 'primary' | 'secondary' | 'graduate';

const byChoice: Record<string, RegistrationCategory> = {
  Primary: 'primary',
  '6th-12th Grade': 'secondary',
  'Graduates & Above': 'graduate',
};

/** 'Primary' → primary, '6th-12th Grade' → secondary, 'Graduates & Above' → graduate, anything else → primary. */
export function categoryForChoice(choice: string | null | undefined): RegistrationCategory {
  if (choice && Object.prototype.hasOwnProperty.call(byChoice, choice)) return byChoice[choice];
  return 'primary';
}

/** The programme choices as the cards name them. */
export const programmeChoices = {
  graduate: 'Graduates & Above',
  secondary: '6th-12th Grade',
  primary: 'Primary',
} as const satisfies Record<RegistrationCategory, string>;

/** The categories the registration dialog accepts (the API also knows admin, which it refuses here). */
export function isRegistrationCategory(value: unknown): value is RegistrationCategory {
  return value === 'primary' || value === 'secondary' || value === 'graduate';
}
