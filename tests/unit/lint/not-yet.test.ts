/** NOT_YET_ON_THE_SKELETON only shrinks: an entry that names no file is an error where it is written. */
import { afterAll, describe, expect, it } from 'vitest';
import { notYetOnDisk } from '../../../scripts/lint/not-yet.js';
import { fixture } from './fixture';

const config = `const OTHER = ['src/lib/not/listed.ts'];
export const NOT_YET_ON_THE_SKELETON = {
	'local/no-area-state-in-components': ['src/lib/bible/ui/Here.svelte', 'src/lib/bible/ui/Moved.svelte'],
	'local/no-hand-written-latest-wins': ['src/lib/energy/gone.svelte.ts']
};
`;
const project = fixture('not-yet-on-disk', notYetOnDisk, {
	'eslint.config.js': config,
	'src/lib/bible/ui/Here.svelte': '<p>Here</p>\n'
});
afterAll(() => project.remove());

describe('not-yet-on-disk', () => {
	it('an entry of NOT_YET_ON_THE_SKELETON that names no file is an error on its line', () => {
		const gone = (line: number, file: string) =>
			`${line}: ${file} does not exist: if it moved, write its new path here; if it is gone, delete the entry (NOT_YET_ON_THE_SKELETON only shrinks).`;
		expect(project.lint('eslint.config.js')).toEqual([
			gone(3, 'src/lib/bible/ui/Moved.svelte'),
			gone(4, 'src/lib/energy/gone.svelte.ts')
		]);
	});
});
