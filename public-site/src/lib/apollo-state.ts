/**
 * The id of the <script type="application/json"> in which scripts/serve-site.mjs sends the Apollo cache
 * a page was rendered with (main.tsx restores it before hydrating). Its own module: main.tsx looks for
 * the element before Apollo has loaded.
 */
export const APOLLO_STATE_ELEMENT_ID = 'apollo-state';
