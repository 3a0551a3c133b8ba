import { ApprovalPage } from './approval-page';

export default function StudentsApprovalPage() {
  return <ApprovalPage kind="student" />;
}
