/**
 * Form fields as a tool lists them (`labels[]=a`, `labels[]=b`, `override_params[visibility]=x`)
 * put back into the arrays and hashes this explorer's parameters hold, so they are sent in the
 * code host's bracket style again. A repeated plain name becomes a list. No Svelte, no DOM.
 */
import type { ParamValue } from '../request/encoding';

type Fields = Record<string, ParamValue>;

export function unflatten(pairs: readonly (readonly [string, string])[]): Fields {
	const out: Fields = {};
	const own = (k: string) => Object.hasOwn(out, k);
	for (const [name, value] of pairs) {
		if (name === '__proto__') continue;
		const m = /^([^[\]]+)\[([^[\]]*)\]$/.exec(name);
		const base = m?.[1];
		if (m && base !== '__proto__') {
			const key = m[2]!;
			const current = own(base!) ? out[base!] : undefined;
			if (key === '' && (current === undefined || Array.isArray(current))) {
				out[base!] = [...((current as string[] | undefined) ?? []), value];
				continue;
			}
			if (
				key &&
				key !== '__proto__' &&
				(current === undefined ||
					(typeof current === 'object' && current !== null && !Array.isArray(current)))
			) {
				out[base!] = { ...(current as Record<string, string> | undefined), [key]: value };
				continue;
			}
		}
		if (own(name)) {
			// The same name twice: sent as `name[]` twice, as the code host reads a list.
			const current = out[name];
			out[name] = Array.isArray(current) ? [...(current as string[]), value] : [current, value];
		} else out[name] = value;
	}
	return out;
}
