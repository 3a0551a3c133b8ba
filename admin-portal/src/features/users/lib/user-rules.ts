// The rules of the admin user form (the API's UserInput, see GET /api/openapi.json), defined once: name, email, phone (10 digits) always;
// father's name and the primary user's email for category student; school name, district and area
// for teachers (category primary); a password for every category except teacher (min 6; on edit
// optional, but at least 6 when given).
import type { UserCategory, UserStatus } from '@/gql/graphql';
import { en } from '@/i18n/en';

export interface UserFormValues {
  name: string;
  email: string;
  phone: string;
  category: UserCategory;
  status: UserStatus;
  password: string;
  fatherName: string;
  primaryEmail: string;
  schoolName: string;
  district: string;
  area: string;
}

export type UserFormMode = 'create' | 'edit';
export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{10}$/;
export const PASSWORD_MIN = 6;

const v = en.users.validation;

export const needsStudentFields = (category: UserCategory) => category === 'STUDENT';
export const needsSchoolFields = (category: UserCategory) => category === 'PRIMARY';
export const needsPassword = (category: UserCategory, mode: UserFormMode) => mode === 'create' && category !== 'PRIMARY';

export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  const blank = (s: string | undefined) => !s || !s.trim();

  if (blank(values.name)) errors.name = v.nameRequired;
  if (blank(values.email)) errors.email = v.emailRequired;
  else if (!EMAIL.test(values.email.trim())) errors.email = v.emailInvalid;
  if (blank(values.phone)) errors.phone = v.phoneRequired;
  else if (!PHONE.test(values.phone.trim())) errors.phone = v.phoneInvalid;

  if (needsStudentFields(values.category)) {
    if (blank(values.fatherName)) errors.fatherName = v.fatherNameRequired;
    if (blank(values.primaryEmail)) errors.primaryEmail = v.primaryEmailRequired;
    else if (!EMAIL.test(values.primaryEmail.trim())) errors.primaryEmail = v.emailInvalid;
  }
  if (needsSchoolFields(values.category)) {
    if (blank(values.schoolName)) errors.schoolName = v.schoolNameRequired;
    if (blank(values.district)) errors.district = v.districtRequired;
    if (blank(values.area)) errors.area = v.areaRequired;
  }

  if (needsPassword(values.category, mode) && !values.password) errors.password = v.passwordRequired;
  else if (values.password && values.password.length < PASSWORD_MIN) errors.password = v.passwordShort;

  return errors;
}

/** The form's values as the mutation input: trimmed, empty optional fields left out. */
export function toUserInput(values: UserFormValues) {
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  const student = needsStudentFields(values.category);
  const school = needsSchoolFields(values.category);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    category: values.category,
    status: values.status,
    password: values.password ? values.password : undefined,
    fatherName: student ? opt(values.fatherName) : undefined,
    primaryEmail: student ? opt(values.primaryEmail) : undefined,
    schoolName: school || student ? opt(values.schoolName) : undefined,
    district: school || student ? opt(values.district) : undefined,
    area: school || student ? opt(values.area) : undefined,
  };
}
