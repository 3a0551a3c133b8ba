import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { CreateTeamMemberDocument, UpdateTeamMemberDocument } from '@/gql/graphql';
import { toCreateTeamMemberInput, toUpdateTeamMemberInput, type TeamMemberFormValues } from '../lib/team-rules';

/** Adds a team member from the form's values (the photo uploaded first: its key). */
export function useCreateTeamMember() {
  const [createMember] = useMutation(CreateTeamMemberDocument);
  return useCallback(
    async (values: TeamMemberFormValues, imageKey?: string) => (await createMember({ variables: { input: toCreateTeamMemberInput(values, imageKey) } })).data?.createTeamMember ?? null,
    [createMember],
  );
}

/** Saves the form's values over a member (a Hindi field emptied is removed). */
export function useUpdateTeamMember() {
  const [updateMember] = useMutation(UpdateTeamMemberDocument);
  return useCallback(
    async (id: string, values: TeamMemberFormValues, imageKey?: string) =>
      (await updateMember({ variables: { id, input: toUpdateTeamMemberInput(values, imageKey) } })).data?.updateTeamMember ?? null,
    [updateMember],
  );
}
