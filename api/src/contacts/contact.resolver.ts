import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { CONTACT_THANKS } from './contact.service';
import { ContactInput, ContactPayload } from './contact.types';

@Resolver()
export class ContactResolver {
  @Mutation(() => ContactPayload)
  @Access('public')
  async submitContact(@Ctx() ctx: GraphQLContext, @Arg('input', () => ContactInput) input: ContactInput): Promise<ContactPayload> {
    const saved = await ctx.services.contacts.submit(input);
    return { id: saved.id, message: CONTACT_THANKS };
  }
}
