import { useMutation } from '@apollo/client/react';
import { CancelMessageDocument, MessagesDocument, SendMessageDocument } from '@/gql/graphql';

/** Sends (or schedules) a message; the list of messages is fetched again so it shows first. */
export const useSendMessage = () => useMutation(SendMessageDocument, { refetchQueries: [MessagesDocument] });

/** Cancels a scheduled message; the returned Message (with id) updates the cached one. */
export const useCancelMessage = () => useMutation(CancelMessageDocument);
