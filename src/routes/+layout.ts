// A static SPA: pages render in the browser; known routes are prerendered as shells (the areas'
// shells with their menu and heading, see (areas)/+layout.ts).
export const ssr = false;
export const prerender = true;
export const trailingSlash = 'never';
