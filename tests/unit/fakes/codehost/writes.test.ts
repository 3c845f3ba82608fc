/** What the demo code host creates and changes, and how it refuses a payload. */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { call, PAT } from './demo-host';

describe('demo code host: payloads and error shapes', () => {
	const json = (body: unknown, headers: Record<string, string> = {}) => ({
		method: 'POST',
		headers: { ...PAT, 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body)
	});

	it('CH-EP-3, CH-ST-1: POST /projects by JSON body or query string answers 201', async () => {
		const app = createCodehostApp();
		expect((await call(app, '/api/v4/projects', json({ name: 'A b' }))).status).toBe(201);
		expect(
			(await call(app, '/api/v4/projects?name=Q&description=x', { method: 'POST', headers: PAT }))
				.status
		).toBe(201);
	});

	it('CH-ERR-1: a missing attribute answers 400 with a message string naming it', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/snippets', json({ file_name: 'a', content: 'b' }));
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual({ message: '400 (Bad request) "title" not given' });
	});

	it('CH-ERR-2: a validation failure answers 400 with a nested message object', async () => {
		const app = createCodehostApp();
		const body = await (await call(app, '/api/v4/projects', json({ name: 'bad!' }))).json();
		expect(body.message.route.path).toEqual(["can't be blank"]);
	});

	it('CH-SPAM-1: spam without CAPTCHA has message.error', async () => {
		const app = createCodehostApp();
		const res = await call(
			app,
			'/api/v4/snippets',
			json({ title: 't', file_name: 'f', content: 'lottery', visibility: 'public' })
		);
		expect((await res.json()).message.error).toMatch(/spam/);
	});

	it('CH-EP-15, CH-SPAM-2, CH-SPAM-3: snippets; spam with CAPTCHA, then resubmission with the two headers succeeds once', async () => {
		const app = createCodehostApp();
		const snippet = { title: 't', file_name: 'f', content: 'casino', visibility: 'public' };
		const first = await (await call(app, '/api/v4/snippets', json(snippet))).json();
		expect(first).toMatchObject({
			needs_captcha_response: true,
			captcha_site_key: expect.any(String)
		});
		const ok = await call(
			app,
			'/api/v4/snippets',
			json(snippet, {
				'X-Service-Captcha-Response': 'solved',
				'X-Service-Spam-Log-Id': String(first.spam_log_id)
			})
		);
		expect(ok.status).toBe(201);
		const reused = await call(
			app,
			'/api/v4/snippets',
			json(snippet, {
				'X-Service-Captcha-Response': 'solved',
				'X-Service-Spam-Log-Id': String(first.spam_log_id)
			})
		);
		expect(reused.status).toBe(409);
	});

	it('CH-EP-6, CH-PAY-6: pipeline variables arrive from a bracketed form and from a JSON array', async () => {
		const app = createCodehostApp();
		const formBody = 'ref=main&variables[0][key]=A&variables[0][value]=1%2B2';
		const viaForm = await (
			await call(app, '/api/v4/projects/1/pipeline', {
				method: 'POST',
				headers: { ...PAT, 'content-type': 'application/x-www-form-urlencoded' },
				body: formBody
			})
		).json();
		expect(viaForm.variables).toEqual([{ key: 'A', value: '1+2' }]);
		const viaJson = await (
			await call(
				app,
				'/api/v4/projects/1/pipeline',
				json({ ref: 'main', variables: [{ key: 'B', value: 'x' }] })
			)
		).json();
		expect(viaJson.variables).toEqual([{ key: 'B', value: 'x' }]);
	});

	it('CH-EP-5: import takes a multipart form with a file and override_params hash', async () => {
		const app = createCodehostApp();
		const form = new FormData();
		form.set('namespace', 'tools');
		form.set('path', 'imported');
		form.set('override_params[visibility]', 'private');
		form.set('file', new Blob(['archive']), 'export.tar.gz');
		const res = await call(app, '/api/v4/projects/import', {
			method: 'POST',
			headers: PAT,
			body: form
		});
		expect(res.status).toBe(201);
		expect((await res.json()).override_params).toEqual({ visibility: 'private' });
	});

	it('CH-EP-4: DELETE share with numeric ids answers 204; a non-numeric group 400', async () => {
		const app = createCodehostApp();
		expect(
			(await call(app, '/api/v4/projects/1/share/3', { method: 'DELETE', headers: PAT })).status
		).toBe(204);
		expect(
			(await call(app, '/api/v4/projects/1/share/abc', { method: 'DELETE', headers: PAT })).status
		).toBe(400);
	});
});
