import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { MessagePayload } from '../auth/auth.types';
import { EventView } from '../events/event.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { CertificateVerification, CertificateView, IssueCertificatesPayload, MyCertificate } from './certificate.types';

/** Certificates of participation: issue, revoke and list (admin); verify a code (anyone). */
@Resolver()
export class CertificateResolver {
  @Mutation(() => IssueCertificatesPayload, {
    description:
      'Issues certificates once the event has ended (CONFLICT before): to every attendee (checked in) who has none, or with userId to that one attendee (CONFLICT for someone who did not attend). Each gets a mail with the PDF; a repeat issues 0',
  })
  @Access('admin')
  issueCertificates(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string, @Arg('userId', () => ID, { nullable: true }) userId: string | null): Promise<IssueCertificatesPayload> {
    return ctx.services.certificates.issue(ctx.viewer!, eventId, { userId: userId ?? undefined });
  }

  @Mutation(() => MessagePayload, { description: 'Withdraws a certificate by its code (verification then says it is not valid); the reason stays with the admins' })
  @Access('admin')
  async revokeCertificate(@Ctx() ctx: GraphQLContext, @Arg('code') code: string, @Arg('reason', () => String, { nullable: true }) reason: string | null): Promise<MessagePayload> {
    const r = await ctx.services.certificates.revoke(ctx.viewer!, { code, reason: reason ?? undefined });
    return { message: r.message };
  }

  @Query(() => [CertificateView], { description: "An event's certificates, by name (revoked ones too)" })
  @Access('admin', 'certificates:read')
  eventCertificates(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<CertificateView[]> {
    return ctx.services.certificates.list(eventId);
  }

  @Query(() => Int, { description: 'How many certificates issueCertificates would send now: attendees (checked in) of the event who have none yet' })
  @Access('admin', 'certificates:read')
  certificatesToIssue(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<number> {
    return ctx.services.certificates.toIssueCount(eventId);
  }

  @Query(() => CertificateVerification, { description: 'Checks a certificate code (any case, dashes optional): NOT_FOUND for an unknown code; rate-limited per address' })
  @Access('public')
  verifyCertificate(@Ctx() ctx: GraphQLContext, @Arg('code') code: string): Promise<CertificateVerification> {
    return ctx.services.certificates.verify(code, ctx.ip);
  }
}

/** Event.myCertificate: the signed-in person's certificate (batched per request: loaders.myCertificate). */
@Resolver(() => EventView)
export class CertificateEventFieldsResolver {
  @FieldResolver(() => MyCertificate, { nullable: true, description: "The signed-in person's certificate for this event (revoked ones too, flagged); null when none was issued to them or signed out" })
  async myCertificate(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<MyCertificate | null> {
    if (!ctx.viewer) return null;
    return ctx.loaders.myCertificate.load(event.id);
  }
}
