import { useDataMutation } from '@/rendering/use-data-client';
import { RegisterDocument, VerifyRegistrationDocument } from '@/gql/graphql';

/** Step 1 of the dialog: creates the unverified account and e-mails a code (also used by Resend OTP). */
export const useRegister = () => useDataMutation(RegisterDocument);
/** Step 2: checks the code and returns the session token. */
export const useVerifyRegistration = () => useDataMutation(VerifyRegistrationDocument);
