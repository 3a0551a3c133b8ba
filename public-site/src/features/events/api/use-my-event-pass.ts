import { useQuery } from '@apollo/client/react';
import { MyEventPassDocument } from '@/gql/graphql';

/**
 * The signed-in viewer's check-in code, QR code and certificate for an event. Always read from the
 * network (cache-and-network): registering or checking in at the door changes them.
 */
export function useMyEventPass(eventId: string) {
  return useQuery(MyEventPassDocument, { variables: { id: eventId }, fetchPolicy: 'cache-and-network' });
}
