/** How deep a folder's imports go: the longest chain among its own files, as the circle check sees imports. */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, noImportCycle } from '../../../scripts/lint/import-cycles.js';
import { longestChain } from '../../../scripts/lint/longest-chain.js';
import { fixture } from './fixture';

const project = fixture('no-import-cycle', noImportCycle, {
	'src/lib/codehost/ui/View.svelte':
		'<script lang="ts">\n\timport type { Form } from \'../request/form.svelte\';\n\tlet { form }: { form: Form } = $props();\n</script>\n\n<p>{form}</p>\n',
	'src/lib/codehost/request/form.svelte.ts':
		"import { build } from './build';\nexport type Form = string;\nexport const f = build;\n",
	'src/lib/codehost/request/build.ts':
		"import { encode } from '$lib/codehost/request/encoding';\nimport { problem } from '$lib/http/problem';\nexport const build = () => [encode, problem];\n",
	'src/lib/codehost/request/encoding.ts':
		"export const encode = () => import('../catalogue/endpoints');\n",
	'src/lib/codehost/catalogue/endpoints.ts': 'export const endpoints = [];\n',
	'src/lib/codehost/send.ts': "import { build } from './request/build';\nexport const s = build;\n",
	// Outside the folder: not part of its chain, however deep it goes.
	'src/lib/http/problem.ts': "import { x } from './x';\nexport const problem = x;\n",
	'src/lib/http/x.ts': "import { y } from './y';\nexport const x = y;\n",
	'src/lib/http/y.ts': 'export const y = 1;\n'
});
afterAll(() => project.remove());

describe('longest chain of imports inside a folder', () => {
	it('follows type, static and dynamic imports, and only between files of the folder', () => {
		const chain = longestChain(
			importGraph(project.root),
			path.join(project.root, 'src/lib/codehost')
		).map((f) => path.relative(project.root, f));
		expect(chain).toEqual([
			'src/lib/codehost/ui/View.svelte',
			'src/lib/codehost/request/form.svelte.ts',
			'src/lib/codehost/request/build.ts',
			'src/lib/codehost/request/encoding.ts',
			'src/lib/codehost/catalogue/endpoints.ts'
		]);
	});
});
