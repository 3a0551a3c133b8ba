import { TeamPage } from '@/features/team/components/team-page';

export default function TeamsRoute() {
  return <TeamPage />;
}
