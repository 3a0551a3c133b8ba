import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType()
export class SocialLinks {
  @Field(() => String, { nullable: true }) facebook: string | null;
  @Field(() => String, { nullable: true }) linkedin: string | null;
  @Field(() => String, { nullable: true }) twitter: string | null;
  @Field(() => String, { nullable: true }) github: string | null;
}

@ObjectType('TeamMember')
export class TeamMemberView {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() designation: string;
  @Field() description: string;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field(() => String, { nullable: true }) imageSrcSet: string | null;
  @Field(() => SocialLinks) socialLinks: SocialLinks;
}
