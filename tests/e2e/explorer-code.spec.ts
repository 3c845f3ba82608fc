/**
 * Code for the request: five clients, the token as an environment variable unless asked for, a
 * Path on another server named bare, and in Live mode the shown cURL, fetch, gitbeaker and
 * python-gitlab code, run as they are, get the same answer from the fake code host.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { auth, goLive, ui } from './explorer-helpers';
import { expect, FAKE_URLS, SIZES, test } from './fixtures';

const run = promisify(execFile);
for (const size of SIZES) {
	test.describe(`Demo, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });

		test.beforeEach(async ({ page }) => {
			await page.goto('/explorer');
		});

		test('Code offers five clients in their own idioms, with the token as an environment variable unless included', async ({
			page
		}) => {
			const u = ui(page);
			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await u.path.fill('/projects/{{project}}');
			await u.query.fill('statistics=true');
			await page.getByRole('textbox', { name: 'project', exact: true }).fill('diaspora/client-1');
			const codeButton = page.getByRole('button', { name: 'Code', exact: true });
			await codeButton.click();
			await expect(codeButton).toHaveAttribute('aria-expanded', 'true');
			const panel = page.getByRole('region', { name: 'Code for the request' });
			await expect(panel.getByRole('tab')).toHaveText([
				'cURL',
				'fetch',
				'gitbeaker',
				'python-gitlab',
				'glab'
			]);
			const text = panel.getByRole('tabpanel');
			const code = panel.getByRole('region', { name: 'Generated code' });
			await expect(code).toContainText(`--header 'PRIVATE-TOKEN: '"$GITLAB_TOKEN"`);
			await expect(text).toContainText('/projects/diaspora%2Fclient-1?statistics=true');
			await expect(panel).not.toContainText('glpat-demo-token');

			// Arrow keys move between clients.
			await panel.getByRole('tab', { name: 'cURL' }).focus();
			await page.keyboard.press('ArrowRight');
			await expect(panel.getByRole('tab', { name: 'fetch' })).toBeFocused();
			await expect(text).toContainText("'PRIVATE-TOKEN': process.env.GITLAB_TOKEN ?? ''");
			await panel.getByRole('tab', { name: 'python-gitlab' }).click();
			await expect(text).toContainText(
				'project = gl.projects.get("diaspora/client-1", statistics="true")'
			);
			await u.path.fill('/projects');
			await u.query.fill('pagination=keyset&per_page=100&order_by=id&sort=asc');
			// One page, as the app asks for it: no client walks every page.
			await expect(text).toContainText('gl.projects.list(get_all=False, pagination="keyset"');
			await panel.getByRole('tab', { name: 'gitbeaker' }).click();
			await expect(text).toContainText(
				'JavaScript for Node 20 or later with @gitbeaker/rest 43: save it as request.mjs'
			);
			await expect(code).toContainText(
				"api.requester.get('projects', { searchParams: { pagination: 'keyset'"
			);
			await expect(code).not.toContainText('GITLAB_TOKEN!');
			await panel.getByRole('tab', { name: 'glab' }).click();
			await expect(text).toContainText('glab api');
			await expect(text).not.toContainText('--paginate');

			await panel.getByRole('checkbox', { name: 'Include the token in the code' }).check();
			await expect(text).toContainText("GITLAB_TOKEN='glpat-demo-token' glab api");
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(overflow).toBeLessThanOrEqual(0);
		});

		test('a Path on another server: no client names the token, and each says why', async ({
			page,
			axe
		}) => {
			const u = ui(page);
			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await u.path.fill('http://127.0.0.1:6102/api/v4/projects');
			await u.query.fill('per_page=5');
			await page.getByRole('button', { name: 'Code', exact: true }).click();
			const panel = page.getByRole('region', { name: 'Code for the request' });
			const code = panel.getByRole('region', { name: 'Generated code' });
			await panel.getByRole('checkbox', { name: 'Include the token in the code' }).check();
			for (const client of ['cURL', 'fetch', 'gitbeaker', 'python-gitlab', 'glab']) {
				await panel.getByRole('tab', { name: client }).click();
				await expect(code).toContainText('http://127.0.0.1:6102/api/v4/projects?per_page=5');
				await expect(code).toContainText('like the app, it sends no token, session or Sudo there');
				await expect(code).not.toContainText(/glpat-demo-token|GITLAB_TOKEN|PRIVATE-TOKEN/);
			}
			expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
		});
	});
}

// Live at one size: what is checked is the code run against the fake code host, not the layout.
test.describe('Live, wide (1280×800)', () => {
	test.use({ viewport: SIZES[0].viewport });

	test.beforeEach(async ({ page }) => {
		await goLive(page, FAKE_URLS.codehost);
	});

	test('the cURL, fetch, gitbeaker and python-gitlab code shown, run as they are against the fake code host, get the answer Send gets', async ({
		page
	}) => {
		const u = ui(page);
		await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
		await u.path.fill('/projects/{{project}}');
		await u.query.fill('');
		await page.getByRole('textbox', { name: 'project', exact: true }).fill('gitlab-org/server-2');
		await u.send.click();
		await expect(u.status).toHaveText('200 OK');
		await page.getByRole('button', { name: 'Code', exact: true }).click();
		const curl = await page
			.getByRole('region', { name: 'Code for the request' })
			.getByRole('region', { name: 'Generated code' })
			.innerText();
		const { stdout } = await run('/bin/sh', ['-c', `${curl} --silent`], {
			env: { ...process.env, GITLAB_TOKEN: 'glpat-demo-token' }
		});
		const project = JSON.parse(stdout);
		expect(project.name).toBe('Server 2');
		await expect(u.response).toContainText('"Server 2"');

		const panel = page.getByRole('region', { name: 'Code for the request' });
		await panel.getByRole('tab', { name: 'fetch' }).click();
		const fetchCode = await panel.getByRole('region', { name: 'Generated code' }).innerText();
		// Without colours: the test runner asks child processes for them.
		const node = await run(process.execPath, ['--input-type=module', '-e', fetchCode], {
			env: { ...process.env, GITLAB_TOKEN: 'glpat-demo-token', FORCE_COLOR: '0' }
		});
		// The snippet prints the status and the parsed answer.
		expect(node.stdout).toMatch(/^200 \{/);
		expect(node.stdout).toContain("name: 'Server 2'");

		// gitbeaker's code is plain JavaScript: saved as .mjs (where @gitbeaker/rest resolves), Node runs it.
		await panel.getByRole('tab', { name: 'gitbeaker' }).click();
		const gitbeaker = await panel.getByRole('region', { name: 'Generated code' }).innerText();
		const dir = join(process.cwd(), 'node_modules', '.cache', 'codegen-e2e');
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, 'request.mjs'), gitbeaker);
		const gb = await run(process.execPath, [join(dir, 'request.mjs')], {
			env: { ...process.env, GITLAB_TOKEN: 'glpat-demo-token', FORCE_COLOR: '0' }
		});
		expect(gb.stdout).toBe('Server 2\n');

		// python-gitlab's code, with Debian's python3-gitlab.
		await panel.getByRole('tab', { name: 'python-gitlab' }).click();
		const python = await panel.getByRole('region', { name: 'Generated code' }).innerText();
		writeFileSync(join(dir, 'request.py'), python);
		const py = await run('/usr/bin/python3', [join(dir, 'request.py')], {
			env: { ...process.env, GITLAB_TOKEN: 'glpat-demo-token' }
		}).catch((e: Error) => {
			throw new Error(
				`python-gitlab code did not run (is Debian's python3-gitlab installed? apt-get install -y python3-gitlab): ${e.message}`
			);
		});
		expect(py.stdout).toBe('Server 2\n');
	});
});
