import { PAGE_SIZE } from '../common/page';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import type { ContactSubmissionEntity } from './contact.entity';
import { ContactPage, ContactStatus, ContactSubmissionView } from './contact.types';

const view = (c: ContactSubmissionEntity): ContactSubmissionView => ({
  id: c.id, name: c.name, email: c.email, phone: c.phone, subject: c.subject, message: c.message, status: c.status, createdAt: c.createdAt, updatedAt: c.updatedAt,
});

/** The admin's contact queries: list (newest first), details, status. */
@Resolver()
export class ContactAdminResolver {
  @Query(() => ContactPage, { description: 'Newest first' })
  @Access('admin')
  async contactSubmissions(
    @Ctx() ctx: GraphQLContext,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: PAGE_SIZE.default }) limit: number,
  ): Promise<ContactPage> {
    const page = await ctx.services.contacts.list(offset, limit);
    return { items: page.items.map(view), total: page.total, offset: page.offset, limit: page.limit };
  }

  @Query(() => ContactSubmissionView)
  @Access('admin')
  async contactSubmission(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<ContactSubmissionView> {
    return view(await ctx.services.contacts.get(id));
  }

  @Mutation(() => ContactSubmissionView)
  @Access('admin')
  async updateContactStatus(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('status', () => ContactStatus) status: ContactStatus,
  ): Promise<ContactSubmissionView> {
    return view((await ctx.services.contacts.setStatus(ctx.viewer, id, { status })).after);
  }
}
