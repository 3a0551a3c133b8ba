import { Field, Float, Int, ObjectType } from 'type-graphql';
import { EventView } from '../events/event.types';
import { UserView } from '../users/user.types';

@ObjectType()
export class CategoryCount {
  @Field() category: string;
  @Field(() => Int) count: number;
}

@ObjectType({ description: 'Attendance across the events of the last 30 days that have ended (not cancelled)' })
export class AttendanceSummary {
  @Field(() => Int) events: number;
  @Field(() => Int) registered: number;
  @Field(() => Int) checkedIn: number;
  @Field(() => Float, { description: 'checkedIn / registered (0 when nobody registered)' }) rate: number;
}

@ObjectType({ description: 'Check-ins at the events running now (started, not ended, not cancelled)' })
export class RunningAttendance {
  @Field(() => Int, { description: 'Events running now' }) events: number;
  @Field(() => Int) registered: number;
  @Field(() => Int, { description: 'Checked in so far' }) checkedIn: number;
}

/** Everything the admin dashboard shows (the REST counts under /api/users/... too), months and years in India time. */
@ObjectType()
export class DashboardStats {
  @Field(() => Int) visitorCount: number;
  @Field(() => Int) totalUsers: number;
  @Field(() => Int) usersThisMonth: number;
  @Field(() => Int) usersThisYear: number;
  @Field(() => Int, { description: 'Status active or approved' }) activeUsers: number;
  @Field(() => Int) pendingUsers: number;
  @Field(() => [CategoryCount]) usersByCategory: CategoryCount[];
  @Field(() => Int) eventsTotal: number;
  @Field(() => Int, { description: 'Admin reading: a later date than today' }) eventsUpcoming: number;
  @Field(() => Int, { description: 'Admin reading: today' }) eventsActive: number;
  @Field(() => Int) eventsThisMonth: number;
  @Field(() => Int) eventsThisYear: number;
  @Field(() => [CategoryCount]) eventsByCategory: CategoryCount[];
  @Field(() => Int, { description: 'People on the waiting list of an event that has not started (each person once)' }) peopleWaiting: number;
  @Field(() => AttendanceSummary, { description: 'Registered and checked in across the events of the past 30 days that have ended (a running event is in attendanceNow)' }) attendanceLastMonth: AttendanceSummary;
  @Field(() => RunningAttendance, { description: 'Checked in so far at the events running now' }) attendanceNow: RunningAttendance;
  @Field(() => [UserView], { description: 'Registered in the last 7 days, newest first' }) recentRegistrations: UserView[];
  @Field(() => [EventView], { description: 'The next events (later date than today), soonest first' }) upcomingEvents: EventView[];
}
