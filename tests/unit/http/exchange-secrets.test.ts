import { expect, it } from 'vitest';
import { createClient } from '$lib/http/client';

it('a value given through secrets() is scrubbed from request and response header values too', async () => {
	const secret = 's3cret-value';
	const transport = (async () =>
		new Response('{}', {
			status: 200,
			headers: { 'content-type': 'application/json', 'x-echo-key': secret }
		})) as typeof fetch;
	const client = createClient({
		baseUrl: 'https://api.test',
		transport,
		secrets: () => [secret],
		env: { online: () => true, pageOrigin: () => 'https://api.test' }
	});
	const { exchange } = await client.send({
		method: 'GET',
		path: 'x',
		headers: { 'X-Api-Key': secret }
	});
	expect(JSON.stringify(exchange)).not.toContain(secret);
});
