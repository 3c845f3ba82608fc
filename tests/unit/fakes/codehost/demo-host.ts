/** The demo code host called as the app calls it, for the tests of its parts. */
import { createCodehostApp } from '$lib/fakes/codehost/app';

export const BASE = 'https://codehost.demo';
export function call(
	app: ReturnType<typeof createCodehostApp>,
	path: string,
	init: RequestInit = {}
) {
	return app.fetch(new Request(path.startsWith('http') ? path : `${BASE}${path}`, init));
}
export const PAT = { 'PRIVATE-TOKEN': 'glpat-demo-token' };
