/**
 * The `sizes` of an event page's image: the site server's preload of the image
 * (scripts/serve-site.mjs) must say the same, or the browser fetches a second rendition.
 */
export const EVENT_IMAGE_SIZES = '(max-width: 900px) 100vw, 60vw';
