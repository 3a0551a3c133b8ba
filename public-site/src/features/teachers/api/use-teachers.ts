import { useQuery } from '@apollo/client/react';
import { useDataMutation } from '@/rendering/use-data-client';
import {
  AddStudentDocument,
  MyStudentsDocument,
  RegisterTeacherDocument,
  SetApprovalStatusDocument,
} from '@/gql/graphql';

/** The signed-in teacher's students, newest first. */
export function useMyStudents() {
  return useQuery(MyStudentsDocument, { notifyOnNetworkStatusChange: true });
}

/** Adds a student and puts them at the top of the cached list. */
export function useAddStudent() {
  return useDataMutation(AddStudentDocument, {
    update(cache, { data }) {
      const added = data?.addStudent;
      if (!added) return;
      cache.updateQuery({ query: MyStudentsDocument }, (list) =>
        list ? { myStudents: [added, ...list.myStudents.filter((s) => s.id !== added.id)] } : list,
      );
    },
  });
}

/** Approves or rejects students; the list is fetched again so every badge shows the new status. */
export function useSetApprovalStatus() {
  return useDataMutation(SetApprovalStatusDocument, { refetchQueries: [MyStudentsDocument], awaitRefetchQueries: true });
}

/** Teacher registration without a code; the account then waits for an admin. */
export function useRegisterTeacher() {
  return useDataMutation(RegisterTeacherDocument);
}
