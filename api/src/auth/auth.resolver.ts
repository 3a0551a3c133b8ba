import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { userView } from '../users/user.service';
import type { AuthResult } from './auth.service';
import {
  AuthPayload,
  CodeSentPayload,
  MessagePayload,
  PasswordLoginInput,
  RegisterInput,
  SignUpInput,
  SignupCodeInput,
  TeacherRegistrationInput,
  VerifyCodeInput,
} from './auth.types';

const payload = (r: AuthResult): AuthPayload => ({ token: r.token, user: userView(r.user), message: r.message });

/** Public sign-up and sign-in. One document may verify one code (see graphql/single-code-check.ts). */
@Resolver()
export class AuthResolver {
  @Mutation(() => CodeSentPayload, { description: 'Registration dialog, step 1: creates (or refreshes) an unverified account and e-mails a code' })
  @Access('public')
  register(@Ctx() ctx: GraphQLContext, @Arg('input', () => RegisterInput) input: RegisterInput): Promise<CodeSentPayload> {
    return ctx.services.auth.register(input, ctx.ip, ctx.lang);
  }

  @Mutation(() => AuthPayload, { description: 'Registration dialog, step 2' })
  @Access('public')
  async verifyRegistration(@Ctx() ctx: GraphQLContext, @Arg('input', () => VerifyCodeInput) input: VerifyCodeInput): Promise<AuthPayload> {
    return payload(await ctx.services.auth.verifyRegistration(input));
  }

  @Mutation(() => CodeSentPayload, { description: 'Sign-in by code, step 1' })
  @Access('public')
  requestLoginCode(@Ctx() ctx: GraphQLContext, @Arg('email') email: string): Promise<CodeSentPayload> {
    return ctx.services.auth.requestLoginCode({ email }, ctx.ip, ctx.lang);
  }

  @Mutation(() => AuthPayload, { description: 'Sign-in by code, step 2' })
  @Access('public')
  async verifyLoginCode(@Ctx() ctx: GraphQLContext, @Arg('input', () => VerifyCodeInput) input: VerifyCodeInput): Promise<AuthPayload> {
    return payload(await ctx.services.auth.verifyLoginCode(input));
  }

  @Mutation(() => AuthPayload, { description: 'Sign-in with e-mail and password, or e-mail and a sign-in code' })
  @Access('public')
  async loginWithPassword(@Ctx() ctx: GraphQLContext, @Arg('input', () => PasswordLoginInput) input: PasswordLoginInput): Promise<AuthPayload> {
    return payload(await ctx.services.auth.loginWithPassword(input, ctx.ip));
  }

  @Mutation(() => MessagePayload, { description: 'Registration page, step 1: e-mails a code' })
  @Access('public')
  sendSignupCode(@Ctx() ctx: GraphQLContext, @Arg('input', () => SignupCodeInput) input: SignupCodeInput): Promise<MessagePayload> {
    return ctx.services.auth.sendSignupCode(input, ctx.ip, ctx.lang);
  }

  @Mutation(() => AuthPayload, { description: 'Registration page, step 2: the whole form with the code' })
  @Access('public')
  async signUp(@Ctx() ctx: GraphQLContext, @Arg('input', () => SignUpInput) input: SignUpInput): Promise<AuthPayload> {
    return payload(await ctx.services.auth.signUp(input, ctx.lang));
  }

  @Mutation(() => MessagePayload, { description: 'Teacher registration (no code); the account waits for an admin' })
  @Access('public')
  async registerTeacher(@Ctx() ctx: GraphQLContext, @Arg('input', () => TeacherRegistrationInput) input: TeacherRegistrationInput): Promise<MessagePayload> {
    const { message } = await ctx.services.auth.registerTeacher(input, ctx.ip);
    return { message };
  }
}
