import { ComingSoon } from './coming-soon';

export default function DashboardPage() {
  return <ComingSoon titleKey="titles.dashboard" />;
}
