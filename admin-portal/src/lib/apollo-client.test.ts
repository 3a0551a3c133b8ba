import { ApolloClient, ApolloLink, InMemoryCache, gql } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { AdminEventDocument, AdminEventsDocument } from '@/gql/graphql';
import { eventTranslations, makeEvent, page } from '@/testing/mocks';
import { apolloClient, createCache, unauthenticatedLink } from './apollo-client';
import { setUnauthenticatedHandler } from './unauthenticated';

const Q = gql`
  query Users {
    visitorCount
  }
`;

describe('the UNAUTHENTICATED handler of the Apollo client', () => {
  afterEach(() => setUnauthenticatedHandler(null));

  it('drops adminToken and adminInfo and asks for a sign-in when the API says UNAUTHENTICATED', async () => {
    window.localStorage.setItem('adminToken', 'revoked');
    window.localStorage.setItem('adminInfo', '{}');
    const onSignIn = jest.fn();
    setUnauthenticatedHandler(onSignIn);
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: ApolloLink.from([
        unauthenticatedLink,
        new MockLink([{ request: { query: Q }, result: { errors: [new GraphQLError('Please sign in to continue', { extensions: { code: 'UNAUTHENTICATED' } })] } }]),
      ]),
    });
    await expect(client.query({ query: Q })).rejects.toThrow('Please sign in to continue');
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('adminInfo')).toBeNull();
  });

  it('leaves the session alone for other errors', async () => {
    window.localStorage.setItem('adminToken', 'fine');
    const onSignIn = jest.fn();
    setUnauthenticatedHandler(onSignIn);
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: ApolloLink.from([
        unauthenticatedLink,
        new MockLink([{ request: { query: Q }, result: { errors: [new GraphQLError('Not found', { extensions: { code: 'NOT_FOUND' } })] } }]),
      ]),
    });
    await expect(client.query({ query: Q })).rejects.toThrow('Not found');
    expect(onSignIn).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('adminToken')).toBe('fine');
  });
});

describe('the language the admin client asks for', () => {
  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it('sends Accept-Language: en on every request, so a browser set to Hindi still gets English lists', async () => {
    window.localStorage.setItem('adminToken', 'signed-in');
    const fetchMock = jest.fn(async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ data: { visitorCount: 3 } }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    const { data } = await apolloClient.query({ query: Q, fetchPolicy: 'network-only' });
    expect(data).toEqual({ visitorCount: 3 });
    const headers = new Headers(fetchMock.mock.calls[0][1].headers as HeadersInit);
    expect(headers.get('accept-language')).toBe('en');
    expect(headers.get('authorization')).toBe('Bearer signed-in');
  });
});

describe('the cache of translations', () => {
  it("keeps the form's Hindi fields when the list writes the Hindi title alone (rows merged by language)", () => {
    const cache = createCache();
    const event = makeEvent({
      id: 'ev-1',
      translations: eventTranslations({ title: 'Fair' }, { title: 'मेला', description: 'विवरण', location: 'प्रयागराज', speaker: null }),
    });
    cache.writeQuery({ query: AdminEventDocument, variables: { id: 'ev-1' }, data: { event } as never });
    const row = { ...event, translations: [{ __typename: 'EventTranslation', lang: 'en', title: 'Fair' }, { __typename: 'EventTranslation', lang: 'hi', title: 'नया मेला' }] };
    cache.writeQuery({
      query: AdminEventsDocument,
      variables: { filter: { when: 'ALL' }, offset: 0, limit: 20 },
      data: { events: page([row], 'EventPage') } as never,
    });
    const read = cache.readQuery({ query: AdminEventDocument, variables: { id: 'ev-1' } });
    expect(read?.event.translations.find((t) => t.lang === 'hi')).toMatchObject({ title: 'नया मेला', description: 'विवरण', location: 'प्रयागराज' });
  });
});
