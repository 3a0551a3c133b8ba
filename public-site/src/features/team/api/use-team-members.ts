import { useQuery } from '@apollo/client/react';
import { TeamMembersDocument } from '@/gql/graphql';

export function useTeamMembers() {
  return useQuery(TeamMembersDocument);
}
