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
