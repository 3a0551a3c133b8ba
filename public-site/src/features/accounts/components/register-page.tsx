import { ComingSoon } from './coming-soon';

export default function RegisterPage() {
  return <ComingSoon titleKey="titles.register" />;
}
