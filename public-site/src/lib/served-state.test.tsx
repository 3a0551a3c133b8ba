import { render, screen } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Observable } from 'rxjs';
import { EventDocument } from '@/gql/graphql';
import { EventDetailPage } from '@/features/events/components/event-detail-page';
import { createApolloCache } from './apollo-cache';
import { restoreServedState } from './served-state';
import { eventDetail } from '@/testing/fixtures';

const event = eventDetail({ title: '</script> Science Fair' });
const ID = event.id;

/** The state the site server extracts after the page's query (entry-server's loadPageData), as it writes it (escaped JSON). */
function servedStateJson() {
  const cache = createApolloCache();
  cache.writeQuery({ query: EventDocument, variables: { id: ID }, data: { event } as never });
  return JSON.stringify(cache.extract()).replace(/</g, '\\u003c');
}

function documentWith(json: string | null) {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = '<div id="root"></div>';
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'apollo-state';
    script.textContent = json;
    doc.body.append(script);
  }
  return doc;
}

/** A client that counts the requests it would send (and never answers). */
function countingClient() {
  const asked: string[] = [];
  const link = new ApolloLink((operation) => {
    asked.push(operation.operationName ?? '?');
    return new Observable(() => {});
  });
  return { client: new ApolloClient({ link, cache: createApolloCache() }), asked };
}

describe('restoreServedState', () => {
  it('puts the served state into the cache: the event page renders its event at once and asks nothing', () => {
    const { client, asked } = countingClient();
    const doc = documentWith(servedStateJson());
    expect(restoreServedState(client.cache, { hydrating: true }, doc)).toBe(true);
    expect(doc.getElementById('apollo-state')).toBeNull();
    render(
      <ApolloProvider client={client}>
        <MemoryRouter initialEntries={[`/events/${ID}`]}>
          <Routes>
            <Route path="/events/:id" element={<EventDetailPage />} />
          </Routes>
        </MemoryRouter>
      </ApolloProvider>,
    );
    // On the first render (the one that hydrates), not after a request.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('</script> Science Fair');
    expect(asked).not.toContain('Event');
  });

  it('restores nothing for a page that is not hydrated (signed in, or in another language), and removes the element', () => {
    const { client } = countingClient();
    const doc = documentWith(servedStateJson());
    expect(restoreServedState(client.cache, { hydrating: false }, doc)).toBe(false);
    expect(doc.getElementById('apollo-state')).toBeNull();
    expect(client.cache.extract()).toEqual({});
  });

  it('starts without it when there is none or it cannot be read', () => {
    const { client } = countingClient();
    expect(restoreServedState(client.cache, { hydrating: true }, documentWith(null))).toBe(false);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(restoreServedState(client.cache, { hydrating: true }, documentWith('{not json'))).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(client.cache.extract()).toEqual({});
  });
});
