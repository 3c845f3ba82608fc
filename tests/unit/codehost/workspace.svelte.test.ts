/**
 * Saved requests and environments tied to the form: saving the form keeps it without its token
 * and with the values set as variables, opening it fills the form without sending, and an
 * environment's token reference switches the auth method.
 */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver } from './explorer-over';

function explorer() {
	const app = createCodehostApp();
	let sent = 0;
	const e = explorerOver(async (input, init) => {
		sent++;
		return app.fetch(new Request(input, init));
	});
	return { e, sent: () => sent };
}

describe('Workspace', () => {
	it('saves the form without its token, with the values it sets, and opens it again without sending', async () => {
		const { e, sent } = explorer();
		const { form, auth, workspace, extractions } = e;
		auth.setMethod('personal');
		auth.token = 'glpat-secret-token';
		form.path = '/projects/:id';
		form.pathParams = { id: '{{project}}' };
		form.query = '';
		extractions.set('$.id', '42', 'project');
		expect(workspace.saveRequest('One project', 'Mine')).toBe(true);
		const item = workspace.collections.collections[0]!.requests[0]!;
		expect(JSON.stringify(item)).not.toContain('glpat-secret-token');
		expect(item.extractions).toEqual([{ name: 'project', path: '$.id' }]);

		form.path = '/users';
		extractions.forget('project');
		workspace.openSaved(item.id);
		expect(form.path).toBe('/projects/:id');
		expect(form.pathParams).toEqual({ id: '{{project}}' });
		expect(extractions.list).toEqual([{ name: 'project', path: '$.id' }]);
		expect(workspace.collections.message).toBe('Opened “One project” in the request form.');
		expect(sent()).toBe(0);
		await workspace.collections.settled();
	});

	it('an environment that names an auth method switches to it and says whether its token is here', async () => {
		const { e } = explorer();
		const { auth, workspace } = e;
		workspace.setEnvironmentAuth({ method: 'personal', way: 'bearer' });
		expect(auth.method).toBe('personal');
		expect(auth.way).toBe('bearer');
		expect(workspace.environments.message).toMatch(/enter its token in the Token field/);
		auth.token = 'glpat-secret-token';
		auth.save();
		workspace.selectEnvironment(workspace.environments.active.id);
		expect(workspace.environments.message).toMatch(/uses the token of .*, sent as /);
		workspace.setEnvironmentAuth(undefined);
		expect(workspace.environments.message).toMatch(/leaves the auth method as it is/);
		expect(auth.method).toBe('personal');
	});
});
