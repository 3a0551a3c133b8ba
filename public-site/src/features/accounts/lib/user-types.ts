/**
 * The API's userType values (unchanged): upperStudent → secondary, graduate → graduate (active once the
 * e-mail is verified), student → primary, which SPEC.md defines as a teacher who enrols primary-school
 * children and whose account waits for an admin's approval. The ones needing no approval come first.
 */
export const userTypes = ['upperStudent', 'graduate', 'student'] as const;

export type UserType = (typeof userTypes)[number];
