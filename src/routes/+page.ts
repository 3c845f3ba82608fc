// The home page is prerendered whole (it needs no data to draw): a phone paints its heading and
// text from the HTML, before any script runs, as it does each area's shell.
export const ssr = true;
