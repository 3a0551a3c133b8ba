import type { UserCategory, UserStatus } from '@/gql/graphql';
import { en } from '@/i18n/en';

/** Lower-case category names as they appear in URLs (?category=primary) and the REST adapter. */
export type UserCategoryValue = 'student' | 'secondary' | 'graduate' | 'primary' | 'admin' | 'superadmin';

/** The admin user-list filter, in this order: all, student, secondary, graduate, primary, admin. */
export const userCategoryFilters: readonly UserCategoryValue[] = ['student', 'secondary', 'graduate', 'primary', 'admin'];

/** Categories an admin can give a user in the form (superadmin is not handed out here). */
export const formCategories: readonly UserCategory[] = ['STUDENT', 'SECONDARY', 'GRADUATE', 'PRIMARY', 'ADMIN'];

export const userStatuses: readonly UserStatus[] = ['ACTIVE', 'PENDING', 'APPROVED', 'REJECTED'];

const all: readonly UserCategoryValue[] = [...userCategoryFilters, 'superadmin'];

export function parseCategory(value: string | null | undefined): UserCategoryValue | undefined {
  const v = (value ?? '').toLowerCase();
  return (all as readonly string[]).includes(v) ? (v as UserCategoryValue) : undefined;
}

export function parseStatus(value: string | null | undefined): UserStatus | undefined {
  const v = (value ?? '').toUpperCase();
  return (userStatuses as readonly string[]).includes(v) ? (v as UserStatus) : undefined;
}

export const toCategoryEnum = (value: UserCategoryValue) => value.toUpperCase() as UserCategory;
export const fromCategoryEnum = (value: UserCategory | string) => value.toLowerCase() as UserCategoryValue;

/** Plural list label: 'Primary Students' for student, 'Teachers' for primary. */
export function categoryLabel(category: UserCategory | UserCategoryValue | string): string {
  const key = category.toUpperCase() as keyof typeof en.categories;
  return en.categories[key] ?? category;
}

/** Singular label for one user: 'Teacher' for primary. */
export function categoryOneLabel(category: UserCategory | string): string {
  const key = category.toUpperCase() as keyof typeof en.categoryOne;
  return en.categoryOne[key] ?? category;
}

/** A missing status displays as Pending . */
export function statusLabel(status: UserStatus | string | null | undefined): string {
  const key = (status ?? 'PENDING').toUpperCase() as keyof typeof en.status;
  return en.status[key] ?? en.status.PENDING;
}
