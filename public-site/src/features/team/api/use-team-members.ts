import { TeamMembersDocument } from '@/gql/graphql';
import { pageQuery } from '@/rendering/page-data';
import { usePageQuery } from '@/rendering/use-page-query';

export const teamMembersQuery = () => pageQuery(TeamMembersDocument, {});

export function useTeamMembers() {
  return usePageQuery(teamMembersQuery());
}
