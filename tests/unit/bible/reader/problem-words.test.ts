// Each kind of Bible server failure in the reader's words: what could not be read, what to do.
import { describe, expect, it, vi } from 'vitest';
import { DEMO_REMEDY, plainProblem, readerProblemWords } from '$lib/bible/reader/problem-words';
import { ApiProblem } from '$lib/http/problem';

const problem = (kind: string, status?: number) =>
	new ApiProblem({
		kind,
		status,
		method: 'GET',
		url: 'https://bible.example/api/v1/bibles/KJV/books/John/chapters/3',
		message: 'GET https://bible.example/api/v1/bibles/KJV/books/John/chapters/3 failed.',
		hint: 'x'
	} as ConstructorParameters<typeof ApiProblem>[0]);

describe('Bible server failures in plain words', () => {
	it.each([
		[
			'network',
			undefined,
			'The Bible server could not be reached',
			"John 3 could not be read: the server did not answer. Check that you are online and that the server's address in Settings is right, then try again."
		],
		[
			'cors',
			undefined,
			'The Bible server does not allow this app',
			"John 3 could not be read: the server answered, but its CORS settings do not let this app read the answer. Set a Proxy URL for the Bible in Settings (see `npm run proxy`), or ask the server's owner to allow this site."
		],
		[
			'timeout',
			undefined,
			'The Bible server took too long',
			'John 3 did not arrive in time. Try again in a moment.'
		],
		['aborted', undefined, 'Cancelled', 'Reading John 3 was cancelled.'],
		[
			'parse',
			undefined,
			'The Bible server sent something unreadable',
			'The answer for John 3 is not a Bible text this reader understands. Try again later, or choose another server in Settings.'
		],
		[
			'contract',
			undefined,
			'The Bible server sent something unreadable',
			'The answer for John 3 is not a Bible text this reader understands. Try again later, or choose another server in Settings.'
		],
		[
			'http',
			401,
			'The Bible server refused access',
			'John 3 needs a key the server accepts. Check the key in Settings.'
		],
		[
			'http',
			403,
			'The Bible server refused access',
			'John 3 needs a key the server accepts. Check the key in Settings.'
		],
		['http', 404, 'Not found', 'The Bible server does not have John 3.'],
		[
			'http',
			429,
			'The Bible server is busy',
			'Too many requests were made just now. Wait a minute, then try again.'
		],
		[
			'http',
			500,
			'The Bible server had a problem',
			'The server failed while sending John 3 (error 500). This is not something you did; try again in a moment.'
		],
		[
			'http',
			499,
			'The Bible server refused the request',
			'John 3 could not be read (error 499). Try again, or check the server in Settings.'
		],
		[
			'http',
			400,
			'The Bible server refused the request',
			'John 3 could not be read (error 400). Try again, or check the server in Settings.'
		],
		[
			'http',
			undefined,
			'The Bible server refused the request',
			'John 3 could not be read. Try again, or check the server in Settings.'
		]
	])('%s %s: “%s”', (kind, status, title, text) => {
		expect(plainProblem(problem(kind, status), 'John 3')).toEqual({ title, text });
	});

	it('says so when the device is offline, not that the server is away', () => {
		vi.stubGlobal('navigator', { onLine: false });
		try {
			expect(plainProblem(problem('network'), 'the list of translations')).toEqual({
				title: 'You are offline',
				text: 'The list of translations could not be read: you are offline. Reconnect, then try again.'
			});
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('names what was asked for, with a capital where it starts the sentence', () => {
		expect(plainProblem(problem('timeout'), 'the list of translations').text).toBe(
			'The list of translations did not arrive in time. Try again in a moment.'
		);
		expect(plainProblem(problem('parse'), 'the list of translations').text).toBe(
			'The answer for the list of translations is not a Bible text this reader understands. Try again later, or choose another server in Settings.'
		);
	});
});

describe('the reader in Demo mode', () => {
	it('puts a failure the demo simulates for a server in plain words, without the request or its address', () => {
		for (const [kind, status] of [
			['http', 500],
			['network', undefined],
			['parse', 200]
		] as const) {
			const words = readerProblemWords(problem(kind, status), 'John 4');
			expect(words).toEqual(plainProblem(problem(kind, status), 'John 4'));
			expect(`${words.title} ${words.text}`).not.toMatch(/https?:|GET/);
		}
	});

	it('tells how to stop a failure the demo simulates, not to change a server or key it does not have', () => {
		for (const [kind, status, said] of [
			['http', 500, 'The server failed while sending John 4 (error 500).'],
			['http', 503, 'The server failed while sending John 4 (error 503).'],
			['http', 429, 'Too many requests were made just now.'],
			['http', 403, 'John 4 needs a key the server accepts.'],
			['network', undefined, 'John 4 could not be read: the server did not answer.'],
			['timeout', undefined, 'John 4 did not arrive in time.'],
			['parse', 200, 'The answer for John 4 is not a Bible text this reader understands.']
		] as const) {
			const words = readerProblemWords(problem(kind, status), 'John 4', 'demo');
			expect(words.title).toBe(plainProblem(problem(kind, status), 'John 4').title);
			expect(words.text).toBe(`${said} ${DEMO_REMEDY}`);
			expect(words.text).toContain('Settings, Demo failures');
			expect(words.text).not.toMatch(/another server|the key|address/);
		}
	});

	it('keeps the words of what the demo answers itself, and of being offline, in Demo mode', () => {
		for (const [kind, status] of [
			['http', 404],
			['http', 400],
			['aborted', undefined],
			['contract', undefined]
		] as const)
			expect(readerProblemWords(problem(kind, status), 'John 4', 'demo')).toEqual(
				plainProblem(problem(kind, status), 'John 4')
			);
		vi.stubGlobal('navigator', { onLine: false });
		try {
			expect(readerProblemWords(problem('network'), 'John 4', 'demo')).toEqual({
				title: 'You are offline',
				text: 'John 4 could not be read: you are offline. Reconnect, then try again.'
			});
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it("keeps the demo's own failure as it says it: the demo's text or code did not arrive", () => {
		const own = (demoFailure: boolean) =>
			new ApiProblem({
				kind: 'network',
				method: 'GET',
				url: 'https://bible.demo/api/v1/bibles',
				message: 'The demo could not be loaded: the app’s own files did not arrive.',
				hint: 'Check your connection, then try again.',
				demoFailure
			});
		expect(readerProblemWords(own(true), 'John 3')).toEqual({
			title: 'The demo could not be loaded: the app’s own files did not arrive.',
			text: 'Check your connection, then try again.'
		});
		// Told apart by the mark the demo puts on it, not by its words.
		expect(readerProblemWords(own(false), 'John 3').title).toBe(
			'The Bible server could not be reached'
		);
	});
});

describe('server errors in plain words', () => {
	const problem = (init: Partial<ConstructorParameters<typeof ApiProblem>[0]>) =>
		new ApiProblem({
			kind: 'http',
			method: 'GET',
			url: 'https://bible.example/api/v1/bibles/KJV/books/John/chapters/3',
			message: 'GET https://bible.example/api/v1/bibles/KJV/books/John/chapters/3 answered 500.',
			hint: 'x',
			...init
		} as ConstructorParameters<typeof ApiProblem>[0]);

	it.each([
		[{ kind: 'http', status: 500 }, 'The Bible server had a problem', 'error 500'],
		[{ kind: 'http', status: 503 }, 'The Bible server had a problem', 'error 503'],
		[{ kind: 'http', status: 429 }, 'busy', 'Wait a minute'],
		[{ kind: 'http', status: 401 }, 'refused access', 'key'],
		[{ kind: 'network' }, 'could not be reached', 'online'],
		[{ kind: 'timeout' }, 'too long', 'in time'],
		[{ kind: 'parse' }, 'unreadable', 'understands']
	] as const)('%o says what happened, and never the address', (init, title, text) => {
		const words = plainProblem(problem(init), 'John 3');
		expect(words.title).toContain(title);
		expect(words.text).toContain(text);
		expect(`${words.title} ${words.text}`).not.toMatch(/https?:|\/api\/|GET /);
	});
});
