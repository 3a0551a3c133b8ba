import { ComingSoon } from './coming-soon';

export default function LoginPage() {
  return <ComingSoon titleKey="titles.login" />;
}
