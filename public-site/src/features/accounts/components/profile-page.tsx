import { ComingSoon } from './coming-soon';

export default function ProfilePage() {
  return <ComingSoon titleKey="titles.profile" />;
}
