/**
 * The `sizes` of an event page's image: the site server's preload of the image
 * (EVENT_IMAGE_SIZES in site-server/src/pages.ts, which cannot import this file) must say the same, or
 * the browser fetches a second rendition.
 */
export const EVENT_IMAGE_SIZES = '(max-width: 900px) 100vw, 60vw';
