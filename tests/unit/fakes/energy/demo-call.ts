/** One request to the demo energy service, with the demo token unless told otherwise (tests only). */
import { createEnergyApp } from '$lib/fakes/energy/app';
import { DEMO_ENERGY_TOKEN } from '$lib/fakes/energy/token';

export const ROOT = 'https://energy.demo/api/v1/private';

export async function call(
	path: string,
	{ method = 'POST', token = DEMO_ENERGY_TOKEN as string | null } = {}
) {
	const headers: Record<string, string> = {};
	if (token !== null) headers.Token = token;
	const response = await createEnergyApp().fetch(
		new Request(`${ROOT}${path}`, { method, headers })
	);
	return { response, body: (await response.json()) as Record<string, unknown> };
}
