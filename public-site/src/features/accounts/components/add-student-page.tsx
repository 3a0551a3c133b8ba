import { ComingSoon } from './coming-soon';

export default function AddStudentPage() {
  return <ComingSoon titleKey="titles.addStudent" />;
}
