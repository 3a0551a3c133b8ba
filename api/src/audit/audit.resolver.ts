import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import type { AuditEntryEntity } from './audit-entry.entity';
import { AuditEntryView, AuditPage } from './audit.types';

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const view = (e: AuditEntryEntity): AuditEntryView => ({ ...e, before: json(e.before), after: json(e.after) });

@Resolver()
export class AuditResolver {
  @Query(() => AuditPage, { description: 'Newest first' })
  @Access('admin')
  async auditLog(
    @Ctx() ctx: GraphQLContext,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
  ): Promise<AuditPage> {
    const page = await ctx.services.audit.list(offset, limit);
    return { items: page.items.map(view), total: page.total, offset: page.offset, limit: page.limit };
  }
}
