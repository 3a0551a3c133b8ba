import { useQuery } from '@apollo/client/react';
import { VerifyCertificateDocument } from '@/gql/graphql';

/** Public check of a certificate code (NOT_FOUND: unknown code; RATE_LIMITED: too many checks). */
export function useVerifyCertificate(code: string) {
  return useQuery(VerifyCertificateDocument, { variables: { code }, skip: !code, fetchPolicy: 'network-only' });
}
