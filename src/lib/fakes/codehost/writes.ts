/** What the demo code host creates and changes: projects, imports, pipelines, shares, snippets. */
import { BRANCHES, type DemoGroup, type DemoProject } from './data';
import { readParams, type Params } from './params';
import { json, missing, need, type Ctx } from './responses';

export const CAPTCHA_SITE_KEY = '6LeDemoSiteKey-codehost-demo';

export class CodehostWrites {
	#nextId = 20_000;
	readonly #spamLogs = new Set<number>();
	#nextSpamLog = 42;
	readonly #groups: DemoGroup[];

	constructor(groups: DemoGroup[]) {
		this.#groups = groups;
	}

	async createProject(ctx: Ctx): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		const { params } = await readParams(ctx.request, ctx.url);
		const name = params.name;
		if (typeof name !== 'string' || name.trim() === '') return missing('name');
		if (name.toLowerCase() === 'existing')
			return json({ message: '409 Conflict: a project with this path already exists' }, 409);
		if (/[!@#$]/.test(name))
			return json(
				{
					message: {
						name: ["can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces."],
						route: { path: ["can't be blank"] }
					}
				},
				400
			);
		const description = typeof params.description === 'string' ? params.description : '';
		if (description.length > 255)
			return json({ message: { description: ['is too long (maximum is 255 characters)'] } }, 400);
		const path = name
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '');
		return json(
			{
				id: ++this.#nextId,
				name,
				path,
				path_with_namespace: `${ctx.principal!.username}/${path}`,
				description,
				visibility: 'private'
			},
			201
		);
	}

	async importProject(ctx: Ctx): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		if (!(ctx.request.headers.get('content-type') ?? '').includes('multipart/form-data'))
			return json({ error: 'file is missing, path is missing' }, 400);
		const { params, files } = await readParams(ctx.request, ctx.url);
		if (!files.file) return missing('file');
		if (typeof params.path !== 'string' || !params.path) return missing('path');
		return json(
			{
				id: ++this.#nextId,
				path: params.path,
				name: params.path,
				namespace: params.namespace ?? ctx.principal!.username,
				import_status: 'scheduled',
				file: { name: files.file.name, size: files.file.size },
				override_params: params.override_params ?? {}
			},
			201
		);
	}

	async pipeline(ctx: Ctx, p: DemoProject): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		const { params } = await readParams(ctx.request, ctx.url);
		if (typeof params.ref !== 'string' || !params.ref) return missing('ref');
		if (!BRANCHES.includes(params.ref))
			return json({ message: { base: ['Reference not found'] } }, 400);
		const raw = params.variables ?? [];
		const list = Array.isArray(raw) ? raw : Object.values(raw as Params);
		const variables = list.map((v) => (v && typeof v === 'object' ? (v as Params) : {}));
		const bad = variables.findIndex((v) => typeof v.key !== 'string' || v.key === '');
		if (bad !== -1)
			return json({ message: `422 Unprocessable Entity: variables[${bad}] has no key` }, 422);
		return json(
			{
				id: ++this.#nextId,
				project_id: p.id,
				ref: params.ref,
				status: 'created',
				variables: variables.map((v) => ({ key: v.key, value: v.value ?? '' }))
			},
			201
		);
	}

	unshare(ctx: Ctx, p: DemoProject, groupId: string): Response {
		const denied = need(ctx);
		if (denied) return denied;
		if (!/^\d+$/.test(groupId)) return json({ error: 'group_id is invalid' }, 400);
		const since = ctx.request.headers.get('if-unmodified-since');
		if (since && Date.parse(since) < Date.parse('2025-01-01T00:00:00Z'))
			return json({ message: '412 Precondition Failed' }, 412);
		if (!this.#groups.some((g) => String(g.id) === groupId))
			return json({ message: '404 Group Not Found' }, 404);
		void p;
		return new Response(null, { status: 204 });
	}

	async createSnippet(ctx: Ctx): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		const { params } = await readParams(ctx.request, ctx.url);
		for (const name of ['title', 'file_name', 'content'])
			if (params[name] === undefined) return missing(name);
		const visibility = String(params.visibility ?? 'private');
		if (!['private', 'internal', 'public'].includes(visibility) || params.file_name === '')
			return json(
				{
					message: {
						...(params.file_name === '' ? {} : { visibility: ['is not included in the list'] }),
						...(params.file_name === '' ? { files: { file_path: ["can't be blank"] } } : {})
					}
				},
				400
			);
		const content = String(params.content);
		if (/lottery/i.test(content))
			return json(
				{ message: { error: 'Your snippet has been recognized as spam and has been discarded.' } },
				400
			);
		if (/casino/i.test(content)) {
			const h = ctx.request.headers;
			const answer = h.get('x-service-captcha-response') ?? h.get('x-gitlab-captcha-response');
			const logId = Number(h.get('x-service-spam-log-id') ?? h.get('x-gitlab-spam-log-id'));
			if (!answer || !this.#spamLogs.has(logId)) {
				const id = this.#nextSpamLog++;
				this.#spamLogs.add(id);
				return json(
					{
						needs_captcha_response: true,
						spam_log_id: id,
						captcha_site_key: CAPTCHA_SITE_KEY,
						message: {
							error:
								'Your snippet has been recognized as spam. Please, change the content or solve the reCAPTCHA to proceed.'
						}
					},
					409
				);
			}
			this.#spamLogs.delete(logId);
		}
		return json(
			{
				id: ++this.#nextId,
				title: params.title,
				file_name: params.file_name,
				visibility,
				author: { username: ctx.principal!.username },
				web_url: `${ctx.url.origin}/-/snippets/${this.#nextId}`
			},
			201
		);
	}
}
