import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { allTranslations, localize, missingLanguages } from '../i18n/translations';
import { TEAM_TEXT, TeamMemberTranslationView, TeamMemberView } from './team.types';

@Resolver(() => TeamMemberView)
export class TeamResolver {
  @Query(() => [TeamMemberView], { description: 'Oldest first; the team page shows them in reverse order' })
  @Access('public')
  async teamMembers(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', () => String, { nullable: true, description: 'Name or designation, in any language' }) search: string | null,
    @Arg('missingLanguage', () => String, { nullable: true, description: "Only members not fully written in this language ('hi')" }) missingLanguage: string | null,
  ): Promise<TeamMemberView[]> {
    return (await ctx.services.team.list({ search, missingLanguage })).map((m) => ctx.services.team.toView(m));
  }

  // The text fields follow the request's language (`?lang=` or Accept-Language), falling back to English.
  @FieldResolver(() => String)
  name(@Root() member: TeamMemberView, @Ctx() ctx: GraphQLContext): string {
    return localize(member.text, ctx.lang).name!;
  }

  @FieldResolver(() => String)
  designation(@Root() member: TeamMemberView, @Ctx() ctx: GraphQLContext): string {
    return localize(member.text, ctx.lang).designation!;
  }

  @FieldResolver(() => String)
  description(@Root() member: TeamMemberView, @Ctx() ctx: GraphQLContext): string {
    return localize(member.text, ctx.lang).description!;
  }

  @FieldResolver(() => [TeamMemberTranslationView], { description: 'Every language as written, English first (the admin form)' })
  translations(@Root() member: TeamMemberView): TeamMemberTranslationView[] {
    return allTranslations(member.text, TEAM_TEXT);
  }

  @FieldResolver(() => [String], { description: "Languages the member is not fully written in (e.g. ['hi'])" })
  missingLanguages(@Root() member: TeamMemberView): string[] {
    return missingLanguages(member.text, TEAM_TEXT);
  }
}
