import { Ctx, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { toUserView } from '../users/user.admin.view';
import { DashboardStats } from './stat.types';

@Resolver()
export class StatsResolver {
  @Query(() => DashboardStats, { description: 'All dashboard figures in one call (three SQL statements)' })
  @Access('admin')
  async dashboardStats(@Ctx() ctx: GraphQLContext): Promise<DashboardStats> {
    const d = await ctx.services.stats.dashboard();
    return {
      visitorCount: d.visitorCount,
      totalUsers: d.users.total,
      usersThisMonth: d.users.thisMonth,
      usersThisYear: d.users.thisYear,
      activeUsers: d.users.active,
      pendingUsers: d.users.pending,
      usersByCategory: d.users.byCategory,
      eventsTotal: d.events.total,
      eventsUpcoming: d.events.upcoming,
      eventsActive: d.events.active,
      eventsThisMonth: d.events.thisMonth,
      eventsThisYear: d.events.thisYear,
      eventsByCategory: d.events.byCategory,
      peopleWaiting: d.peopleWaiting,
      attendanceLastMonth: d.attendance,
      attendanceNow: d.attendanceNow,
      recentRegistrations: d.recent.map(toUserView),
      upcomingEvents: d.upcoming.map((e) => ctx.services.events.toView(e)),
    };
  }
}
