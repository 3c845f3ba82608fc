import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { filesOf, idsOf, keepBoth, NOTES_PATH, readFiles, slug } from '$lib/your-data/sync-files';
import { filledData } from './fixtures';

describe('your data as repository files', () => {
	it('one readable file per saved request and environment, and the notes and plans', () => {
		const files = filesOf(filledData());
		expect([...files.keys()].sort()).toEqual([
			'bible/notes.json',
			'bible/plans.json',
			'environments/default.json',
			'environments/staging.json',
			'requests/projects/list-projects.json',
			'requests/projects/one-project.json',
			'requests/unicode-more/create-issue.json'
		]);
		const text = files.get('requests/projects/list-projects.json')!;
		expect(text).toMatch(/^\{\n {2}"collection": "Projects",\n {2}"format"/);
		expect(text.endsWith('}\n')).toBe(true);
	});

	it('the same data writes the same bytes, whatever the key order', () => {
		const a = filledData();
		const b = filledData();
		b.collections[0]!.requests[0] = Object.fromEntries(
			Object.entries(b.collections[0]!.requests[0]!).reverse()
		) as (typeof a.collections)[0]['requests'][0];
		expect([...filesOf(a)]).toEqual([...filesOf(b)]);
	});

	it('a secret variable is written by name only, its value empty', () => {
		const data = filledData();
		data.environments[1]!.values.api_token = 'do-not-write-me';
		const text = filesOf(data).get('environments/staging.json')!;
		expect(text).not.toContain('do-not-write-me');
		expect(JSON.parse(text)).toMatchObject({ values: { api_token: '', project: '42' } });
	});

	it('reads back every item with the ids and order it had here', () => {
		const data = filledData();
		// An order that is not the files' (alphabetical) order.
		data.collections.reverse();
		data.collections[1]!.requests.reverse();
		data.environments.reverse();
		const read = readFiles(filesOf(data), idsOf(data));
		expect(read).toEqual({
			collections: data.collections,
			environments: data.environments,
			notes: data.notes,
			plans: data.plans
		});
	});

	it('a file that is not this app’s refuses the pull, naming it', () => {
		const files = filesOf(filledData());
		files.set('requests/projects/evil.json', '{"__proto__": {}}');
		expect(() => readFiles(files)).toThrow(FileRefused);
		files.set('requests/projects/evil.json', '{"format": "other"}');
		expect(() => readFiles(files)).toThrow(/evil.json/);
	});

	it('a file an area’s reader refuses (the notes) refuses the pull, naming the file and why', () => {
		const files = filesOf(filledData());
		files.set(NOTES_PATH, '{"format": "other"}');
		expect(() => readFiles(files)).toThrow(
			/^bible\/notes\.json in the repository cannot be read: this is not a notes file of this app\./
		);
	});

	it('keeping both: a second request named as from the repository; notes merged', () => {
		const mine = filledData();
		const theirs = filledData();
		theirs.collections[0]!.requests[0]!.query = 'per_page=99';
		theirs.notes[1]!.note = 'Theirs';
		theirs.notes[1]!.updated += 1;
		const a = filesOf(mine);
		const b = filesOf(theirs);
		const path = 'requests/projects/list-projects.json';
		keepBoth(path, a.get(path)!, b.get(path)!, a);
		keepBoth(NOTES_PATH, a.get(NOTES_PATH)!, b.get(NOTES_PATH)!, a);
		const read = readFiles(a);
		expect(read.collections[0]!.requests.map((r) => r.name)).toContain(
			'List projects (from the repository)'
		);
		expect(read.notes.find((n) => n.book === 'John')!.note).toContain('Theirs');
		expect(read.notes.find((n) => n.book === 'John')!.note).toContain('For God so loved');
	});

	it('names become file names', () => {
		expect(slug('Ünïcode & more')).toBe('unicode-more');
		expect(slug('***')).toBe('untitled');
	});
});

describe('an environment without variables', () => {
	it('is not written: a new browser’s empty Default never stands against the repository’s', () => {
		const data = filledData();
		data.environments[0]!.values = {};
		expect([...filesOf(data).keys()]).not.toContain('environments/default.json');
	});
});
