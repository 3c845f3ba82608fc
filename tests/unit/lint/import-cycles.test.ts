/** No module reaches itself through its imports, whichever way it imports: static, type or dynamic. */
import { afterAll, describe, expect, it } from 'vitest';
import { noImportCycle } from '../../../scripts/lint/import-cycles.js';
import { fixture } from './fixture';

const project = fixture('no-import-cycle', noImportCycle, {
	// source.ts loads browser-source.ts lazily; browser-source.ts needs source.ts back.
	'src/lib/bible/study/source.ts':
		"export const memoized = <T>(f: () => T) => f;\nexport const load = () => import('./browser-source');\n",
	'src/lib/bible/study/browser-source.ts':
		"import { memoized } from './source';\nexport const browser = memoized(() => 1);\n",
	// A circle through a template literal import() and through `typeof import()`, three files round.
	'src/lib/codehost/a.ts': 'export const a = () => import(`$lib/codehost/b`);\n',
	'src/lib/codehost/b.ts': "export type C = typeof import('./c');\n",
	'src/lib/codehost/c.ts': "import { a } from './a';\nexport const c = a;\n",
	// No circle: a lazy load of a module that does not import back.
	'src/lib/bible/speech.ts': 'export const speak = () => 1;\n',
	'src/lib/bible/ui/VerseMedia.svelte':
		'<script lang="ts">\n\tconst load = () => import(\'../speech\');\n</script>\n\n<button onclick={load}>Listen</button>\n'
});
afterAll(() => project.remove());

describe('no-import-cycle', () => {
	it('sees a circle through a dynamic import(), from both of its files', () => {
		expect(project.lint('src/lib/bible/study/source.ts')).toEqual([
			'2: No import circles: src/lib/bible/study/source.ts → src/lib/bible/study/browser-source.ts → src/lib/bible/study/source.ts. Move what both need into a third module that imports neither.'
		]);
		expect(project.lint('src/lib/bible/study/browser-source.ts')).toEqual([
			expect.stringMatching(
				/^1: No import circles: src\/lib\/bible\/study\/browser-source\.ts → src\/lib\/bible\/study\/source\.ts → src\/lib\/bible\/study\/browser-source\.ts\./
			)
		]);
	});

	it('sees import() of a template literal and typeof import() as edges', () => {
		expect(project.lint('src/lib/codehost/a.ts')).toEqual([
			expect.stringMatching(
				/^1: No import circles: src\/lib\/codehost\/a\.ts → src\/lib\/codehost\/b\.ts → src\/lib\/codehost\/c\.ts → src\/lib\/codehost\/a\.ts\./
			)
		]);
		expect(project.lint('src/lib/codehost/b.ts')).toHaveLength(1);
	});

	it('a lazy load that is not imported back is no circle', () => {
		expect(project.lint('src/lib/bible/ui/VerseMedia.svelte')).toEqual([]);
		expect(project.lint('src/lib/bible/speech.ts')).toEqual([]);
	});

	it('a circle all of whose files are listed is quiet; a listed file in no circle is an error', () => {
		const listed = {
			notYet: ['src/lib/bible/study/source.ts', 'src/lib/bible/study/browser-source.ts']
		};
		expect(project.lint('src/lib/bible/study/source.ts', listed)).toEqual([]);
		expect(project.lint('src/lib/bible/study/browser-source.ts', listed)).toEqual([]);
		// Listing one file of a circle excuses nothing.
		expect(
			project.lint('src/lib/codehost/a.ts', { notYet: ['src/lib/codehost/a.ts'] })
		).toHaveLength(1);
		expect(
			project.lint('src/lib/bible/speech.ts', { notYet: ['src/lib/bible/speech.ts'] })
		).toEqual([
			'1: This file keeps local/no-import-cycle now: delete its entry for local/no-import-cycle from NOT_YET_ON_THE_SKELETON in eslint.config.js (the list only shrinks).'
		]);
	});
});
