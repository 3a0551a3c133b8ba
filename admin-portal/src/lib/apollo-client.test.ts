import { ApolloClient, ApolloLink, InMemoryCache, gql } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { unauthenticatedLink } from './apollo-client';
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
