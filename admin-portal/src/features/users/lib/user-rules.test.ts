import { validateUserForm, toUserInput, type UserFormValues } from './user-rules';

const base: UserFormValues = {
  name: 'Ravi',
  email: 'ravi@example.org',
  phone: '9876543210',
  category: 'SECONDARY',
  status: 'ACTIVE',
  password: 'secret1',
  fatherName: '',
  primaryEmail: '',
  schoolName: '',
  district: '',
  area: '',
};

describe('user form rules', () => {
  it('requires name, email and a 10-digit phone for every category', () => {
    expect(validateUserForm({ ...base, name: ' ', email: '', phone: '' }, 'create')).toMatchObject({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
    });
    expect(validateUserForm({ ...base, phone: '98765' }, 'create').phone).toBe('Phone must be 10 digits');
    expect(validateUserForm({ ...base, email: 'not-an-email' }, 'create').email).toBe('Invalid email address');
    expect(validateUserForm(base, 'create')).toEqual({});
  });

  it("requires father's name and the primary user's email for a student", () => {
    const errors = validateUserForm({ ...base, category: 'STUDENT' }, 'create');
    expect(errors.fatherName).toBe("Father's name is required");
    expect(errors.primaryEmail).toBe("Primary user's email is required");
    expect(errors.schoolName).toBeUndefined();
  });

  it('requires school name, district and area but no password for a teacher', () => {
    const errors = validateUserForm({ ...base, category: 'PRIMARY', password: '' }, 'create');
    expect(errors).toEqual({
      schoolName: 'School name is required',
      district: 'District is required',
      area: 'Area is required',
    });
  });

  it('requires a password of at least 6 characters for every other category on create', () => {
    for (const category of ['STUDENT', 'SECONDARY', 'GRADUATE', 'ADMIN'] as const) {
      expect(validateUserForm({ ...base, category, password: '' }, 'create').password).toBe('Password is required');
    }
    expect(validateUserForm({ ...base, password: '12345' }, 'create').password).toBe('Must be at least 6 characters');
  });

  it('makes the password optional on edit, but still at least 6 characters when given', () => {
    expect(validateUserForm({ ...base, password: '' }, 'edit').password).toBeUndefined();
    expect(validateUserForm({ ...base, password: 'abc' }, 'edit').password).toBe('Must be at least 6 characters');
  });

  it('leaves out an empty password and the fields of other categories', () => {
    const input = toUserInput({ ...base, password: '', fatherName: 'stale', schoolName: ' ' });
    expect(input.password).toBeUndefined();
    expect(input.fatherName).toBeUndefined();
    expect(input.schoolName).toBeUndefined();
  });
});
