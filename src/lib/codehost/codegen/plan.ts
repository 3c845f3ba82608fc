/**
 * The plan every client's code is written from: the request as the app sends it (target, query,
 * headers, body), its credential kept apart, and the fetch statements that gitbeaker's code also
 * falls back to. Shared by codegen.ts and codegen-libraries.ts, so neither imports the other.
 */
import { CREDENTIAL_HEADERS, originOf } from '$lib/http/credentials';
import { decodeQuery } from '../request/encoding';
import { requestTarget, asSent } from '../request/target';
import type { BuiltRequest, RequestConnection } from '../request/request';

/**
 * The request code is written from: the request as the form or a run builds it (a BuiltRequest:
 * variables resolved, without its credential), with the connection it goes out with. A multipart
 * body is its fields, the chosen file's name and its field (`file` unless named) instead of
 * `bodyText`; a file sent as the whole body (curl --upload-file) is `upload`, its name.
 */
export type CodeRequest = Pick<
	BuiltRequest,
	'method' | 'target' | 'query' | 'headers' | 'bodyText'
> &
	RequestConnection & {
		form?: { fields: [string, string][]; file?: string; field?: string };
		upload?: string;
	};

export interface Credential {
	/** The environment variable the snippet reads the token from. */
	env: string;
	header?: string;
	/** Written before the token in the header (`Bearer `). */
	prefix?: string;
	param?: string;
	cookie?: boolean;
	/** The python-gitlab / gitbeaker constructor argument. */
	python: string;
	gitbeaker: string;
}

function credentialOf(auth: CodeRequest['auth']): Credential | null {
	if (auth.method === 'none') return null;
	if (auth.method === 'session')
		return { env: 'SESSION_COOKIE', cookie: true, python: '', gitbeaker: '' };
	const job = auth.method === 'job';
	const oauth = auth.method === 'oauth';
	const base = {
		env: job ? 'CI_JOB_TOKEN' : 'GITLAB_TOKEN',
		python: job ? 'job_token' : oauth ? 'oauth_token' : 'private_token',
		gitbeaker: job ? 'jobToken' : oauth ? 'oauthToken' : 'token'
	};
	switch (auth.way) {
		case 'bearer':
			return { ...base, header: 'Authorization', prefix: 'Bearer ' };
		case 'private-token-query':
			return { ...base, param: 'private_token' };
		case 'access-token-query':
			return { ...base, param: 'access_token' };
		case 'job-token-query':
			return { ...base, param: 'job_token' };
		case 'job-token-header':
			return { ...base, header: 'JOB-TOKEN' };
		default:
			return { ...base, header: 'PRIVATE-TOKEN' };
	}
}

/** The request as every client must send it: where, with which credential, which headers. */
export interface Plan {
	/** The URL the app requests, query included, credential parameters left out. */
	url: string;
	/** `url` without its query. */
	base: string;
	/** Its query, decoded, in order. */
	pairs: [string, string][];
	/** Null when nothing is sent, or when the target is on another origin. */
	cred: Credential | null;
	/** Headers as the app sends them (Accept is each client's own), credentials left out. */
	headers: Record<string, string>;
	sudo?: CodeRequest['sudo'];
	/** Why no credential goes (the target is on another origin), as a sentence. */
	offsite?: string;
	token: string;
	includeToken: boolean;
}

export function planOf(r: CodeRequest, includeToken = false): Plan {
	const target = requestTarget(r.apiRoot, r.target, r.query);
	const url = asSent(target.url);
	const q = url.indexOf('?');
	const base = q === -1 ? url : url.slice(0, q);
	const pairs = q === -1 ? [] : decodeQuery(url.slice(q + 1));
	// The send path's own rule: headers that carry a credential or act for a user stay home.
	const headers = Object.fromEntries(
		Object.entries(r.headers).filter(
			([name]) =>
				name.toLowerCase() !== 'accept' &&
				(target.credentialed || !CREDENTIAL_HEADERS.has(name.toLowerCase()))
		)
	);
	const plan: Plan = {
		url,
		base,
		pairs,
		cred: target.credentialed ? credentialOf(r.auth) : null,
		headers,
		sudo: target.credentialed && r.sudo?.value.trim() ? r.sudo : undefined,
		token: r.auth.token.trim(),
		includeToken
	};
	if (!target.credentialed) {
		const there = originOf(url) ?? url;
		plan.offsite = `This request goes to ${there}, not to the API root's ${new URL(r.apiRoot).origin}: like the app, it sends no token, session or Sudo there.`;
	}
	return plan;
}

/** A JS string literal (single quotes, as the project's code writes them). */
export function jsString(value: string): string {
	return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/**
 * A key of an object literal, quoted. `__proto__` is written computed (`['__proto__']`): as a
 * literal key, quoted or not, it sets the object's prototype instead of making a field, so the
 * field would not be sent and the object's own would read through to the given ones.
 */
export const jsKey = (key: string) => (key === '__proto__' ? `[${jsString(key)}]` : jsString(key));

/**
 * A JSON value as a JavaScript literal laid out as `JSON.stringify(value, null, '\t')` lays it out,
 * every key a field of its object (`__proto__` included, see jsKey).
 */
export function jsJson(value: unknown, indent = ''): string {
	const inner = `${indent}\t`;
	if (Array.isArray(value))
		return value.length
			? `[\n${value.map((v) => inner + jsJson(v, inner)).join(',\n')}\n${indent}]`
			: '[]';
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value);
		if (!entries.length) return '{}';
		const key = (k: string) => (k === '__proto__' ? `[${JSON.stringify(k)}]` : JSON.stringify(k));
		return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${jsJson(v, inner)}`).join(',\n')}\n${indent}}`;
	}
	return JSON.stringify(value);
}

/** The URL with the credential parameter appended (its value after the returned text). */
export const withParam = (p: Plan, param: string) =>
	`${p.url}${p.url.includes('?') ? '&' : '?'}${param}=`;
const sudoParam = (p: Plan) =>
	p.sudo?.way === 'query' ? `sudo=${encodeURIComponent(p.sudo.value.trim())}` : '';
/** The URL as sent: the Sudo parameter after the query, the credential parameter added apart. */
export function urlOf(p: Plan): string {
	const sudo = sudoParam(p);
	return sudo ? `${p.url}${p.url.includes('?') ? '&' : '?'}${sudo}` : p.url;
}

/** Statements that build the multipart form in JavaScript (node: the file is read from disk). */
export function jsForm(form: NonNullable<CodeRequest['form']>): string[] {
	return [
		'const form = new FormData();',
		...form.fields.map(([k, v]) => `form.append(${jsString(k)}, ${jsString(v)});`),
		...(form.file
			? [
					`form.append(${jsString(form.field ?? 'file')}, await openAsBlob(${jsString(form.file)}), ${jsString(form.file)});`
				]
			: [])
	];
}
export const jsFormImport = (r: CodeRequest) =>
	r.form?.file || r.upload ? [`import { openAsBlob } from 'node:fs';`] : [];

/** The fetch call for the plan: also what gitbeaker's code falls back to where it cannot go. */
export function fetchStatements(r: CodeRequest, p: Plan): string[] {
	const cred = p.cred;
	const secret = p.includeToken ? jsString(p.token) : `process.env.${cred?.env ?? ''} ?? ''`;
	const address = urlOf(p);
	const target = cred?.param
		? p.includeToken
			? jsString(withParam({ ...p, url: address }, cred.param) + encodeURIComponent(p.token))
			: `${jsString(withParam({ ...p, url: address }, cred.param))} + encodeURIComponent(${secret})`
		: jsString(address);
	const headers: string[] = [`'Accept': 'application/json'`];
	if (cred?.header)
		headers.push(
			`${jsString(cred.header)}: ${cred.prefix ? `${jsString(cred.prefix)} + (${secret})` : secret}`
		);
	if (cred?.cookie) headers.push(`'Cookie': '_service_session=' + (${secret})`);
	if (p.sudo?.way === 'header') headers.push(`'Sudo': ${jsString(p.sudo.value.trim())}`);
	for (const [name, value] of Object.entries(p.headers))
		headers.push(`${jsKey(name)}: ${jsString(value)}`);
	const options = [
		`method: ${jsString(r.method)}`,
		`headers: {\n\t\t${headers.join(',\n\t\t')}\n\t}`
	];
	// fetch writes the multipart Content-Type itself, with its boundary.
	if (r.form) options.push('body: form');
	else if (r.upload) options.push(`body: await openAsBlob(${jsString(r.upload)})`);
	else if (r.bodyText !== undefined && r.bodyText !== '') {
		const json = /json/i.test(r.headers['Content-Type'] ?? '');
		options.push(
			json
				? `body: JSON.stringify(${jsJson(JSON.parse(r.bodyText), '\t')})`
				: `body: ${jsString(r.bodyText)}`
		);
	}
	return [
		...(r.form ? jsForm(r.form) : []),
		`const response = await fetch(${target}, {\n\t${options.join(',\n\t')}\n});`,
		`const text = await response.text();`,
		`console.log(response.status, text ? JSON.parse(text) : null);`
	];
}
