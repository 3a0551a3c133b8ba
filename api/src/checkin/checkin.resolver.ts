import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { EventView } from '../events/event.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { CheckInResult, EventAttendance, MyCheckIn, Registrant } from './checkin.types';

/** Check-in at the door, the door page's list and attendance (admin). */
@Resolver()
export class CheckInResolver {
  @Mutation(() => CheckInResult, {
    description:
      'Checks a person in by code (XXXX-XXXX, any case, with or without the dash, or the QR code\'s secret) or by userId. scannedAt: when a check-in queued offline was scanned. NOT_FOUND for an unknown or void code, CONFLICT for a code of another event or outside the attendance window (the event\'s day until 30 days after)',
  })
  @Access('admin', 'attendance:write')
  checkIn(
    @Ctx() ctx: GraphQLContext,
    @Arg('eventId', () => ID) eventId: string,
    @Arg('code', () => String, { nullable: true }) code: string | null,
    @Arg('userId', () => ID, { nullable: true }) userId: string | null,
    @Arg('scannedAt', () => Date, { nullable: true }) scannedAt: Date | null,
    @Arg('sessionId', () => ID, { nullable: true, description: 'The session; without it, the one running or next today, else the first' }) sessionId: string | null,
  ): Promise<CheckInResult> {
    return ctx.services.checkIns.checkIn(ctx.viewer!, eventId, { code: code ?? undefined, userId: userId ?? undefined, scannedAt: scannedAt ?? undefined, sessionId: sessionId ?? undefined });
  }

  @Mutation(() => CheckInResult, { description: 'Undoes a mistaken check-in (alreadyCheckedIn: whether there was one to undo)' })
  @Access('admin', 'attendance:write')
  undoCheckIn(
    @Ctx() ctx: GraphQLContext,
    @Arg('eventId', () => ID) eventId: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('sessionId', () => ID, { nullable: true }) sessionId: string | null,
  ): Promise<CheckInResult> {
    return ctx.services.checkIns.undoCheckIn(ctx.viewer!, eventId, userId, sessionId ?? undefined);
  }

  @Query(() => [Registrant], { description: "An event's registrants with their check-in times, by name; search matches name or e-mail" })
  @Access('admin', 'registrations:read')
  eventRegistrants(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string, @Arg('search', () => String, { nullable: true }) search: string | null): Promise<Registrant[]> {
    return ctx.services.checkIns.registrants(eventId, search ?? undefined);
  }

  @Query(() => EventAttendance, { description: 'Registered, checked in, the rate and who came' })
  @Access('admin', 'registrations:read')
  eventAttendance(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<EventAttendance> {
    return ctx.services.checkIns.attendance(eventId);
  }
}

/** Event.myCheckIn: the signed-in person's code (batched per request: loaders.myCheckIn). */
@Resolver(() => EventView)
export class CheckInEventFieldsResolver {
  @FieldResolver(() => MyCheckIn, { nullable: true, description: 'The signed-in registered person\'s check-in code and QR code; null when signed out or not registered' })
  async myCheckIn(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<MyCheckIn | null> {
    if (!ctx.viewer) return null;
    const mine = await ctx.loaders.myCheckIn.load(event.id);
    if (!mine) return null;
    return { code: mine.code, qrSvg: await ctx.services.checkIns.qrSvg(mine.secret), checkedInAt: mine.checkedInAt };
  }
}
