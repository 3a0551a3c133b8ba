import type { UserCategory, UserStatus } from '@/gql/graphql';

/** Catalogue key of an account type (primary is displayed as Teacher). */
export const categoryKey = (category: UserCategory) => `profile.categories.${category}`;

/** Catalogue key of a status; a missing status reads Pending. */
export const statusKey = (status: UserStatus | null | undefined) => `profile.statuses.${status ?? 'PENDING'}`;

export const statusBadgeClass = (status: UserStatus | null | undefined) => `badge badge--${(status ?? 'PENDING').toLowerCase()}`;
