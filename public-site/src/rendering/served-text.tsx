import { useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useServedPage } from './served-page';

type TextTag = 'div' | 'header' | 'section' | 'p' | 'dl';

// The same object on every render: React compares the HTML by value, and '' never changes, so it
// never writes it.
const KEEP_AS_DRAWN = { __html: '' };

// Set by main.tsx just before it hydrates a page the server drew: only a part mounted during that
// hydration can find its HTML already in the document.
let hydratingServedPage = false;

/** main.tsx: the page the server drew is about to be hydrated. */
export function markServedPageHydrating(): void {
  hydratingServedPage = true;
}

/** For tests: as on a new page load. */
export function resetServedTextForTests(): void {
  hydratingServedPage = false;
}

interface ServedTextProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  as?: TextTag;
  /** The text, or a function that draws it (not even called while the drawn text is kept). */
  children?: ReactNode | (() => ReactNode);
}

/**
 * Text on a page the server drew (an event's title, facts and description; a card's text) that the
 * browser takes over as it is. While that page hydrates, React adopts this element but not what is
 * inside it: no component runs and nothing is compared for the text, so hydration's work follows what
 * a reader can press, not how much there is to read. Everywhere else (a page opened in the app, the
 * page in another language, a reader signed in since: useServedPage), and as soon as the page is no
 * longer the one drawn, it renders its children as usual, as a new element.
 *
 * A wrapper that is not part of the page's layout takes `className="contents"` (display: contents).
 *
 * Only for content with nothing interactive in it: an onClick or a router Link inside would not be
 * hydrated (a plain <a href> works, as a link the browser follows).
 */
export function ServedText({ as: Tag = 'div', children, ...attributes }: ServedTextProps) {
  const served = useServedPage() !== null;
  // Decided when the element mounts: only an element hydrated from the served HTML has its text.
  const [adopted, setAdopted] = useState(() => hydratingServedPage);
  const element = useRef<HTMLElement>(null);
  const keep = adopted && served;
  // Mounted afresh while the page hydrates (React rendered a part again rather than hydrate it, or the
  // reader came back to the drawn page): there is no served HTML inside; draw the text before paint.
  useLayoutEffect(() => {
    if (keep && element.current && !element.current.hasChildNodes()) setAdopted(false);
  }, [keep]);
  if (keep) return <Tag key="served" ref={element as never} {...attributes} dangerouslySetInnerHTML={KEEP_AS_DRAWN} suppressHydrationWarning />;
  return (
    <Tag key="live" ref={element as never} {...attributes}>
      {typeof children === 'function' ? children() : children}
    </Tag>
  );
}
