import { useMutation } from '@apollo/client/react';
import {
  LoginWithPasswordDocument,
  RequestLoginCodeDocument,
  SendSignupCodeDocument,
  SignUpDocument,
  UpdateProfileDocument,
  VerifyLoginCodeDocument,
} from '@/gql/graphql';

export const useRequestLoginCode = () => useMutation(RequestLoginCodeDocument);
export const useVerifyLoginCode = () => useMutation(VerifyLoginCodeDocument);
export const useLoginWithPassword = () => useMutation(LoginWithPasswordDocument);
export const useSendSignupCode = () => useMutation(SendSignupCodeDocument);
export const useSignUp = () => useMutation(SignUpDocument);
/** The result (User with id) replaces the cached `me`, so the header's name follows. */
export const useUpdateProfile = () => useMutation(UpdateProfileDocument);
