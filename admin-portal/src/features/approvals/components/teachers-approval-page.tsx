import { ApprovalPage } from './approval-page';

export default function TeachersApprovalPage() {
  return <ApprovalPage kind="teacher" />;
}
