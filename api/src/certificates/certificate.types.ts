import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { trimOptional, UUID_PATTERN } from '../common/validate';

/** Issue to every attendee without a certificate, or (userId) to one person who attended. */
export class IssueCertificatesInput {
  @Transform(trimOptional) @IsOptional() @Matches(UUID_PATTERN, { message: 'Unknown person' })
  userId?: string;
}

/** A verification code as someone typed it (normalised by the service). */
export class CertificateCodeInput {
  @IsString({ message: 'Unknown certificate code' }) @MaxLength(40, { message: 'Unknown certificate code' })
  code: string;
}

export class RevokeCertificateInput extends CertificateCodeInput {
  @Transform(trimOptional) @IsOptional() @IsString({ message: 'The reason must be text' }) @MaxLength(500, { message: 'The reason is too long (at most 500 characters)' })
  reason?: string;
}

@ObjectType()
export class IssueCertificatesPayload {
  @Field(() => Int, { description: 'How many certificates were issued by this call (0 when everyone who attended has one)' }) issued: number;
  @Field() message: string;
}

@ObjectType({ description: "The signed-in person's certificate for an event" })
export class MyCertificate {
  @Field({ description: 'The verification code, XXXX-XXXX-XXXX-XXXX' }) code: string;
  @Field() issuedAt: Date;
  @Field({ description: 'Withdrawn by the organisers: no longer valid, not downloadable' }) revoked: boolean;
  @Field({ description: 'GET with the bearer token: the PDF (/api/events/{id}/certificate)' }) downloadUrl: string;
}

@ObjectType({ description: "A certificate as the admin's list shows it" })
export class CertificateView {
  @Field() code: string;
  @Field(() => ID) userId: string;
  @Field({ description: 'The name on the certificate' }) name: string;
  @Field({ description: "'en' or 'hi': the language of the certificate" }) language: string;
  @Field() issuedAt: Date;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
  @Field(() => String, { nullable: true }) revokeReason: string | null;
}

@ObjectType({ description: 'What the public verification page shows for a code' })
export class CertificateVerification {
  @Field() code: string;
  @Field({ description: 'Issued by the mission and not revoked' }) valid: boolean;
  @Field() participantName: string;
  @Field() eventTitle: string;
  @Field({ description: 'When the event started' }) eventDate: Date;
  @Field() eventPlace: string;
  @Field() issuedAt: Date;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
  @Field() message: string;
}
