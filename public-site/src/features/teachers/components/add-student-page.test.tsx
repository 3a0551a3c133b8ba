import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AddStudentDocument,
  LoginWithPasswordDocument,
  MyStudentsDocument,
  RegisterTeacherDocument,
  RequestLoginCodeDocument,
  VerifyLoginCodeDocument,
  SetApprovalStatusDocument,
} from '@/gql/graphql';
import { gqlError, meMock, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import AddStudentPage from './add-student-page';

const teacher = viewer({ id: 't-1', name: 'Sunita Devi', email: 'sunita@example.org', category: 'PRIMARY', status: 'APPROVED' });

const student = (id: string, name: string, status: 'PENDING' | 'APPROVED' | 'REJECTED' = 'PENDING') => ({
  __typename: 'User' as const,
  id,
  name,
  fatherName: 'Ram Lal',
  email: `${id}@example.org`,
  phone: '9811111111',
  area: 'Civil Lines',
  district: 'Prayagraj',
  schoolName: 'Primary School No. 1',
  status,
  createdAt: '2025-01-01T00:00:00.000Z',
});

const newStudent = { name: 'Kavya', fatherName: 'Mohan', area: 'Jhunsi', district: 'Prayagraj', schoolName: 'Model School', email: 'kavya@example.org', phone: '9822222222' };

describe('AddStudentPage', () => {
  beforeEach(() => window.localStorage.clear());

  it('signed out: the gate text and a Login / Register button that opens the teacher modal', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddStudentPage />);
    expect(screen.getByText('Only teachers can add students. Please log in to proceed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teacher Login' });
    expect(within(dialog).getByRole('radio', { name: 'With password' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'New teacher? Register here' }));
    expect(screen.getByRole('dialog', { name: 'Teacher Registration' })).toBeInTheDocument();
  });

  it('teacher registration: all fields required, then the success message and back to login', async () => {
    const user = userEvent.setup();
    const input = { name: 'Sunita Devi', email: 'sunita@example.org', password: 'secret1', phone: '9876543210', area: 'Civil Lines', district: 'Prayagraj', schoolName: 'Primary School No. 1' };
    renderWithProviders(<AddStudentPage />, {
      mocks: [
        {
          request: { query: RegisterTeacherDocument, variables: { input } },
          result: { data: { registerTeacher: { __typename: 'MessagePayload', message: 'Registration successful please login for adding students' } } },
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    await user.click(await screen.findByRole('button', { name: 'New teacher? Register here' }));
    const dialog = screen.getByRole('dialog', { name: 'Teacher Registration' });
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill all required fields');

    await user.type(within(dialog).getByLabelText('Full name'), input.name);
    await user.type(within(dialog).getByLabelText('Email'), input.email);
    await user.type(within(dialog).getByLabelText('Phone'), input.phone);
    await user.type(within(dialog).getByLabelText('Password'), input.password);
    await user.type(within(dialog).getByLabelText('School name'), input.schoolName);
    await user.type(within(dialog).getByLabelText('Area'), input.area);
    await user.type(within(dialog).getByLabelText('District'), input.district);
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    const login = await screen.findByRole('dialog', { name: 'Teacher Login' });
    expect(within(login).getByText('Registration successful please login for adding students')).toBeInTheDocument();
    expect(within(login).getByLabelText('Email')).toHaveValue(input.email);
  });

  it('teacher login by password signs in and shows the form and the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddStudentPage />, {
      mocks: [
        {
          request: { query: LoginWithPasswordDocument, variables: { input: { email: 'sunita@example.org', password: 'bad-pass' } } },
          error: new Error('offline'),
        },
        {
          request: { query: LoginWithPasswordDocument, variables: { input: { email: 'sunita@example.org', password: 'secret1' } } },
          result: { data: { loginWithPassword: { __typename: 'AuthPayload', token: 'jwt-teacher', message: 'Login successful', user: teacher } } },
        },
        meMock(teacher),
        { request: { query: MyStudentsDocument }, result: { data: { myStudents: [] } } },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teacher Login' });
    await user.type(within(dialog).getByLabelText('Email'), 'sunita@example.org');
    await user.type(within(dialog).getByLabelText('Password'), 'bad-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Login failed');
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('authToken')).toBe('jwt-teacher');
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Student' })).toBeInTheDocument();
  });

  it('teacher login by one-time code: Failed to send OTP, then Invalid or expired OTP', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddStudentPage />, {
      mocks: [
        { request: { query: RequestLoginCodeDocument, variables: { email: 'sunita@example.org' } }, error: new Error('offline') },
        {
          request: { query: RequestLoginCodeDocument, variables: { email: 'sunita@example.org' } },
          result: { data: { requestLoginCode: { __typename: 'CodeSentPayload', userId: 't-1', message: 'OTP sent to your email' } } },
        },
        { request: { query: VerifyLoginCodeDocument, variables: { input: { userId: 't-1', otp: '999999' } } }, error: new Error('offline') },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teacher Login' });
    await user.click(within(dialog).getByRole('radio', { name: 'With a one-time code' }));
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'sunita@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send OTP');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByText('OTP sent to your email')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('OTP'), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid or expired OTP');
  });

  it('teacher login by one-time code: the code step of the other sign-ins, with the Resend OTP wait, then signed in', async () => {
    const user = userEvent.setup();
    const sunita = { email: 'sunita@example.org' };
    renderWithProviders(<AddStudentPage />, {
      mocks: [
        {
          request: { query: RequestLoginCodeDocument, variables: sunita },
          result: { data: { requestLoginCode: { __typename: 'CodeSentPayload', userId: 't-1', message: 'OTP sent to your email' } } },
        },
        {
          request: { query: RequestLoginCodeDocument, variables: sunita },
          result: gqlError('A code was just sent to this e-mail. Please wait a minute before asking for a new one.', 'RATE_LIMITED', {
            retryAfterSeconds: 60,
          }),
        },
        {
          request: { query: VerifyLoginCodeDocument, variables: { input: { userId: 't-1', otp: '123456' } } },
          result: { data: { verifyLoginCode: { __typename: 'AuthPayload', token: 'jwt-teacher-code', message: 'Login successful', user: teacher } } },
          delay: 30,
        },
        meMock(teacher),
        { request: { query: MyStudentsDocument }, result: { data: { myStudents: [] } } },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teacher Login' });
    await user.click(within(dialog).getByRole('radio', { name: 'With a one-time code' }));
    await user.type(within(dialog).getByLabelText('Email'), sunita.email);
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    const otp = await within(dialog).findByLabelText('OTP');
    expect(otp).toHaveFocus();
    expect(otp).toHaveAccessibleDescription('Enter the 6-digit code we sent to sunita@example.org.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('OTP sent to your email');

    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(within(dialog).getByText('OTP is required')).toBeInTheDocument();
    await user.type(otp, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(within(dialog).getByText('OTP must be 6 digits')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please wait a minute');
    expect(within(dialog).getByText('You can request a new code in 60 seconds.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeDisabled();

    await user.clear(otp);
    await user.type(otp, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(await within(dialog).findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('authToken')).toBe('jwt-teacher-code');
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
  });

  it('a pending teacher sees that the account awaits approval', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderWithProviders(<AddStudentPage />, { mocks: [meMock({ ...teacher, status: 'PENDING' })] });
    expect(await screen.findByText(/Your teacher account is awaiting approval/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Student' })).not.toBeInTheDocument();
  });

  it('a signed-in non-teacher still sees the gate', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderWithProviders(<AddStudentPage />, { mocks: [meMock(viewer())] });
    expect(await screen.findByText('Only teachers can add students. Please log in to proceed.')).toBeInTheDocument();
    expect(screen.getByText(/which is not a teacher account/)).toBeInTheDocument();
  });

  it('adds a student: required fields, then Student added successfully! and the student in the list', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderWithProviders(<AddStudentPage />, {
      mocks: [
        meMock(teacher),
        { request: { query: MyStudentsDocument }, result: { data: { myStudents: [student('s-1', 'Arjun')] } } },
        {
          request: { query: AddStudentDocument, variables: { input: newStudent } },
          result: { data: { addStudent: { ...student('s-2', 'Kavya'), ...newStudent } } },
        },
      ],
    });
    expect(await screen.findByText('Arjun')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findAllByText('Required')).toHaveLength(7);
    await user.type(screen.getByLabelText('Phone'), '98222');
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText('Phone must be 10 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));

    await user.type(screen.getByLabelText('Student name'), newStudent.name);
    await user.type(screen.getByLabelText("Father's name"), newStudent.fatherName);
    await user.type(screen.getByLabelText('Email'), newStudent.email);
    await user.type(screen.getByLabelText('Phone'), newStudent.phone);
    await user.type(screen.getByLabelText('School name'), newStudent.schoolName);
    await user.type(screen.getByLabelText('Area'), newStudent.area);
    await user.type(screen.getByLabelText('District'), newStudent.district);
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText('Student added successfully!')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Kavya' })).toBeInTheDocument();
    expect(screen.getByLabelText('Student name')).toHaveValue('');
  });

  it('shows Failed to add student when the call fails', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderWithProviders(<AddStudentPage />, {
      mocks: [
        meMock(teacher),
        { request: { query: MyStudentsDocument }, result: { data: { myStudents: [] } } },
        { request: { query: AddStudentDocument, variables: () => true }, error: new Error('offline') },
      ],
    });
    await screen.findByText('No students found.');
    await user.type(screen.getByLabelText('Student name'), newStudent.name);
    await user.type(screen.getByLabelText("Father's name"), newStudent.fatherName);
    await user.type(screen.getByLabelText('Email'), newStudent.email);
    await user.type(screen.getByLabelText('Phone'), newStudent.phone);
    await user.type(screen.getByLabelText('School name'), newStudent.schoolName);
    await user.type(screen.getByLabelText('Area'), newStudent.area);
    await user.type(screen.getByLabelText('District'), newStudent.district);
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add student');
  });

  it('bulk actions: nothing selected alert, select-all, server success message, badges refreshed', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderWithProviders(<AddStudentPage />, {
      mocks: [
        meMock(teacher),
        { request: { query: MyStudentsDocument }, result: { data: { myStudents: [student('s-1', 'Arjun'), student('s-2', 'Bela')] } } },
        {
          request: { query: SetApprovalStatusDocument, variables: { input: { userIds: ['s-1', 's-2'], status: 'APPROVED' } } },
          result: { data: { setApprovalStatus: { __typename: 'ApprovalPayload', message: '2 student(s) approved successfully', updated: 2 } } },
        },
        {
          request: { query: MyStudentsDocument },
          result: { data: { myStudents: [student('s-1', 'Arjun', 'APPROVED'), student('s-2', 'Bela', 'APPROVED')] } },
        },
        { request: { query: SetApprovalStatusDocument, variables: () => true }, error: new Error('offline') },
      ],
    });
    expect(await screen.findByText('Arjun')).toBeInTheDocument();
    expect(screen.getAllByText('Pending')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one student to approve or reject.');

    await user.click(screen.getByRole('checkbox', { name: 'Select all students' }));
    expect(screen.getByRole('checkbox', { name: 'Select Arjun' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Bela' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByText('2 student(s) approved successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Approved')).toHaveLength(2));

    await user.click(screen.getByRole('checkbox', { name: 'Select Arjun' }));
    await user.click(screen.getByRole('button', { name: 'Reject Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to perform bulk action');
  });

  it('Failed to fetch students; FORBIDDEN from the list means awaiting approval', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const { unmount } = renderWithProviders(<AddStudentPage />, {
      mocks: [meMock(teacher), { request: { query: MyStudentsDocument }, error: new Error('offline') }],
    });
    expect(await screen.findByText('Failed to fetch students')).toBeInTheDocument();
    unmount();
    renderWithProviders(<AddStudentPage />, {
      mocks: [meMock(teacher), { request: { query: MyStudentsDocument }, result: gqlError('Your teacher account is awaiting approval', 'FORBIDDEN') }],
    });
    expect(await screen.findByText(/Your teacher account is awaiting approval/)).toBeInTheDocument();
  });
});
