/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment ViewerFields on User {\n  id\n  name\n  email\n  phone\n  category\n  status\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation RequestLoginCode($email: String!) {\n  requestLoginCode(email: $email) {\n    userId\n    message\n  }\n}\n\nmutation VerifyLoginCode($input: VerifyCodeInput!) {\n  verifyLoginCode(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation LoginWithPassword($input: PasswordLoginInput!) {\n  loginWithPassword(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SendSignupCode($input: SignupCodeInput!) {\n  sendSignupCode(input: $input) {\n    message\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}": typeof types.ViewerFieldsFragmentDoc,
    "mutation SubmitContact($input: ContactInput!) {\n  submitContact(input: $input) {\n    id\n    message\n  }\n}": typeof types.SubmitContactDocument,
    "fragment EventCardFields on Event {\n  id\n  title\n  description\n  date\n  time\n  location\n  category\n  imageUrl\n  imageSrcSet\n  isUpcoming\n  isRegistered\n  isFull\n  hasStarted\n}\n\nfragment EventDetailFields on Event {\n  ...EventCardFields\n  endDate\n  endTime\n  startsAt\n  externalLink\n  maxParticipants\n  speaker\n  registeredCount\n  isFull\n  hasStarted\n  isRegistered\n}": typeof types.EventCardFieldsFragmentDoc,
    "fragment EventRegistrationState on Event {\n  id\n  registeredCount\n  isRegistered\n  isFull\n  hasStarted\n}\n\nmutation RegisterForEvent($eventId: ID!) {\n  registerForEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}\n\nmutation UnregisterFromEvent($eventId: ID!) {\n  unregisterFromEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}": typeof types.EventRegistrationStateFragmentDoc,
    "query Events($filter: EventFilter, $offset: Int! = 0, $limit: Int! = 20) {\n  events(filter: $filter, offset: $offset, limit: $limit) {\n    items {\n      ...EventCardFields\n    }\n    total\n    offset\n    limit\n  }\n}\n\nquery EventCountsByDay($year: Int!, $month: Int!, $when: EventWhen! = ALL) {\n  eventCountsByDay(year: $year, month: $month, when: $when) {\n    date\n    count\n  }\n}\n\nquery Event($id: ID!) {\n  event(id: $id) {\n    ...EventDetailFields\n  }\n}": typeof types.EventsDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    userId\n    message\n  }\n}\n\nmutation VerifyRegistration($input: VerifyCodeInput!) {\n  verifyRegistration(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}": typeof types.RegisterDocument,
    "fragment StudentFields on User {\n  id\n  name\n  fatherName\n  email\n  phone\n  area\n  district\n  schoolName\n  status\n  createdAt\n}\n\nquery MyStudents {\n  myStudents {\n    ...StudentFields\n  }\n}\n\nmutation AddStudent($input: StudentInput!) {\n  addStudent(input: $input) {\n    ...StudentFields\n  }\n}\n\nmutation SetApprovalStatus($input: ApprovalInput!) {\n  setApprovalStatus(input: $input) {\n    message\n    updated\n  }\n}\n\nmutation RegisterTeacher($input: TeacherRegistrationInput!) {\n  registerTeacher(input: $input) {\n    message\n  }\n}": typeof types.StudentFieldsFragmentDoc,
    "query TeamMembers {\n  teamMembers {\n    id\n    name\n    designation\n    description\n    imageUrl\n    imageSrcSet\n    socialLinks {\n      facebook\n      linkedin\n      twitter\n      github\n    }\n  }\n}": typeof types.TeamMembersDocument,
    "mutation RecordVisit {\n  recordVisit {\n    visitorCount\n  }\n}": typeof types.RecordVisitDocument,
};
const documents: Documents = {
    "fragment ViewerFields on User {\n  id\n  name\n  email\n  phone\n  category\n  status\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation RequestLoginCode($email: String!) {\n  requestLoginCode(email: $email) {\n    userId\n    message\n  }\n}\n\nmutation VerifyLoginCode($input: VerifyCodeInput!) {\n  verifyLoginCode(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation LoginWithPassword($input: PasswordLoginInput!) {\n  loginWithPassword(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SendSignupCode($input: SignupCodeInput!) {\n  sendSignupCode(input: $input) {\n    message\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}": types.ViewerFieldsFragmentDoc,
    "mutation SubmitContact($input: ContactInput!) {\n  submitContact(input: $input) {\n    id\n    message\n  }\n}": types.SubmitContactDocument,
    "fragment EventCardFields on Event {\n  id\n  title\n  description\n  date\n  time\n  location\n  category\n  imageUrl\n  imageSrcSet\n  isUpcoming\n  isRegistered\n  isFull\n  hasStarted\n}\n\nfragment EventDetailFields on Event {\n  ...EventCardFields\n  endDate\n  endTime\n  startsAt\n  externalLink\n  maxParticipants\n  speaker\n  registeredCount\n  isFull\n  hasStarted\n  isRegistered\n}": types.EventCardFieldsFragmentDoc,
    "fragment EventRegistrationState on Event {\n  id\n  registeredCount\n  isRegistered\n  isFull\n  hasStarted\n}\n\nmutation RegisterForEvent($eventId: ID!) {\n  registerForEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}\n\nmutation UnregisterFromEvent($eventId: ID!) {\n  unregisterFromEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}": types.EventRegistrationStateFragmentDoc,
    "query Events($filter: EventFilter, $offset: Int! = 0, $limit: Int! = 20) {\n  events(filter: $filter, offset: $offset, limit: $limit) {\n    items {\n      ...EventCardFields\n    }\n    total\n    offset\n    limit\n  }\n}\n\nquery EventCountsByDay($year: Int!, $month: Int!, $when: EventWhen! = ALL) {\n  eventCountsByDay(year: $year, month: $month, when: $when) {\n    date\n    count\n  }\n}\n\nquery Event($id: ID!) {\n  event(id: $id) {\n    ...EventDetailFields\n  }\n}": types.EventsDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    userId\n    message\n  }\n}\n\nmutation VerifyRegistration($input: VerifyCodeInput!) {\n  verifyRegistration(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}": types.RegisterDocument,
    "fragment StudentFields on User {\n  id\n  name\n  fatherName\n  email\n  phone\n  area\n  district\n  schoolName\n  status\n  createdAt\n}\n\nquery MyStudents {\n  myStudents {\n    ...StudentFields\n  }\n}\n\nmutation AddStudent($input: StudentInput!) {\n  addStudent(input: $input) {\n    ...StudentFields\n  }\n}\n\nmutation SetApprovalStatus($input: ApprovalInput!) {\n  setApprovalStatus(input: $input) {\n    message\n    updated\n  }\n}\n\nmutation RegisterTeacher($input: TeacherRegistrationInput!) {\n  registerTeacher(input: $input) {\n    message\n  }\n}": types.StudentFieldsFragmentDoc,
    "query TeamMembers {\n  teamMembers {\n    id\n    name\n    designation\n    description\n    imageUrl\n    imageSrcSet\n    socialLinks {\n      facebook\n      linkedin\n      twitter\n      github\n    }\n  }\n}": types.TeamMembersDocument,
    "mutation RecordVisit {\n  recordVisit {\n    visitorCount\n  }\n}": types.RecordVisitDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ViewerFields on User {\n  id\n  name\n  email\n  phone\n  category\n  status\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation RequestLoginCode($email: String!) {\n  requestLoginCode(email: $email) {\n    userId\n    message\n  }\n}\n\nmutation VerifyLoginCode($input: VerifyCodeInput!) {\n  verifyLoginCode(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation LoginWithPassword($input: PasswordLoginInput!) {\n  loginWithPassword(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SendSignupCode($input: SignupCodeInput!) {\n  sendSignupCode(input: $input) {\n    message\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}"): (typeof documents)["fragment ViewerFields on User {\n  id\n  name\n  email\n  phone\n  category\n  status\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation RequestLoginCode($email: String!) {\n  requestLoginCode(email: $email) {\n    userId\n    message\n  }\n}\n\nmutation VerifyLoginCode($input: VerifyCodeInput!) {\n  verifyLoginCode(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation LoginWithPassword($input: PasswordLoginInput!) {\n  loginWithPassword(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SendSignupCode($input: SignupCodeInput!) {\n  sendSignupCode(input: $input) {\n    message\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubmitContact($input: ContactInput!) {\n  submitContact(input: $input) {\n    id\n    message\n  }\n}"): (typeof documents)["mutation SubmitContact($input: ContactInput!) {\n  submitContact(input: $input) {\n    id\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment EventCardFields on Event {\n  id\n  title\n  description\n  date\n  time\n  location\n  category\n  imageUrl\n  imageSrcSet\n  isUpcoming\n  isRegistered\n  isFull\n  hasStarted\n}\n\nfragment EventDetailFields on Event {\n  ...EventCardFields\n  endDate\n  endTime\n  startsAt\n  externalLink\n  maxParticipants\n  speaker\n  registeredCount\n  isFull\n  hasStarted\n  isRegistered\n}"): (typeof documents)["fragment EventCardFields on Event {\n  id\n  title\n  description\n  date\n  time\n  location\n  category\n  imageUrl\n  imageSrcSet\n  isUpcoming\n  isRegistered\n  isFull\n  hasStarted\n}\n\nfragment EventDetailFields on Event {\n  ...EventCardFields\n  endDate\n  endTime\n  startsAt\n  externalLink\n  maxParticipants\n  speaker\n  registeredCount\n  isFull\n  hasStarted\n  isRegistered\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment EventRegistrationState on Event {\n  id\n  registeredCount\n  isRegistered\n  isFull\n  hasStarted\n}\n\nmutation RegisterForEvent($eventId: ID!) {\n  registerForEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}\n\nmutation UnregisterFromEvent($eventId: ID!) {\n  unregisterFromEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}"): (typeof documents)["fragment EventRegistrationState on Event {\n  id\n  registeredCount\n  isRegistered\n  isFull\n  hasStarted\n}\n\nmutation RegisterForEvent($eventId: ID!) {\n  registerForEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}\n\nmutation UnregisterFromEvent($eventId: ID!) {\n  unregisterFromEvent(eventId: $eventId) {\n    message\n    event {\n      ...EventRegistrationState\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Events($filter: EventFilter, $offset: Int! = 0, $limit: Int! = 20) {\n  events(filter: $filter, offset: $offset, limit: $limit) {\n    items {\n      ...EventCardFields\n    }\n    total\n    offset\n    limit\n  }\n}\n\nquery EventCountsByDay($year: Int!, $month: Int!, $when: EventWhen! = ALL) {\n  eventCountsByDay(year: $year, month: $month, when: $when) {\n    date\n    count\n  }\n}\n\nquery Event($id: ID!) {\n  event(id: $id) {\n    ...EventDetailFields\n  }\n}"): (typeof documents)["query Events($filter: EventFilter, $offset: Int! = 0, $limit: Int! = 20) {\n  events(filter: $filter, offset: $offset, limit: $limit) {\n    items {\n      ...EventCardFields\n    }\n    total\n    offset\n    limit\n  }\n}\n\nquery EventCountsByDay($year: Int!, $month: Int!, $when: EventWhen! = ALL) {\n  eventCountsByDay(year: $year, month: $month, when: $when) {\n    date\n    count\n  }\n}\n\nquery Event($id: ID!) {\n  event(id: $id) {\n    ...EventDetailFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    userId\n    message\n  }\n}\n\nmutation VerifyRegistration($input: VerifyCodeInput!) {\n  verifyRegistration(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}"): (typeof documents)["mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    userId\n    message\n  }\n}\n\nmutation VerifyRegistration($input: VerifyCodeInput!) {\n  verifyRegistration(input: $input) {\n    token\n    message\n    user {\n      ...ViewerFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment StudentFields on User {\n  id\n  name\n  fatherName\n  email\n  phone\n  area\n  district\n  schoolName\n  status\n  createdAt\n}\n\nquery MyStudents {\n  myStudents {\n    ...StudentFields\n  }\n}\n\nmutation AddStudent($input: StudentInput!) {\n  addStudent(input: $input) {\n    ...StudentFields\n  }\n}\n\nmutation SetApprovalStatus($input: ApprovalInput!) {\n  setApprovalStatus(input: $input) {\n    message\n    updated\n  }\n}\n\nmutation RegisterTeacher($input: TeacherRegistrationInput!) {\n  registerTeacher(input: $input) {\n    message\n  }\n}"): (typeof documents)["fragment StudentFields on User {\n  id\n  name\n  fatherName\n  email\n  phone\n  area\n  district\n  schoolName\n  status\n  createdAt\n}\n\nquery MyStudents {\n  myStudents {\n    ...StudentFields\n  }\n}\n\nmutation AddStudent($input: StudentInput!) {\n  addStudent(input: $input) {\n    ...StudentFields\n  }\n}\n\nmutation SetApprovalStatus($input: ApprovalInput!) {\n  setApprovalStatus(input: $input) {\n    message\n    updated\n  }\n}\n\nmutation RegisterTeacher($input: TeacherRegistrationInput!) {\n  registerTeacher(input: $input) {\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TeamMembers {\n  teamMembers {\n    id\n    name\n    designation\n    description\n    imageUrl\n    imageSrcSet\n    socialLinks {\n      facebook\n      linkedin\n      twitter\n      github\n    }\n  }\n}"): (typeof documents)["query TeamMembers {\n  teamMembers {\n    id\n    name\n    designation\n    description\n    imageUrl\n    imageSrcSet\n    socialLinks {\n      facebook\n      linkedin\n      twitter\n      github\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RecordVisit {\n  recordVisit {\n    visitorCount\n  }\n}"): (typeof documents)["mutation RecordVisit {\n  recordVisit {\n    visitorCount\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;