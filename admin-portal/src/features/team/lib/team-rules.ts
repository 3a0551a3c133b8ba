// The team member form, defined once: its values, its rules (English text required, Hindi optional,
// both within the API's limits; links must be http(s) URLs), how a member fills it and how it becomes
// the create / update input.
import type { AdminTeamMemberFieldsFragment, TeamMemberInput, TeamMemberUpdateInput } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { fieldIn, textLength, translationIn, type TextFieldSpec } from '@/lib/content-languages';
import { isUrl } from '@/lib/is-url';

const t = en.team;
export const socialNetworks = ['facebook', 'linkedin', 'twitter', 'github'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export type TeamTextField = 'name' | 'designation' | 'description';

/** A member's text written per language, with the API's limits (TeamMemberInput). */
export const teamTextFields: readonly TextFieldSpec<TeamTextField>[] = [
  { field: 'name', label: t.fields.name, max: 100, required: true },
  { field: 'designation', label: t.fields.designation, max: 100, required: true },
  { field: 'description', label: t.fields.description, max: 5000, required: true, rows: 4 },
];
const requiredMessage: Record<TeamTextField, string> = {
  name: t.validation.nameRequired,
  designation: t.validation.designationRequired,
  description: t.validation.descriptionRequired,
};

export interface TeamMemberFormValues {
  name: string;
  nameHi: string;
  designation: string;
  designationHi: string;
  description: string;
  descriptionHi: string;
  facebook: string;
  linkedin: string;
  twitter: string;
  github: string;
}
export type TeamMemberFormErrors = Partial<Record<keyof TeamMemberFormValues, string>>;


export function validateTeamMemberForm(values: TeamMemberFormValues): TeamMemberFormErrors {
  const errors: TeamMemberFormErrors = {};
  for (const { field, label, max } of teamTextFields) {
    const english = values[field].trim();
    if (!english) errors[field] = requiredMessage[field];
    else if (textLength(english) > max) errors[field] = en.content.tooLong(label, max);
    if (textLength(values[fieldIn(field, 'hi')].trim()) > max) errors[fieldIn(field, 'hi')] = en.content.tooLong(en.content.fieldIn(label, en.content.languages.hi), max);
  }
  for (const network of socialNetworks) {
    const link = values[network].trim();
    if (link && !isUrl(link)) errors[network] = t.validation.urlInvalid;
  }
  return errors;
}

/** A member as the form shows it (a new one when null); the Hindi fields come from `translations`. */
export function toTeamFormValues(m?: AdminTeamMemberFieldsFragment | null): TeamMemberFormValues {
  const hi = translationIn(m?.translations, 'hi');
  return {
    name: m?.name ?? '',
    nameHi: hi.name ?? '',
    designation: m?.designation ?? '',
    designationHi: hi.designation ?? '',
    description: m?.description ?? '',
    descriptionHi: hi.description ?? '',
    facebook: m?.socialLinks.facebook ?? '',
    linkedin: m?.socialLinks.linkedin ?? '',
    twitter: m?.socialLinks.twitter ?? '',
    github: m?.socialLinks.github ?? '',
  };
}

const socialLinksOf = (values: TeamMemberFormValues) => Object.fromEntries(socialNetworks.map((n) => [n, values[n].trim() || null]));

/** A new member: empty Hindi fields are left out. */
export function toCreateTeamMemberInput(values: TeamMemberFormValues, imageKey?: string): TeamMemberInput {
  const optional = (s: string) => s.trim() || undefined;
  return {
    name: values.name.trim(),
    nameHi: optional(values.nameHi),
    designation: values.designation.trim(),
    designationHi: optional(values.designationHi),
    description: values.description.trim(),
    descriptionHi: optional(values.descriptionHi),
    socialLinks: socialLinksOf(values),
    imageKey,
  };
}

/** An edit: the Hindi fields are always sent, so one the admin emptied ('') is removed and shows English. */
export function toUpdateTeamMemberInput(values: TeamMemberFormValues, imageKey?: string): TeamMemberUpdateInput {
  return {
    name: values.name.trim(),
    nameHi: values.nameHi.trim(),
    designation: values.designation.trim(),
    designationHi: values.designationHi.trim(),
    description: values.description.trim(),
    descriptionHi: values.descriptionHi.trim(),
    socialLinks: socialLinksOf(values),
    imageKey,
  };
}
