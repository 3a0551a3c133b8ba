import { act, render, screen, waitFor } from '@testing-library/react';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { Observable } from 'rxjs';
import { refetchInLanguage } from './refetch-in-language';

const EVENT = gql`
  query Event($id: ID!) {
    event(id: $id) {
      id
      title
    }
  }
`;

const titles: Record<string, Record<string, string>> = {
  en: { e1: 'Science Fair', e2: 'Book Day' },
  hi: { e1: 'विज्ञान मेला', e2: 'पुस्तक दिवस' },
};

/** A client whose "API" answers in the language of the moment, counting what it was asked. */
function clientInLanguage(language: { current: string }) {
  const asked: string[] = [];
  const link = new ApolloLink((operation) => {
    const id = operation.variables.id as string;
    asked.push(`${id}:${language.current}`);
    const title = titles[language.current][id];
    // Answers after a while, as a network does: a page emptied meanwhile would show it.
    return new Observable((observer) => {
      const timer = setTimeout(() => {
        observer.next({ data: { event: { __typename: 'Event', id, title } } });
        observer.complete();
      }, 20);
      return () => clearTimeout(timer);
    });
  });
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), asked };
}

function EventTitle({ id }: { id: string }) {
  const { data, loading } = useQuery<{ event: { title: string } }>(EVENT, { variables: { id } });
  if (!data) return <p>{loading ? 'loading' : 'none'}</p>;
  return <h1>{data.event.title}</h1>;
}

describe('refetchInLanguage', () => {
  it('fetches what is shown again without emptying it first, and forgets results that are not shown', async () => {
    const language = { current: 'en' };
    const { client, asked } = clientInLanguage(language);
    // Another page's result is in the cache, in English.
    await client.query({ query: EVENT, variables: { id: 'e2' } });
    render(
      <ApolloProvider client={client}>
        <EventTitle id="e1" />
      </ApolloProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Science Fair' })).toBeInTheDocument();

    language.current = 'hi';
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await act(() => refetchInLanguage(client));
    observer.disconnect();

    expect(screen.getByRole('heading', { name: 'विज्ञान मेला' })).toBeInTheDocument();
    expect(seen.some((text) => text.includes('loading') || text === '')).toBe(false);
    // The page not on screen is asked for again, in Hindi, when it is opened.
    expect(client.readQuery({ query: EVENT, variables: { id: 'e2' } })).toBeNull();
    render(
      <ApolloProvider client={client}>
        <EventTitle id="e2" />
      </ApolloProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'पुस्तक दिवस' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['e2:en', 'e1:en', 'e1:hi', 'e2:hi']));
  });
});
