import { useQuery } from '@apollo/client/react';
import { MyEventsDocument } from '@/gql/graphql';

/** The signed-in person's events: upcoming and past registrations, and waiting-list places. */
export function useMyEvents(skip: boolean) {
  return useQuery(MyEventsDocument, { skip, fetchPolicy: 'cache-and-network' });
}
