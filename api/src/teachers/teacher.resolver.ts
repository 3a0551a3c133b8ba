import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { userView } from '../users/user.service';
import { UserView } from '../users/user.types';
import { ApprovalInput, ApprovalPayload, StudentInput } from './teacher.types';

@Resolver()
export class TeacherResolver {
  @Query(() => [UserView], { description: "The signed-in teacher's students, newest first" })
  @Access('teacher')
  async myStudents(@Ctx() ctx: GraphQLContext): Promise<UserView[]> {
    return (await ctx.services.teachers.myStudents(ctx.viewer!)).map(userView);
  }

  @Mutation(() => UserView, { description: 'Adds a student (status pending) for the signed-in teacher' })
  @Access('teacher')
  async addStudent(@Ctx() ctx: GraphQLContext, @Arg('input', () => StudentInput) input: StudentInput): Promise<UserView> {
    return userView(await ctx.services.teachers.addStudent(ctx.viewer!, input));
  }

  @Mutation(() => ApprovalPayload, { description: 'Teachers: their own students only. Admins: any non-admin account, teachers included. At most 500 ids, all or nothing.' })
  @Access('teacher')
  setApprovalStatus(@Ctx() ctx: GraphQLContext, @Arg('input', () => ApprovalInput) input: ApprovalInput): Promise<ApprovalPayload> {
    return ctx.services.teachers.setStatus(ctx.viewer!, input);
  }
}
