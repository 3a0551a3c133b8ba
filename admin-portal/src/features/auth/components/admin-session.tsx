import { createContext, useContext } from 'react';
import type { AdminMeQuery } from '@/gql/graphql';

export type AdminUser = AdminMeQuery['adminMe'];

export const AdminSessionContext = createContext<AdminUser | null>(null);

/** The verified admin (inside RequireAdmin). */
export function useAdmin(): AdminUser | null {
  return useContext(AdminSessionContext);
}
