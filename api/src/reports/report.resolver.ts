import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { ImpactReport, ImpactReportFilter } from './report.types';

@Resolver()
export class ReportResolver {
  @Query(() => ImpactReport, { description: "The impact report of a period (India dates, both included): what the charity's events achieved" })
  @Access('admin')
  async impactReport(@Ctx() ctx: GraphQLContext, @Arg('filter', () => ImpactReportFilter) filter: ImpactReportFilter): Promise<ImpactReport> {
    return ctx.services.reports.impact(filter);
  }
}
