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

it('a token echoed in the URLs of a Link header is redacted in the exchange record; the response keeps it', async () => {
	const link =
		'<https://api.test/api/v4/projects?page=2&private_token=glpat-echoed>; rel="next", <https://api.test/api/v4/projects?page=1&private_token=glpat-echoed>; rel="first"';
	const transport = (async () =>
		new Response('[]', {
			status: 200,
			headers: { 'content-type': 'application/json', link }
		})) as typeof fetch;
	const client = createClient({
		baseUrl: 'https://api.test',
		transport,
		env: { online: () => true, pageOrigin: () => 'https://api.test' }
	});
	const { exchange, response } = await client.send({ method: 'GET', path: 'projects' });
	expect(JSON.stringify(exchange)).not.toContain('glpat-echoed');
	expect(exchange.responseHeaders['link']).toContain(
		'page=2&private_token=[redacted]>; rel="next"'
	);
	// Following a Link uses the URL as given (CH-KEY-2), so the raw answer is untouched.
	expect(response.headers.get('link')).toBe(link);
});
