/**
 * Choosing a catalogue endpoint in the path field: the form takes its method, its path and where
 * its attributes go.
 */
import { pathParamNames } from '../request/encoding';
import type { BodyKind } from '../contract/endpoints';
import type { ExplorerMethod } from '../request/request';
import type { CatalogueEntry } from './catalogue';

/** The request form's fields that choosing an endpoint sets (RequestFormState has them). */
export interface EndpointForm {
	endpoint: CatalogueEntry | null;
	method: ExplorerMethod;
	path: string;
	pathParams: Record<string, string>;
	query: string;
	params: string;
	bodyKind: BodyKind;
	queryInBody: boolean;
	file: File | null;
}

export function chooseEndpoint(form: EndpointForm, entry: CatalogueEntry): void {
	form.endpoint = entry;
	// The catalogue's methods are the explorer's five.
	form.method = entry.method;
	form.path = entry.path;
	// Values already typed for a parameter of the same name stay (`:id` across endpoints).
	form.pathParams = Object.fromEntries(
		pathParamNames(entry.path).map((name) => [name, form.pathParams[name] ?? ''])
	);
	form.query = '';
	form.params = '';
	form.bodyKind = entry.where === 'query' ? 'query' : 'json';
	form.queryInBody = false;
	form.file = null;
}

/** The chosen endpoint while the form still asks for it (same method, the path its template). */
export function endpointInForm(
	form: Pick<EndpointForm, 'endpoint' | 'method' | 'path'>
): CatalogueEntry | null {
	const entry = form.endpoint;
	return entry && entry.method === form.method && entry.path === form.path ? entry : null;
}

/**
 * Adds a parameter chosen from the endpoint's list: to the query (a new query row) when it goes
 * there or the parameters are sent as a query, else to the body's JSON parameters, with an empty
 * value to fill. Says what it did, or why not.
 */
export function addParameter(
	form: Pick<EndpointForm, 'query' | 'params' | 'bodyKind'>,
	param: { name: string; where: 'query' | 'body'; type?: string }
): string {
	if (param.where === 'query' || form.bodyKind === 'query' || form.bodyKind === 'none') {
		const names = form.query.split('&').map((p) => p.split('=')[0]!.replace(/\[.*$/, ''));
		if (names.includes(param.name)) return `${param.name} is already in the query.`;
		const query = form.query.replace(/&+$/, '');
		form.query = `${query}${query ? '&' : ''}${param.name}=`;
		return `Added ${param.name} to the query: give it a value in the URL bar or the query.`;
	}
	let body: Record<string, unknown> = {};
	if (form.params.trim()) {
		try {
			const parsed = JSON.parse(form.params) as unknown;
			if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
			body = parsed as Record<string, unknown>;
		} catch {
			return `${param.name} was not added: the parameters are not one JSON object yet. Fix them, then add it.`;
		}
	}
	if (Object.hasOwn(body, param.name)) return `${param.name} is already in the parameters.`;
	body[param.name] = param.type?.startsWith('list') ? [] : '';
	form.params = JSON.stringify(body, null, 2);
	return `Added ${param.name} to the parameters (JSON): give it a value there.`;
}
