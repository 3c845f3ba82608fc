// Any translation, book or chapter: rendered in the browser, served by the 200.html fallback.
export const prerender = false;
