// The areas' shells are prerendered with their menu and heading (the layout shows only those until
// the settings arrive, so no page runs at build time): a phone paints them from the HTML.
export const ssr = true;
