// The request the code-generation tests start from, and their helpers.
import type { CodeRequest } from '$lib/codehost/codegen/codegen';

/** A GET of a project's members with a personal token in a PRIVATE-TOKEN header. */
export const base: CodeRequest = {
	method: 'GET',
	apiRoot: 'https://gitlab.example.com/api/v4',
	target: '/projects/1/members',
	query: '',
	headers: {},
	auth: { method: 'personal', way: 'private-token-header', token: 'tok' }
};
/** The base request with these fields changed. */
export const req = (over: Partial<CodeRequest>): CodeRequest => ({ ...base, ...over });
/** Expected code, one argument a line. */
export const lines = (...l: string[]) => l.join('\n');
/** python-gitlab's note on a request without a body, which it sends with a JSON Content-Type. */
export const pyNoBody = (method: string) =>
	`# python-gitlab also sends “Content-Type: application/json” on this ${method}, which has no body (the app sends none); GitLab ignores it.`;
