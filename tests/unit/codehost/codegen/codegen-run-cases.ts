/**
 * The explorer at a loopback API root, and the requests whose generated code is run: what
 * issue 25 lists (a page of a list, keyset, a `%2F` path, a file path with dots, JSON and form
 * bodies, PUT, DELETE, repeated names, Sudo, OAuth, a job token), a multipart form with a file
 * and a page of a project's issues (the libraries' own list calls).
 */
import { AreaSession } from '$lib/settings/area-session.svelte';
import type { Client } from '$lib/codehost/codegen/codegen';
import { ExplorerState } from '$lib/codehost/explorer.svelte';
import type { RequestFormState } from '$lib/codehost/request/form.svelte';
import { HistoryStore } from '$lib/codehost/history/history';
import { createClient } from '$lib/http/client';

export const TOKEN = 'glpat-run-1';
export const JOB = 'job-run-1';
export const ENV = { GITLAB_TOKEN: TOKEN, CI_JOB_TOKEN: JOB };

export function explorerAt(apiRoot: string): ExplorerState {
	return new ExplorerState(
		new AreaSession({
			service: 'codehost',
			mode: 'live',
			apiRoot,
			secret: '',
			client: ({ secrets, onExchange } = {}) =>
				createClient({
					baseUrl: apiRoot,
					transport: (input, init) => fetch(input, init),
					secrets,
					onExchange,
					env: { online: () => true, pageOrigin: () => undefined }
				})
		}),
		new HistoryStore(0)
	);
}

export interface Case {
	name: string;
	set: (e: ExplorerState) => void;
	/** Files the code reads from disk (name, content), as the app sends the chosen file. */
	files?: [string, string][];
}

export const personal = (e: ExplorerState) => {
	e.auth.setMethod('personal');
	e.auth.way = 'private-token-header';
	e.auth.token = TOKEN;
};
const form = (
	e: ExplorerState,
	method: RequestFormState['method'],
	path: string,
	params: object,
	bodyKind: RequestFormState['bodyKind'],
	pathParams: Record<string, string> = {}
) => {
	e.form.method = method;
	e.form.path = path;
	e.form.pathParams = pathParams;
	e.form.query = '';
	e.form.bodyKind = bodyKind;
	e.form.params = JSON.stringify(params);
};

export const CASES: Case[] = [
	{
		name: 'a list, page 2',
		set: (e) => {
			personal(e);
			e.form.path = '/projects';
			e.form.query = 'page=2&per_page=5&order_by=name';
		}
	},
	{
		name: 'keyset pagination',
		set: (e) => {
			personal(e);
			e.form.path = '/projects';
			e.form.query = 'pagination=keyset&per_page=20&order_by=id&sort=asc';
		}
	},
	{
		name: 'a query typed with a space, non-ASCII text, brackets, a repeated key and a raw /',
		set: (e) => {
			personal(e);
			e.form.path = '/projects';
			e.form.query =
				'search=café naïve&variables[0][key]=a&scope[]=b&scope[]=c&path=group/sub&order_by=name';
		}
	},
	{
		name: 'a project path id with a slash (%2F)',
		set: (e) => {
			personal(e);
			e.form.path = '/projects/:id';
			e.form.pathParams = { id: 'group/sub group/project' };
			e.form.query = 'statistics=true';
		}
	},
	{
		name: 'a file path with dots',
		set: (e) => {
			personal(e);
			e.form.path = '/projects/:id/repository/files/:file_path';
			e.form.pathParams = { id: '7', file_path: 'docs/v1.2/../read.me.md' };
			e.form.query = 'ref=release/1.0';
		}
	},
	{
		name: 'a POST with a JSON body and an extra header',
		set: (e) => {
			personal(e);
			form(e, 'POST', '/projects/:id/issues', { title: 'Hello', labels: ['a', 'b'] }, 'json', {
				id: '7'
			});
			e.form.headers = 'X-Request-Note: from the explorer';
		}
	},
	{
		name: 'a POST with a form body',
		set: (e) => {
			personal(e);
			form(e, 'POST', '/projects/:id/issues', { title: 'Hello world & co', weight: 3 }, 'form', {
				id: '7'
			});
		}
	},
	{
		name: 'a PUT with a form body',
		set: (e) => {
			personal(e);
			form(e, 'PUT', '/projects/:id/issues/:iid', { state_event: 'close' }, 'form', {
				id: '7',
				iid: '5'
			});
		}
	},
	{
		name: 'a multipart form with a file',
		files: [['notes.txt', 'hello file\n']],
		set: (e) => {
			personal(e);
			form(
				e,
				'POST',
				'/projects/:id/uploads',
				{ description: 'a note', tags: ['x', 'y'] },
				'multipart',
				{
					id: '7'
				}
			);
			e.form.file = new File(['hello file\n'], 'notes.txt');
		}
	},
	{
		name: 'a multipart form with the file in its own field (curl -F avatar=@dk.png)',
		files: [['dk.png', 'png bytes']],
		set: (e) => {
			personal(e);
			form(e, 'PUT', '/projects/:id', { name: 'p' }, 'multipart', { id: '7' });
			e.form.fileSlot = { field: 'avatar', source: 'dk.png' };
			e.form.file = new File(['png bytes'], 'dk.png');
		}
	},
	{
		name: 'a file as the whole body (curl --upload-file)',
		files: [['pkg.txt', 'package bytes']],
		set: (e) => {
			personal(e);
			form(e, 'PUT', '/projects/:id/packages/generic/p/1.0/pkg.txt', {}, 'none', { id: '7' });
			e.form.fileSlot = { field: null, source: 'pkg.txt' };
			e.form.file = new File(['package bytes'], 'pkg.txt');
		}
	},
	{
		name: 'a DELETE',
		set: (e) => {
			personal(e);
			form(e, 'DELETE', '/projects/:id/issues/:iid', {}, 'none', { id: '7', iid: '5' });
		}
	},
	{
		name: 'repeated names (labels[])',
		set: (e) => {
			personal(e);
			e.form.path = '/projects/:id/issues';
			e.form.pathParams = { id: '7' };
			e.form.query = 'labels[]=bug&labels[]=ui&state=opened';
		}
	},
	{
		name: "a page of a project's issues, with Sudo",
		set: (e) => {
			personal(e);
			e.auth.sudo = 'alice';
			e.form.path = '/projects/:id/issues';
			e.form.pathParams = { id: 'group/project' };
			e.form.query = 'state=opened&page=2';
		}
	},
	{
		name: 'Sudo',
		set: (e) => {
			personal(e);
			e.auth.sudo = 'alice';
			e.form.path = '/user';
			e.form.query = '';
		}
	},
	{
		name: 'an OAuth token',
		set: (e) => {
			e.auth.setMethod('oauth');
			e.auth.way = 'bearer';
			e.auth.token = TOKEN;
			e.form.path = '/groups';
			e.form.query = 'search=core&min_access_level=30';
		}
	},
	{
		name: 'a job token',
		set: (e) => {
			e.auth.setMethod('job');
			e.auth.way = 'job-token-header';
			e.auth.token = JOB;
			e.form.path = '/job';
			e.form.query = '';
		}
	}
];

export const RUN_CLIENTS: Client[] = ['cURL', 'fetch', 'gitbeaker', 'python-gitlab'];
