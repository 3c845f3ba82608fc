/** The seed's endpoint table, status table and keyset table, as data (no Svelte). */
import type { ParamValue } from '../request/encoding';

export type BodyKind = 'none' | 'query' | 'json' | 'form' | 'multipart';

export interface EndpointTemplate {
	id: string;
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	path: string;
	note: string;
	/** Rule ids the template shows. */
	rules: string[];
	example: Record<string, string>;
	query?: string;
	params?: Record<string, ParamValue>;
	bodyKind?: BodyKind;
}

export const ENDPOINTS: readonly EndpointTemplate[] = [
	{
		id: 'list-projects',
		method: 'GET',
		path: '/projects',
		note: 'Lists projects; supports offset and keyset pagination (keyset: order_by=id).',
		rules: ['CH-EP-1'],
		example: {},
		query: 'per_page=5'
	},
	{
		id: 'get-project',
		method: 'GET',
		path: '/projects/:id',
		note: 'Does not require authentication. :id is a number or namespace/project (sent with %2F).',
		rules: ['CH-EP-2', 'CH-PATH-1'],
		example: { id: 'diaspora/client-1' }
	},
	{
		id: 'get-renamed-project',
		method: 'GET',
		path: '/projects/:id',
		note: 'A renamed project: the old path answers 301 with Location; a GET is followed.',
		rules: ['CH-REDIR-1'],
		example: { id: 'diaspora/old-client' }
	},
	{
		id: 'create-project',
		method: 'POST',
		path: '/projects',
		note: 'Query string or JSON body; parameters name, description. Leave out name to see a missing attribute.',
		rules: ['CH-EP-3'],
		example: {},
		params: { name: 'My project', description: 'Made in the explorer' },
		bodyKind: 'json'
	},
	{
		id: 'unshare-project',
		method: 'DELETE',
		path: '/projects/:id/share/:group_id',
		note: 'Both path parameters are numeric identifiers.',
		rules: ['CH-EP-4'],
		example: { id: '1', group_id: '3' }
	},
	{
		id: 'import-project',
		method: 'POST',
		path: '/projects/import',
		note: 'Multipart form: namespace, path, file (upload), override_params (hash).',
		rules: ['CH-EP-5'],
		example: {},
		params: { namespace: 'tools', path: 'imported', override_params: { visibility: 'private' } },
		bodyKind: 'multipart'
	},
	{
		id: 'create-pipeline',
		method: 'POST',
		path: '/projects/:id/pipeline',
		note: 'ref, and variables as an array of hashes (variables[0][key]=… in a form, or a JSON array).',
		rules: ['CH-EP-6', 'CH-PAY-6'],
		example: { id: '1' },
		params: {
			ref: 'main',
			variables: [
				{ key: 'DEPLOY', value: 'true' },
				{ key: 'SINCE', value: '2024-01-01T00:00:00+02:00' }
			]
		},
		bodyKind: 'form'
	},
	{
		id: 'get-issue',
		method: 'GET',
		path: '/projects/:id/issues/:iid',
		note: 'Fetch an issue by iid, not id: issue id 46 has iid 5 in project 42.',
		rules: ['CH-EP-7', 'CH-ID-1'],
		example: { id: '42', iid: '5' }
	},
	{
		id: 'issue-notes',
		method: 'GET',
		path: '/projects/:id/issues/:iid/notes',
		note: 'Paginated.',
		rules: ['CH-EP-8'],
		example: { id: '42', iid: '5' },
		query: 'per_page=2'
	},
	{
		id: 'get-file',
		method: 'GET',
		path: '/projects/:id/repository/files/:file_path',
		note: 'file_path URL-encoded (/ as %2F); query ref.',
		rules: ['CH-EP-9', 'CH-PATH-2'],
		example: { id: '1', file_path: 'docs/guide/README.md' },
		query: 'ref=main'
	},
	{
		id: 'branch-commits',
		method: 'GET',
		path: '/projects/:id/branches/:branch/commits',
		note: 'branch URL-encoded (feature/login as feature%2Flogin).',
		rules: ['CH-EP-10', 'CH-PATH-2'],
		example: { id: '1', branch: 'feature/login' }
	},
	{
		id: 'get-tag',
		method: 'GET',
		path: '/projects/:id/repository/tags/:tag',
		note: 'tag URL-encoded (release/1.0 as release%2F1.0).',
		rules: ['CH-EP-11', 'CH-PATH-2'],
		example: { id: '1', tag: 'release/1.0' }
	},
	{
		id: 'job-artifacts',
		method: 'GET',
		path: '/projects/:id/jobs/:job_id/artifacts',
		note: 'Accepts a job token.',
		rules: ['CH-EP-12', 'CH-AUTH-3'],
		example: { id: '1', job_id: '7' }
	},
	{
		id: 'releases',
		method: 'GET',
		path: '/projects/:id/releases',
		note: 'Accepts a job token.',
		rules: ['CH-EP-13', 'CH-AUTH-3'],
		example: { id: '1' }
	},
	{
		id: 'namespaces',
		method: 'GET',
		path: '/namespaces',
		note: 'Paginated listing (offset only).',
		rules: ['CH-EP-14'],
		example: {},
		query: 'per_page=5'
	},
	{
		id: 'groups',
		method: 'GET',
		path: '/groups',
		note: 'Paginated listing; keyset (order_by=name, sort=asc) only without authentication.',
		rules: ['CH-EP-14'],
		example: {},
		query: 'per_page=5'
	},
	{
		id: 'users',
		method: 'GET',
		path: '/users',
		note: 'Paginated listing; offset is deprecated here in favour of keyset.',
		rules: ['CH-EP-14', 'CH-OFF-7'],
		example: {},
		query: 'per_page=5'
	},
	{
		id: 'current-user',
		method: 'GET',
		path: '/user',
		note: 'The user the request runs as: try it with Sudo.',
		rules: ['CH-SUDO-3'],
		example: {}
	},
	{
		id: 'create-snippet',
		method: 'POST',
		path: '/snippets',
		note: 'title, file_name, content, visibility. In the demo, content with “casino” is spam (CAPTCHA), with “lottery” spam without CAPTCHA.',
		rules: ['CH-EP-15', 'CH-SPAM-2'],
		example: {},
		params: {
			title: 'Hello',
			file_name: 'hello.txt',
			content: 'Win at the casino',
			visibility: 'public'
		},
		bodyKind: 'json'
	}
];

/** The seed's status table (CH-ST-2). */
export const STATUS_MEANINGS: Record<number, string> = {
	200: 'GET, PUT, PATCH or DELETE succeeded; resource returned.',
	201: 'POST succeeded; resource returned.',
	202: 'Request accepted, resource scheduled for processing.',
	204: 'Fulfilled, no body.',
	301: 'Resource moved permanently; see Location.',
	304: 'Not modified since last request.',
	400: 'Required attribute missing or attribute failed validation.',
	401: 'Not authenticated.',
	403: 'Request not allowed.',
	404: 'Resource cannot be accessed: id not found, user not authorized to see it, or unknown route.',
	405: 'Method not supported.',
	409: 'A conflicting resource already exists.',
	412: 'Denied, for example If-Unmodified-Since on a resource modified in between.',
	414: 'Query string too long.',
	422: 'Entity could not be processed.',
	429: 'Application rate limit exceeded.',
	500: 'Server error.',
	503: 'Server temporarily overloaded.'
};

/** Reason phrases, for answers that come without one (HTTP/2, the in-page demo). */
export const REASON_PHRASES: Record<number, string> = {
	200: 'OK',
	201: 'Created',
	202: 'Accepted',
	204: 'No Content',
	301: 'Moved Permanently',
	304: 'Not Modified',
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	409: 'Conflict',
	412: 'Precondition Failed',
	414: 'URI Too Long',
	422: 'Unprocessable Entity',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	503: 'Service Unavailable'
};

/** What a success means for this method: a 200 to a GET returned the resource, to a DELETE removed it. */
const SUCCESS_BY_METHOD: Record<string, Record<number, string>> = {
	GET: { 200: 'The request succeeded; the resource is returned.' },
	HEAD: { 200: 'The request succeeded; only the headers are returned.' },
	PUT: { 200: 'The update succeeded; the updated resource is returned.' },
	PATCH: { 200: 'The update succeeded; the updated resource is returned.' },
	POST: {
		200: 'The action succeeded; its result is returned.',
		201: 'The resource was created and is returned.'
	},
	DELETE: {
		200: 'The deletion succeeded.',
		202: 'The deletion was accepted and is scheduled.',
		204: 'The deletion succeeded; there is no body.'
	}
};

export function statusMeaning(status: number, method?: string): string {
	return (
		(method && SUCCESS_BY_METHOD[method.toUpperCase()]?.[status]) ??
		STATUS_MEANINGS[status] ??
		(status >= 500
			? 'Server error.'
			: status >= 400
				? 'Client error.'
				: status >= 300
					? 'Redirection.'
					: 'Success.')
	);
}

/** What a method answers on success (CH-ST-1). */
export function expectedSuccess(method: string): number[] {
	switch (method.toUpperCase()) {
		case 'POST':
			return [201];
		case 'DELETE':
			return [204, 202];
		default:
			return [200];
	}
}

export {
	KEYSET_RESOURCES,
	keysetAdvice,
	keysetResourceFor,
	type KeysetAdvice,
	type KeysetAvailability,
	type KeysetResource
} from '../pagination/keyset-resources';
