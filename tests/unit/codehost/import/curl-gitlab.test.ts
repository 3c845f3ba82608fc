/**
 * Commands from GitLab's API documentation pasted into Import cURL, and what the explorer then
 * sends, set beside what curl 7.88 sent for the same command to a recording server (written here
 * as `curl sent`). Where the explorer cannot send what curl sends (a file from the disk), the
 * notes say so.
 */
import { AreaSession } from '$lib/settings/area-session.svelte';
import { describe, expect, it } from 'vitest';
import { parseCurl, toRequest } from '$lib/codehost/import/curl';
import { ExplorerState } from '$lib/codehost/explorer.svelte';
import { HistoryStore } from '$lib/codehost/history/history';
import { createClient } from '$lib/http/client';

const ROOT_URL = 'https://gitlab.example.com/api/v4';
const FILE_NOTE = 'a page cannot read a file from your disk by its name';

/** An explorer at `root` whose requests are recorded and answered 200 `{}`. */
function explorerAt(root = ROOT_URL) {
	const sent: Request[] = [];
	const transport: typeof fetch = async (input, init) => {
		sent.push(new Request(input, init));
		return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
	};
	const explorer = new ExplorerState(
		new AreaSession({
			service: 'codehost',
			mode: 'demo',
			apiRoot: root,
			secret: '',
			client: ({ secrets, onExchange } = {}) =>
				createClient({
					baseUrl: root,
					transport,
					secrets,
					onExchange,
					env: { online: () => true, pageOrigin: () => undefined }
				})
		}),
		new HistoryStore(0)
	);
	return { explorer, sent };
}

/** Imports the command, sends it, and returns the one request that went out. */
async function importAndSend(command: string, root = ROOT_URL, token = '') {
	const { explorer, sent } = explorerAt(root);
	expect(explorer.tools.importCurl(command)).toBe(true);
	if (token) explorer.auth.token = token;
	await explorer.exchange.send();
	expect(sent).toHaveLength(1);
	return { request: sent[0]!, notes: explorer.tools.curlImport!.notes, explorer };
}

/** A multipart body's fields in order, a file as its name. */
async function formFields(request: Request): Promise<[string, string][]> {
	return [...(await request.formData()).entries()].map(([k, v]) => [
		k,
		typeof v === 'string' ? v : `(file ${v.name})`
	]);
}

describe('Import cURL sends what curl sends (GitLab’s documented commands)', () => {
	it('--request GET --head: curl sends GET (-X wins over the HEAD that --head implies), and so does the explorer', async () => {
		// curl sent: GET /api/v4/projects/13083/repository/files/app%2Fmodels%2Fkey%2Erb?ref=main
		const { request, notes } = await importAndSend(
			`curl --request GET --head --header "PRIVATE-TOKEN: <your_access_token>" "https://gitlab.example.com/api/v4/projects/13083/repository/files/app%2Fmodels%2Fkey%2Erb?ref=main"`,
			ROOT_URL,
			'glpat-mine'
		);
		expect(request.method).toBe('GET');
		expect(request.url).toBe(
			'https://gitlab.example.com/api/v4/projects/13083/repository/files/app%2Fmodels%2Fkey%2Erb?ref=main'
		);
		expect(request.headers.get('private-token')).toBe('glpat-mine');
		expect(notes).toEqual([
			'The command has <your_access_token> in place of the token: paste yours into the Token field.'
		]);
		// --head alone is curl's HEAD, which the explorer does not send: said, not sent as GET.
		expect(() =>
			toRequest(
				parseCurl(`curl --head "${ROOT_URL}/projects/1/repository/files/a?ref=main"`),
				ROOT_URL
			)
		).toThrow('The command uses HEAD');
	});

	it('--upload-file FILE URL: a PUT whose whole body is the file the person chooses; nothing is sent before', async () => {
		// curl sent: PUT /api/v4/projects/24/packages/generic/my_package/0.0.1/file.txt, body: the file.
		const { explorer, sent } = explorerAt();
		expect(
			explorer.tools.importCurl(
				`curl --location --header "PRIVATE-TOKEN: <your_access_token>" --upload-file path/to/file.txt "https://gitlab.example.com/api/v4/projects/24/packages/generic/my_package/0.0.1/file.txt"`
			)
		).toBe(true);
		expect(explorer.tools.curlImport!.notes).toContain(
			`--upload-file path/to/file.txt: curl sends the contents of path/to/file.txt as the whole body; ${FILE_NOTE}. Choose it under “File to send as the body”; nothing is sent until you do.`
		);
		expect(explorer.form.fileSlot).toEqual({ field: null, source: 'path/to/file.txt' });
		await explorer.exchange.send();
		expect(sent).toHaveLength(0);
		expect(explorer.form.inputError).toContain('Choose the file to send as the whole body');
		explorer.form.file = new File(['package bytes'], 'file.txt', { type: 'text/plain' });
		await explorer.exchange.send();
		expect(sent).toHaveLength(1);
		const request = sent[0]!;
		expect(request.method).toBe('PUT');
		expect(request.url).toBe(
			'https://gitlab.example.com/api/v4/projects/24/packages/generic/my_package/0.0.1/file.txt'
		);
		expect(await request.text()).toBe('package bytes');
		expect(request.headers.get('content-type')).toBe('text/plain');
		// -T to an address ending in / adds the file's name, as curl does.
		expect(parseCurl(`curl -T path/to/file.txt ${ROOT_URL}/uploads/`).url).toBe(
			`${ROOT_URL}/uploads/file.txt`
		);
		// An explicit method wins over the PUT that -T implies.
		expect(parseCurl(`curl -T f.txt -X POST ${ROOT_URL}/x`).method).toBe('POST');
	});

	it.each([
		['--cacert', 'ca.pem'],
		['--proxy', 'http://proxy.example:3128'],
		['--resolve', 'gitlab.example.com:443:127.0.0.1'],
		['-E', 'client.pem'],
		['--connect-to', '::127.0.0.1:8443'],
		['--aws-sigv4', 'aws:amz:us-east-1:s3'],
		['--limit-rate', '100K'],
		['-r', '0-99'],
		['--cert-type', 'PEM']
	])(
		'%s takes a value in curl: its value is not read as the URL, and it is listed as left out',
		(option, value) => {
			const parsed = parseCurl(`curl ${option} ${value} "${ROOT_URL}/projects"`);
			expect(parsed.url).toBe(`${ROOT_URL}/projects`);
			expect(parsed.notes).toEqual([
				`${option} and its value: a curl setting the explorer does not use; left out.`
			]);
		}
	);

	it('--data "@auth.txt": curl sends the file’s contents; the explorer sends no made-up %40auth.txt= field, and says the file is needed', async () => {
		// curl sent: POST /oauth/token, body grant_type=password&username=…&password=… (the file).
		const { request, notes } = await importAndSend(
			`curl --data "@auth.txt" --request POST "https://gitlab.example.com/oauth/token"`
		);
		expect(request.method).toBe('POST');
		expect(request.url).toBe('https://gitlab.example.com/oauth/token');
		expect(await request.text()).toBe('');
		expect(notes).toEqual([
			`--data @auth.txt: curl sends the contents of the file auth.txt in the body, without their line breaks; ${FILE_NOTE}: type them under Parameters.`
		]);
	});

	it('--data-binary @file and --data-urlencode name@file are files too; the literal parts are still sent', () => {
		const binary = parseCurl(
			`curl --request POST --header "Content-Type: application/json" --data-binary "@payload.json" "${ROOT_URL}/projects/1/pipeline"`
		);
		expect(binary.body).toBeUndefined();
		expect(binary.bodyFiles).toEqual(['payload.json']);
		expect(binary.notes).toEqual([
			`--data-binary @payload.json: curl sends the contents of the file payload.json in the body, as they are; ${FILE_NOTE}: type them under Parameters.`
		]);
		const r = toRequest(binary, ROOT_URL);
		expect(r.request).toMatchObject({ method: 'POST', bodyKind: 'json', params: '' });

		const encoded = parseCurl(
			`curl --request POST --data "title=Example" --data-urlencode "content@snippet.rb" "${ROOT_URL}/snippets"`
		);
		expect(encoded.body).toBe('title=Example');
		expect(encoded.notes).toEqual([
			`--data-urlencode content@snippet.rb: curl sends the contents of the file snippet.rb URL-encoded, as the value of content; ${FILE_NOTE}: type them under Parameters.`
		]);
		expect(JSON.parse(toRequest(encoded, ROOT_URL).request.params)).toEqual({ title: 'Example' });
	});

	it('/oauth/token/info on the API root’s server keeps its own path (not /api/v4/oauth/…), with no note about another server', async () => {
		// curl sent: GET /oauth/token/info?access_token=…
		const { request, notes, explorer } = await importAndSend(
			`curl "https://gitlab.example.com/oauth/token/info?access_token=<OAUTH-TOKEN>"`,
			ROOT_URL,
			'oauth-1'
		);
		expect(explorer.form.path).toBe('https://gitlab.example.com/oauth/token/info');
		expect(request.url).toBe('https://gitlab.example.com/oauth/token/info?access_token=oauth-1');
		expect(notes).toEqual([
			'The command has <OAUTH-TOKEN> in place of the token: paste yours into the Token field.'
		]);
	});

	it('the GraphQL endpoint: at its own path on the API root’s server; from another server, at the same path on the current one, and the note says which', async () => {
		const command = `curl "https://gitlab.com/api/graphql" --header "Authorization: Bearer $GRAPHQL_TOKEN" --header "Content-Type: application/json" --request POST --data "{\\"query\\": \\"query {currentUser {name}}\\"}"`;
		// curl sent: POST /api/graphql, Content-Type: application/json, {"query": "query {currentUser {name}}"}
		const same = await importAndSend(command, 'https://gitlab.com/api/v4', 'tok-1');
		expect(same.request.method).toBe('POST');
		expect(same.request.url).toBe('https://gitlab.com/api/graphql');
		expect(same.request.headers.get('content-type')).toBe('application/json');
		expect(same.request.headers.get('authorization')).toBe('Bearer tok-1');
		expect(await same.request.json()).toEqual({ query: 'query {currentUser {name}}' });
		expect(same.notes).toEqual([
			'The token comes from $GRAPHQL_TOKEN in the command: paste it into the Token field.'
		]);

		const other = await importAndSend(command, ROOT_URL);
		expect(other.request.url).toBe('https://gitlab.example.com/api/graphql');
		expect(other.notes[0]).toBe(
			'The command went to https://gitlab.com; it is loaded at the current server, https://gitlab.example.com. Change the base URL in Settings to send it there.'
		);
	});

	it('$CI_PROJECT_ID, ${CI_PROJECT_ID} and "$VAR" become {{variables}} named in the note; with a value they are sent filled', async () => {
		// curl sent (CI_PROJECT_ID=42): GET /api/v4/projects/42/releases?per_page=5, JOB-TOKEN: the job's.
		const command = `curl --header "JOB-TOKEN: $CI_JOB_TOKEN" "https://gitlab.example.com/api/v4/projects/$CI_PROJECT_ID/releases?per_page=\${PER_PAGE}"`;
		const r = toRequest(parseCurl(command), ROOT_URL);
		expect(r.request).toMatchObject({
			path: '/projects/{{CI_PROJECT_ID}}/releases',
			query: 'per_page={{PER_PAGE}}',
			auth: { method: 'job', way: 'job-token-header' }
		});
		expect(r.token).toBe('');
		expect(r.notes).toEqual([
			'The token comes from $CI_JOB_TOKEN in the command: paste it into the Token field.',
			'The shell’s values of $CI_PROJECT_ID, $PER_PAGE: here they are the variables {{CI_PROJECT_ID}}, {{PER_PAGE}}; give them values in the environment.'
		]);

		const { explorer, sent } = explorerAt();
		expect(explorer.tools.importCurl(command)).toBe(true);
		explorer.environments.setValue('CI_PROJECT_ID', '42');
		explorer.environments.setValue('PER_PAGE', '5');
		explorer.auth.token = 'job-1';
		await explorer.exchange.send();
		expect(sent[0]!.url).toBe('https://gitlab.example.com/api/v4/projects/42/releases?per_page=5');
		expect(sent[0]!.headers.get('job-token')).toBe('job-1');
	});

	it('the commits API’s repeated --form "actions[][…]" fields: all 18 are sent, in curl’s order, the list written actions[0][…] to actions[4][…]', async () => {
		const command = `curl --request POST \\
     --form "branch=main" \\
     --form "commit_message=some commit message" \\
     --form "start_branch=main" \\
     --form "actions[][action]=create" \\
     --form "actions[][file_path]=foo/bar" \\
     --form "actions[][content]=</path/to/local.file" \\
     --form "actions[][action]=delete" \\
     --form "actions[][file_path]=foo/bar2" \\
     --form "actions[][action]=move" \\
     --form "actions[][file_path]=foo/bar3" \\
     --form "actions[][previous_path]=foo/bar4" \\
     --form "actions[][content]=</path/to/local1.file" \\
     --form "actions[][action]=update" \\
     --form "actions[][file_path]=foo/bar5" \\
     --form "actions[][content]=</path/to/local2.file" \\
     --form "actions[][action]=chmod" \\
     --form "actions[][file_path]=foo/bar5" \\
     --form "actions[][execute_filemode]=true" \\
     --header "PRIVATE-TOKEN: <your_access_token>" \\
     "https://gitlab.example.com/api/v4/projects/$CI_PROJECT_ID/repository/commits"`;
		// curl sent these 18 fields in this order (the contents read from the three local files).
		const curlSent: [string, string][] = [
			['branch', 'main'],
			['commit_message', 'some commit message'],
			['start_branch', 'main'],
			['actions[][action]', 'create'],
			['actions[][file_path]', 'foo/bar'],
			['actions[][content]', '(local.file)'],
			['actions[][action]', 'delete'],
			['actions[][file_path]', 'foo/bar2'],
			['actions[][action]', 'move'],
			['actions[][file_path]', 'foo/bar3'],
			['actions[][previous_path]', 'foo/bar4'],
			['actions[][content]', '(local1.file)'],
			['actions[][action]', 'update'],
			['actions[][file_path]', 'foo/bar5'],
			['actions[][content]', '(local2.file)'],
			['actions[][action]', 'chmod'],
			['actions[][file_path]', 'foo/bar5'],
			['actions[][execute_filemode]', 'true']
		];
		const { explorer, sent } = explorerAt();
		expect(explorer.tools.importCurl(command)).toBe(true);
		const notes = explorer.tools.curlImport!.notes;
		explorer.environments.setValue('CI_PROJECT_ID', '7');
		await explorer.exchange.send();
		const request = sent[0]!;
		expect(request.method).toBe('POST');
		expect(request.url).toBe('https://gitlab.example.com/api/v4/projects/7/repository/commits');
		const fields = await formFields(request);
		expect(fields).toHaveLength(18);
		// The same names but for the hash's index, the same order; a file's text is typed in its place.
		const indexes = ['0', '0', '0', '1', '1', '2', '2', '2', '2', '3', '3', '3', '4', '4', '4'];
		expect(fields).toEqual(
			curlSent.map(([name, value], i) => [
				name.replace('[]', `[${indexes[i - 3] ?? ''}]`),
				value.startsWith('(') ? '' : value
			])
		);
		expect(notes).toEqual([
			`--form actions[][content]=</path/to/local.file: curl sends the text of the file /path/to/local.file as the field actions[][content]; ${FILE_NOTE}: type that text into its place under Parameters (it is empty now).`,
			`--form actions[][content]=</path/to/local1.file: curl sends the text of the file /path/to/local1.file as the field actions[][content]; ${FILE_NOTE}: type that text into its place under Parameters (it is empty now).`,
			`--form actions[][content]=</path/to/local2.file: curl sends the text of the file /path/to/local2.file as the field actions[][content]; ${FILE_NOTE}: type that text into its place under Parameters (it is empty now).`,
			'The command has <your_access_token> in place of the token: paste yours into the Token field.',
			'The fields actions[][…] as written: they are sent as actions[0][…] to actions[4][…], the same list of 5 hashes in the same order.',
			'The shell’s value of $CI_PROJECT_ID: here it is the variable {{CI_PROJECT_ID}}; give it a value in the environment.'
		]);
	});

	it('the brief’s shorter commits form: 2 hashes, 7 fields, in order', async () => {
		const { explorer, sent } = explorerAt();
		explorer.tools.importCurl(
			`curl --request POST --header "PRIVATE-TOKEN: <your_access_token>" --form "branch=main" --form "actions[][action]=create" --form "actions[][file_path]=foo/bar" --form "actions[][content]=some content" --form "actions[][action]=delete" --form "actions[][file_path]=foo/bar2" "https://gitlab.example.com/api/v4/projects/$CI_PROJECT_ID/repository/commits"`
		);
		expect(JSON.parse(explorer.form.params)).toEqual({
			branch: 'main',
			actions: [
				{ action: 'create', file_path: 'foo/bar', content: 'some content' },
				{ action: 'delete', file_path: 'foo/bar2' }
			]
		});
		explorer.environments.setValue('CI_PROJECT_ID', '7');
		await explorer.exchange.send();
		expect(await formFields(sent[0]!)).toEqual([
			['branch', 'main'],
			['actions[0][action]', 'create'],
			['actions[0][file_path]', 'foo/bar'],
			['actions[0][content]', 'some content'],
			['actions[1][action]', 'delete'],
			['actions[1][file_path]', 'foo/bar2']
		]);
	});

	it('--form "avatar=@dk.png": the field name avatar is kept with the file, and the note says how the explorer sends a chosen file', async () => {
		// curl sent: PUT /api/v4/projects/5, one part: name="avatar"; filename="dk.png".
		const parsed = parseCurl(
			`curl --request PUT --header "PRIVATE-TOKEN: <your_access_token>" --form "avatar=@dk.png" "https://gitlab.example.com/api/v4/projects/5"`
		);
		expect(parsed.method).toBe('PUT');
		expect(parsed.files).toEqual([{ field: 'avatar', file: 'dk.png' }]);
		expect(parsed.form).toEqual([]);
		const r = toRequest(parsed, ROOT_URL);
		expect(r.request).toMatchObject({ method: 'PUT', path: '/projects/5', bodyKind: 'multipart' });
		expect(r.request.fileSlot).toEqual({ field: 'avatar', source: 'dk.png' });
		expect(r.notes[0]).toBe(
			`--form avatar=@dk.png: ${FILE_NOTE}. Choose dk.png under “File for avatar”; nothing is sent until you do.`
		);
		const { explorer, sent } = explorerAt();
		explorer.tools.importCurl(
			`curl --request PUT --form "avatar=@dk.png" "https://gitlab.example.com/api/v4/projects/5"`
		);
		await explorer.exchange.send();
		expect(sent, 'nothing goes before the file is chosen').toHaveLength(0);
		explorer.form.file = new File(['png'], 'dk.png', { type: 'image/png' });
		await explorer.exchange.send();
		expect(await formFields(sent[0]!)).toEqual([['avatar', '(file dk.png)']]);
		// A quoted file name with ; and type= after it.
		expect(parseCurl(`curl -F 'avatar=@"my;pic.png";type=image/png' ${ROOT_URL}/x`).files).toEqual([
			{ field: 'avatar', file: 'my;pic.png' }
		]);
	});

	it('curl A && curl --request DELETE B: refused as two requests, nothing of B read into A', () => {
		const { explorer } = explorerAt();
		const before = explorer.form.request();
		const commands: [string, string][] = [
			[
				`curl --header "PRIVATE-TOKEN: <your_access_token>" "https://gitlab.example.com/api/v4/projects/1" && curl --request DELETE --header "PRIVATE-TOKEN: <your_access_token>" "https://gitlab.example.com/api/v4/projects/2"`,
				'“&&”'
			],
			[`curl ${ROOT_URL}/projects/1 || curl -X DELETE ${ROOT_URL}/projects/2`, '“||”'],
			[`curl ${ROOT_URL}/projects/1; curl -X DELETE ${ROOT_URL}/projects/2`, '“;”'],
			[`curl ${ROOT_URL}/projects/1 & curl -X DELETE ${ROOT_URL}/projects/2`, '“&”'],
			[`curl ${ROOT_URL}/projects/1\ncurl -X DELETE ${ROOT_URL}/projects/2`, 'a line break']
		];
		for (const [command, after] of commands) {
			expect(explorer.tools.importCurl(command)).toBe(false);
			expect(explorer.tools.curlImport!.message).toBe(
				`Not imported: The text holds 2 curl commands (the second after ${after}), and each is a request of its own: import them one at a time.`
			);
			expect(explorer.form.request()).toEqual(before);
		}
		// curl's own --next starts a second request as well.
		expect(() =>
			parseCurl(`curl ${ROOT_URL}/projects/1 --next -X DELETE ${ROOT_URL}/projects/2`)
		).toThrow(
			'The command holds more than one request (--next starts another): import them one at a time.'
		);
	});

	it('a command after the curl command (| jq, ; echo) is not read into the request; an escaped line break is not a break', () => {
		const piped = parseCurl(
			`curl --request DELETE "${ROOT_URL}/projects/1" | jq .\necho done -X POST -d x=1`
		);
		expect(piped).toMatchObject({ method: 'DELETE', url: `${ROOT_URL}/projects/1` });
		expect(piped.body).toBeUndefined();
		expect(piped.notes).toEqual([
			'The command “jq” (after “|”) is not part of the request.',
			'The command “echo” (on a line of its own) is not part of the request.'
		]);
		const continued = parseCurl(`curl --request DELETE \\\n  "${ROOT_URL}/projects/1"`);
		expect(continued).toMatchObject({ method: 'DELETE', url: `${ROOT_URL}/projects/1`, notes: [] });
		// A line break inside quotes is part of the word (a JSON body over several lines).
		const body = parseCurl(`curl ${ROOT_URL}/x --data '{\n  "a": 1\n}'`);
		expect(body.body).toBe('{\n  "a": 1\n}');
		expect(body.notes).toEqual([]);
	});
});
