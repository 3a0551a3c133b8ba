import { Field, InputType, Int, ID, ObjectType, registerEnumType } from 'type-graphql';
import { REQUIRED_FIELDS } from '../auth/auth.types';
import { EmailAddress, PhoneNumber, RequiredText } from '../common/field-rules';

export enum ApprovalStatus {
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(ApprovalStatus, { name: 'ApprovalStatus' });


/** A student as a teacher adds them (POST /api/users/add-student): every field required. */
@InputType()
export class StudentInput {
  @Field() @RequiredText(100, 'Name', REQUIRED_FIELDS) name: string;
  @Field() @RequiredText(100, "Father's name", REQUIRED_FIELDS) fatherName: string;

  @Field() @EmailAddress() email: string;
  @Field() @PhoneNumber() phone: string;

  @Field() @RequiredText(100, 'District', REQUIRED_FIELDS) district: string;
  @Field() @RequiredText(100, 'Area', REQUIRED_FIELDS) area: string;
  @Field() @RequiredText(150, 'School name', REQUIRED_FIELDS) schoolName: string;
}

@InputType()
export class ApprovalInput {
  @Field(() => [ID]) userIds: string[];
  @Field(() => ApprovalStatus) status: ApprovalStatus;
}

@ObjectType()
export class ApprovalPayload {
  @Field(() => Int) updated: number;
  @Field() message: string;
}
