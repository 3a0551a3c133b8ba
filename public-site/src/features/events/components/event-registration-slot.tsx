import type { EventDetailFieldsFragment } from '@/gql/graphql';

export interface EventRegistrationSlotProps {
  event: EventDetailFieldsFragment;
}

/**
 * Where the Register / Registered + Unregister / Event Full buttons go (SPEC 2.9). The accounts
 * work fills this in; until then it renders nothing.
 */
export function EventRegistrationSlot(_props: EventRegistrationSlotProps) {
  return null;
}
