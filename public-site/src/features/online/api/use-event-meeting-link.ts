import { useQuery } from '@apollo/client/react';
import { EventMeetingLinkDocument } from '@/gql/graphql';

/** The meeting link for the signed-in reader, read from the network (registering changes it). */
export function useEventMeetingLink(eventId: string) {
  return useQuery(EventMeetingLinkDocument, { variables: { id: eventId }, fetchPolicy: 'cache-and-network' });
}
