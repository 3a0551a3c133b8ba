import { ComingSoon } from './coming-soon';

export default function VerifyOtpPage() {
  return <ComingSoon titleKey="titles.verifyOtp" />;
}
