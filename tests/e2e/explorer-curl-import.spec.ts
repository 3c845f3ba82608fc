/** Import cURL: a command with a token fills the form, the token moves to the Token field, and sends. */
import { goLive, ui } from './explorer-helpers';
import { expect, FAKE_URLS, RUNS, test } from './fixtures';

for (const { mode, size } of RUNS) {
	test.describe(`${mode}, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });
		const apiRoot = `${mode === 'Live' ? FAKE_URLS.codehost : 'https://codehost.demo'}/api/v4`;

		test.beforeEach(async ({ page }) => {
			if (mode === 'Live') await goLive(page, FAKE_URLS.codehost);
			else await page.goto('/explorer');
		});

		test('a cURL command with a token fills the form, the token leaves the command for the Token field, unknown parts are listed, and it sends', async ({
			page
		}) => {
			const u = ui(page);
			await page.getByRole('button', { name: 'Import cURL' }).click();
			const field = page.getByRole('textbox', { name: 'cURL command' });
			await expect(field).toBeFocused();
			await field.fill(
				`curl '${apiRoot}/projects?per_page=2&order_by=id' \\\n  -H 'PRIVATE-TOKEN: glpat-demo-token' \\\n  -H 'sec-fetch-mode: cors' -H 'X-Trace: 9' --frobnicate`
			);
			await page.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(
				page.getByRole('status').filter({ hasText: 'Imported GET /projects' })
			).toHaveText(/the token is in the Token field/);
			const notTaken = page.getByRole('list', { name: 'Not taken from the command' });
			await expect(notTaken.getByRole('listitem')).toHaveText([
				'--frobnicate: not understood, left out.',
				'sec-fetch-mode: left out (the browser sets it).'
			]);
			await expect(field).toHaveValue('');
			await expect(u.token).toHaveValue('glpat-demo-token');
			await expect(u.authMethod.locator('option:checked')).toHaveText(
				'Personal, project or group access token'
			);
			// The URL bar shows the path with its query, as it will be sent.
			await expect(u.path).toHaveValue('/projects?per_page=2&order_by=id');
			await expect(u.query).toHaveValue('per_page=2&order_by=id');
			await expect(page.getByRole('textbox', { name: 'Request headers' })).toHaveValue(
				'X-Trace: 9'
			);
			await u.send.click();
			await expect(u.status).toHaveText('200 OK');
			await expect(u.response).toContainText('"Client 1"');
			// The token is shown nowhere but in its field.
			for (const status of await page.getByRole('status').all())
				await expect(status).not.toContainText('glpat-demo-token');
			await expect(page.getByText(/^Will send/)).not.toContainText('glpat-demo-token');
			await expect(u.response).not.toContainText('glpat-demo-token');

			await field.fill('wget https://example.com');
			await page.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(page.getByText('Not imported: This is not a cURL command')).toBeVisible();
			await expect(u.path).toHaveValue('/projects?per_page=2&order_by=id');
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(overflow).toBeLessThanOrEqual(0);
		});

		test('a shell variable in the command ($CI_PROJECT_ID) becomes the variable {{CI_PROJECT_ID}}, named in the notes; with a value it sends', async ({
			page
		}) => {
			const u = ui(page);
			await page.getByRole('button', { name: 'Import cURL' }).click();
			await page
				.getByRole('textbox', { name: 'cURL command' })
				.fill(
					`curl --header "PRIVATE-TOKEN: glpat-demo-token" "${apiRoot}/projects/$CI_PROJECT_ID"`
				);
			await page.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(
				page.getByRole('status').filter({ hasText: 'Imported GET /projects/{{CI_PROJECT_ID}}' })
			).toBeVisible();
			await expect(
				page.getByRole('list', { name: 'Not taken from the command' }).getByRole('listitem')
			).toHaveText([
				'The shell’s value of $CI_PROJECT_ID: here it is the variable {{CI_PROJECT_ID}}; give it a value in the environment.'
			]);
			await expect(u.path).toHaveValue('/projects/{{CI_PROJECT_ID}}');
			await page.getByRole('textbox', { name: 'CI_PROJECT_ID', exact: true }).fill('1');
			await u.send.click();
			await expect(u.status).toHaveText('200 OK');
			await expect(u.response).toContainText('"Client 1"');
		});

		test('two curl commands joined by && are refused, and nothing of the second (its DELETE) reaches the form', async ({
			page
		}) => {
			const u = ui(page);
			await expect(u.method).toHaveValue('GET');
			const pathBefore = await u.path.inputValue();
			const authBefore = await u.authMethod.inputValue();
			await page.getByRole('button', { name: 'Import cURL' }).click();
			const field = page.getByRole('textbox', { name: 'cURL command' });
			const command = `curl --header "PRIVATE-TOKEN: glpat-demo-token" "${apiRoot}/projects/1" && curl --request DELETE --header "PRIVATE-TOKEN: glpat-demo-token" "${apiRoot}/projects/2"`;
			await field.fill(command);
			await page.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(
				page.getByText(
					'Not imported: The text holds 2 curl commands (the second after “&&”), and each is a request of its own: import them one at a time.'
				)
			).toBeVisible();
			await expect(u.method).toHaveValue('GET');
			await expect(u.path).toHaveValue(pathBefore);
			await expect(u.authMethod).toHaveValue(authBefore);
			// The command stays, to be split by hand.
			await expect(field).toHaveValue(command);
		});

		test('a --form file=@path field: the file input is named for the field, Send refuses until the file is chosen, then the chosen file goes', async ({
			page
		}) => {
			const u = ui(page);
			await page.getByRole('button', { name: 'Import cURL' }).click();
			await page
				.getByRole('textbox', { name: 'cURL command' })
				.fill(
					`curl --request POST --header "PRIVATE-TOKEN: glpat-demo-token" --form "path=api-project" --form "file=@/path/to/project.tar.gz" "${apiRoot}/projects/import"`
				);
			await page.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(
				page.getByRole('list', { name: 'Not taken from the command' }).getByRole('listitem')
			).toContainText([
				'--form file=@/path/to/project.tar.gz: a page cannot read a file from your disk by its name. Choose /path/to/project.tar.gz under “File for file”; nothing is sent until you do.'
			]);
			const chooser = page.getByLabel('File for file');
			await expect(
				page.getByText(/This request sends “\/path\/to\/project.tar.gz” from your computer/)
			).toBeVisible();
			await u.send.click();
			await expect(page.getByRole('alert').filter({ hasText: 'Not sent' })).toHaveText(
				/Choose the file to send as the field “file” under File first/
			);
			// Nothing went out, so no answer is shown.
			await expect(u.status).toHaveCount(0);
			await chooser.setInputFiles({
				name: 'project.tar.gz',
				mimeType: 'application/gzip',
				buffer: Buffer.from('tar bytes')
			});
			await u.send.click();
			await expect(u.status).toHaveText('201 Created');
			await expect(u.response).toContainText('"project.tar.gz"');
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(overflow).toBeLessThanOrEqual(0);
		});
	});
}
