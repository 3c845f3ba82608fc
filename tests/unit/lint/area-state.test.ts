/** A component gets the part of its area it shows from its route or owner, never from the area's state module. */
import { afterAll, describe, expect, it } from 'vitest';
import { noAreaStateInComponents } from '../../../scripts/lint/area-state.js';
import { fixture } from './fixture';

const component = (...imports: string[]) =>
	`<script lang="ts">\n${imports.map((i) => `\t${i}\n`).join('')}</script>\n\n<p>Hello</p>\n`;

const project = fixture('no-area-state-in-components', noAreaStateInComponents, {
	'src/lib/bible/area.svelte.ts': 'export const bibleArea = () => ({});\n',
	'src/lib/bible/notes/notes.svelte.ts': 'export class Notes {}\n',
	'src/lib/bible/ui/staged.svelte.ts': 'export class StagedChapter {}\n',
	'src/lib/bible/ui/VerseRow.svelte': '<p>Verse</p>\n',
	'src/lib/bible/reference.ts': 'export const parse = (s: string) => s;\n',
	'src/lib/codehost/request/form.svelte.ts': 'export const METHODS = ["GET"];\n',
	'src/lib/energy/dashboard.svelte.ts': 'export class EnergyDashboard {}\n',
	'src/lib/ui/online.svelte.ts': 'export const onlineStatus = {};\n',
	'src/lib/settings/area-connection.svelte.ts': 'export const connections = {};\n',
	'src/lib/bible/ui/Values.svelte': component(
		"import { bibleArea } from '../area.svelte';",
		"import { Notes, type NotesPart } from '$lib/bible/notes/notes.svelte';",
		"import '../area.svelte';",
		"const later = () => import('../notes/notes.svelte');",
		"import { bibleArea as area } from '../area.svelte.js';"
	),
	'src/lib/codehost/request/ui/Methods.svelte': component(
		"import { METHODS } from '../form.svelte';"
	),
	'src/lib/ui/Shared.svelte': component(
		"import { EnergyDashboard } from '$lib/energy/dashboard.svelte';"
	),
	'src/lib/bible/ui/Types.svelte': component(
		"import type { bibleArea } from '../area.svelte';",
		"import { type Notes } from '$lib/bible/notes/notes.svelte';",
		"type Later = typeof import('../notes/notes.svelte');",
		"import { StagedChapter } from './staged.svelte';",
		"import VerseRow from './VerseRow.svelte';",
		"import { parse } from '../reference';",
		"import { onlineStatus } from '$lib/ui/online.svelte';",
		"import { connections } from '$lib/settings/area-connection.svelte';"
	)
});
afterAll(() => project.remove());

const refused = (line: number, module: string) =>
	expect.stringMatching(
		new RegExp(
			`^${line}: A component does not import an area's state \\(${module.replaceAll('.', '\\.')}\\): take the part it shows as a prop, handed down by the route .*Import only its type here`
		)
	);

describe('no-area-state-in-components', () => {
	it("refuses a value import of an area's state, by $lib or relative (.js spelling too), static, bare or dynamic", () => {
		expect(project.lint('src/lib/bible/ui/Values.svelte')).toEqual([
			refused(2, 'src/lib/bible/area.svelte.ts'),
			refused(3, 'src/lib/bible/notes/notes.svelte.ts'),
			refused(4, 'src/lib/bible/area.svelte.ts'),
			refused(5, 'src/lib/bible/notes/notes.svelte.ts'),
			refused(6, 'src/lib/bible/area.svelte.ts')
		]);
	});

	it('sees state in a concept folder, and in any ui/ folder, shared ones too', () => {
		expect(project.lint('src/lib/codehost/request/ui/Methods.svelte')).toEqual([
			refused(2, 'src/lib/codehost/request/form.svelte.ts')
		]);
		expect(project.lint('src/lib/ui/Shared.svelte')).toEqual([
			refused(2, 'src/lib/energy/dashboard.svelte.ts')
		]);
	});

	it("allows an area state's types, the components' own stores, services, shared stores and settings", () => {
		expect(project.lint('src/lib/bible/ui/Types.svelte')).toEqual([]);
	});

	it('a file listed as not yet on the skeleton is quiet, until it keeps the rule', () => {
		const values = { notYet: ['src/lib/bible/ui/Values.svelte'] };
		expect(project.lint('src/lib/bible/ui/Values.svelte', values)).toEqual([]);
		// A listed file is excused only itself.
		expect(project.lint('src/lib/ui/Shared.svelte', values)).toHaveLength(1);
		expect(
			project.lint('src/lib/bible/ui/Types.svelte', { notYet: ['src/lib/bible/ui/Types.svelte'] })
		).toEqual([
			'1: This file keeps local/no-area-state-in-components now: delete its entry for local/no-area-state-in-components from NOT_YET_ON_THE_SKELETON in eslint.config.js (the list only shrinks).'
		]);
	});
});
