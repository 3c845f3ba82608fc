/** Reads parameters from the query string and the body (JSON, form or multipart), brackets nested. */

export type Params = Record<string, unknown>;

/** Sets `variables[0][key]` / `labels[]` / `override_params[visibility]` into a nested object. */
export function setBracketed(target: Params, name: string, value: unknown): void {
	const m = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(name);
	if (!m) {
		target[name] = value;
		return;
	}
	const keys = [...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((k) => k[1]!);
	let node: Record<string, unknown> | unknown[] = target;
	let key: string = m[1]!;
	for (const next of keys) {
		const container = (node as Record<string, unknown>)[key];
		const wantArray = next === '' || /^\d+$/.test(next);
		let child = container;
		if (child === undefined || typeof child !== 'object' || child === null) {
			child = wantArray ? [] : {};
			(node as Record<string, unknown>)[key] = child;
		}
		node = child as Record<string, unknown> | unknown[];
		key = next === '' ? String((node as unknown[]).length) : next;
	}
	(node as Record<string, unknown>)[key] = value;
}

export async function readParams(
	request: Request,
	url: URL
): Promise<{ params: Params; files: Record<string, File> }> {
	const params: Params = {};
	const files: Record<string, File> = {};
	for (const [k, v] of url.searchParams) setBracketed(params, k, v);
	const type = request.headers.get('content-type') ?? '';
	if (request.method === 'GET' || request.method === 'HEAD') return { params, files };
	if (type.includes('application/json')) {
		try {
			const body = (await request.json()) as unknown;
			if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body);
		} catch {
			// An unreadable JSON body leaves the parameters as they are; the handler says what is missing.
		}
	} else if (type.includes('application/x-www-form-urlencoded')) {
		for (const [k, v] of new URLSearchParams(await request.text())) setBracketed(params, k, v);
	} else if (type.includes('multipart/form-data')) {
		const form = await request.formData();
		for (const [k, v] of form) {
			if (typeof v === 'string') setBracketed(params, k, v);
			else files[k] = v;
		}
	}
	return { params, files };
}
