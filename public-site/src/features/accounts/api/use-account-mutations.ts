import {
  LoginWithPasswordDocument,
  RequestLoginCodeDocument,
  SendSignupCodeDocument,
  SignUpDocument,
  UpdateProfileDocument,
  VerifyLoginCodeDocument,
} from '@/gql/graphql';
import { useDataMutation } from '@/rendering/use-data-client';

// Mutations for a click (useDataMutation): the sign-in, sign-up and profile forms render without the data
// layer, which is fetched when a form is sent if the reader's typing has not brought it already.

export const useRequestLoginCode = () => useDataMutation(RequestLoginCodeDocument);
export const useVerifyLoginCode = () => useDataMutation(VerifyLoginCodeDocument);
export const useLoginWithPassword = () => useDataMutation(LoginWithPasswordDocument);
export const useSendSignupCode = () => useDataMutation(SendSignupCodeDocument);
export const useSignUp = () => useDataMutation(SignUpDocument);
/** The result (User with id) replaces the cached `me`, so the header's name follows. */
export const useUpdateProfile = () => useDataMutation(UpdateProfileDocument);
