import { describe, expect, it } from 'vitest';
import { ApiProblem } from '$lib/http/problem';
import { plainProblem } from '$lib/bible/reader/problem-words';
import { pickVoice } from '$lib/bible/verse-actions/speech';

const voice = (lang: string, localService = false, isDefault = false) => ({
	lang,
	localService,
	default: isDefault,
	name: lang
});

describe('Read aloud: a voice of the text’s language', () => {
	it('the same language first, the same region and a local voice preferred', () => {
		const voices = [voice('en-US', false, true), voice('es-MX'), voice('es-ES', true), voice('de')];
		expect(pickVoice(voices, 'es')?.lang).toBe('es-ES');
		expect(pickVoice(voices, 'es-MX')?.lang).toBe('es-MX');
		expect(pickVoice(voices, 'en')?.lang).toBe('en-US');
		expect(pickVoice([voice('en_GB')], 'en')?.lang).toBe('en_GB');
	});

	it('no voice of that language: none (the browser chooses by the text’s lang)', () => {
		expect(pickVoice([voice('en-US')], 'es')).toBeUndefined();
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
