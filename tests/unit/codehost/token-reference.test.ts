import { createStore, get } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { parseCollectionsFile } from '$lib/codehost/collections/collections';
import { cleanEnvironment } from '$lib/codehost/environments/environments';
import { explorerOver } from './explorer-over';

const PERSONAL = 'glpat-demo-token';
const IMPERSONATION = 'glimp-demo-token';

function setup() {
	const app = createCodehostApp();
	const sent: Request[] = [];
	const explorer = explorerOver(async (input, init) => {
		const request = new Request(input, init);
		sent.push(request.clone());
		return app.fetch(request);
	});
	return { explorer, sent };
}

/** What the environments' IndexedDB store holds, once the last save has landed. */
async function storedEnvironments(until: (text: string) => boolean): Promise<string> {
	let text = '';
	await vi.waitFor(async () => {
		text = JSON.stringify(await get('environments', createStore('codehost-environments', 'kv')));
		expect(until(text)).toBe(true);
	});
	return text;
}

describe('auth methods keep their own token in this tab', () => {
	it('switching method shows the token entered for it, or an empty field', () => {
		const { explorer } = setup();
		const auth = explorer.auth;
		auth.setMethod('personal');
		auth.token = PERSONAL;
		auth.save();
		auth.setMethod('impersonation');
		expect(auth.token).toBe('');
		auth.token = IMPERSONATION;
		auth.save();
		auth.setMethod('personal');
		expect(auth.token).toBe(PERSONAL);
		expect(auth.use('impersonation', 'private-token-query')).toBe(true);
		expect(auth.token).toBe(IMPERSONATION);
		expect(auth.way).toBe('private-token-query');
		expect(auth.use('job', 'job-token-header')).toBe(false);
		// Both tokens are hidden wherever the explorer hides secrets.
		expect(auth.secrets).toEqual(expect.arrayContaining([PERSONAL, IMPERSONATION]));
	});
});

describe('an environment with a token reference', () => {
	it('switching to it sends with the method, the way and the token entered for that method', async () => {
		const { explorer, sent } = setup();
		explorer.form.path = '/user';
		explorer.form.query = '';
		explorer.auth.setMethod('personal');
		explorer.auth.token = PERSONAL;
		explorer.auth.save();
		explorer.workspace.setEnvironmentAuth({ method: 'personal', way: 'private-token-header' });
		const defaultId = explorer.environments.activeId;

		explorer.environments.add('Staging');
		explorer.workspace.setEnvironmentAuth({ method: 'impersonation', way: 'private-token-query' });
		expect(explorer.environments.message).toMatch(/enter its token in the Token field/);
		explorer.auth.token = IMPERSONATION;
		explorer.auth.save();
		await explorer.exchange.send();

		explorer.workspace.selectEnvironment(defaultId);
		expect(explorer.auth.method).toBe('personal');
		expect(explorer.auth.token).toBe(PERSONAL);
		expect(explorer.environments.message).toBe(
			'“Default” uses the token of “Personal, project or group access token”, sent as PRIVATE-TOKEN header.'
		);
		await explorer.exchange.send();

		explorer.workspace.selectEnvironment(explorer.environments.environments[1]!.id);
		await explorer.exchange.send();

		const how = sent.map((r) => [
			new URL(r.url).searchParams.get('private_token'),
			r.headers.get('private-token')
		]);
		expect(how).toEqual([
			[IMPERSONATION, null],
			[null, PERSONAL],
			[IMPERSONATION, null]
		]);
		expect(explorer.exchange.response?.json).toMatchObject({ username: expect.any(String) });
		// Its environments are written before the next test reads the same database.
		expect(await explorer.environments.saved()).toBe(true);
	});

	it('an environment without a reference leaves the auth method as it is', async () => {
		const { explorer } = setup();
		explorer.auth.setMethod('job');
		explorer.auth.token = 'glcbt-demo-job-token';
		explorer.auth.save();
		explorer.environments.add('Plain');
		explorer.workspace.selectEnvironment(explorer.environments.environments[0]!.id);
		expect(explorer.auth.method).toBe('job');
		expect(explorer.auth.token).toBe('glcbt-demo-job-token');
		expect(await explorer.environments.saved()).toBe(true);
	});

	it('IndexedDB and the exported file hold the reference, never the token text', async () => {
		const { explorer } = setup();
		explorer.auth.setMethod('impersonation');
		explorer.auth.token = IMPERSONATION;
		explorer.auth.save();
		explorer.environments.setValue('project', 'diaspora/client-1');
		explorer.workspace.setEnvironmentAuth({ method: 'impersonation', way: 'bearer' });
		const stored = await storedEnvironments((t) => t.includes('"bearer"'));
		expect(stored).toContain('"method":"impersonation"');
		expect(stored).not.toContain(IMPERSONATION);

		const exported = explorer.workspace.exportCollections();
		expect(exported).not.toContain(IMPERSONATION);
		const back = parseCollectionsFile(exported);
		expect(back.environments[0]!.auth).toEqual({ method: 'impersonation', way: 'bearer' });
		expect(back.dropped).toEqual([]);
	});

	it('a token put in an environment of a file, or in a stored one, is dropped with a notice', () => {
		const file = JSON.stringify({
			format: 'api-workbench-collections',
			version: 1,
			collections: [],
			environments: [
				{
					name: 'Prod',
					values: {},
					auth: { method: 'personal', way: 'bearer', token: 'glpat-leaked' }
				},
				{ name: 'Other', values: {}, token: 'glpat-leaked-2' }
			]
		});
		const read = parseCollectionsFile(file);
		expect(JSON.stringify(read.environments)).not.toContain('glpat-leaked');
		expect(read.environments[0]!.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(read.dropped).toEqual([
			'environment “Prod”: a token (only which auth method to use is kept)',
			'environment “Other”: a token (only which auth method to use is kept)'
		]);
		const cleaned = cleanEnvironment({
			id: 'e',
			name: 'E',
			values: {},
			auth: { method: 'job', way: 'nowhere', token: 'x' }
		});
		expect(cleaned).toEqual({
			id: 'e',
			name: 'E',
			values: {},
			auth: { method: 'job', way: 'job-token-header' }
		});
		expect(cleanEnvironment({ id: 'e', name: 'E', auth: { method: 'root' } })).toEqual({
			id: 'e',
			name: 'E',
			values: {}
		});
	});
});
