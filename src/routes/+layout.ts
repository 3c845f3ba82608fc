// A static SPA: every page renders in the browser; known routes are prerendered as shells.
export const ssr = false;
export const prerender = true;
export const trailingSlash = 'never';
