import type { UserEntity } from './user.entity';
import { userView } from './user.service';

/** The GraphQL view of a user (the accounts part's mapper; load primaryUser/createdBy to fill those fields). */
export const toUserView = userView;

/** The legacy REST shape (SPEC section 3): _id beside id, createdBy as an object with name. */
export function toRestUser(u: UserEntity) {
  const view = userView(u);
  return { _id: view.id, ...view, createdAt: view.createdAt instanceof Date ? view.createdAt.toISOString() : view.createdAt };
}
