import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { MessagePayload } from '../auth/auth.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { BackgroundJobView } from './job.types';

@Resolver()
export class JobsResolver {
  @Query(() => [BackgroundJobView], { description: 'Background jobs, newest first; states: created, retry, active, completed, cancelled, failed' })
  @Access('admin')
  backgroundJobs(
    @Ctx() ctx: GraphQLContext,
    @Arg('states', () => [String], { nullable: true }) states: string[] | null,
    @Arg('limit', () => Int, { defaultValue: 100 }) limit: number,
  ): Promise<BackgroundJobView[]> {
    return ctx.services.jobAdmin.list(states ?? undefined, limit);
  }

  @Mutation(() => MessagePayload, { description: 'Runs a failed job again' })
  @Access('admin')
  async retryBackgroundJob(@Ctx() ctx: GraphQLContext, @Arg('name') name: string, @Arg('id', () => ID) id: string): Promise<MessagePayload> {
    return { message: await ctx.services.jobAdmin.retry(ctx.viewer!, name, id) };
  }
}
