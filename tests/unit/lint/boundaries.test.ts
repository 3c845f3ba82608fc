/** The architecture's rules are lint, not prose: a wrong import put in a module fails `npm run lint`. */
import { ESLint } from 'eslint';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were `file`: an existing module, so the type-aware parser knows it. */
async function problems(file: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
	return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// ESLint loads its config and, for state classes, the TypeScript project: slow on a busy machine.
describe('boundaries in lint', { timeout: 60_000 }, () => {
	it('ky only in src/lib/http', async () => {
		const code = "import ky from 'ky';\nexport const k = ky;\n";
		expect(await problems('src/lib/bible/api.ts', code)).toEqual([
			expect.stringMatching(/^no-restricted-imports: .*only in src\/lib\/http/)
		]);
		expect(await problems('src/lib/http/retry-after.ts', code)).toEqual([]);
	});

	it('the fakes only from the demo transport and demo-only UI, statically or dynamically', async () => {
		const dynamic = "export const load = () => import('$lib/fakes/energy/app');\n";
		expect(await problems('src/lib/energy/api.ts', dynamic)).toEqual([
			expect.stringMatching(/^no-restricted-syntax: The fakes load only through the demo transport/)
		]);
		expect(
			await problems('src/lib/codehost/send.ts', "export * from '$lib/fakes/codehost/app';\n")
		).toHaveLength(1);
		expect(await problems('src/lib/settings/transport.ts', dynamic)).toEqual([]);
	});

	it('"Your data" composes the areas; no area, settings or shared module imports it back', async () => {
		const code =
			"import { readBackup } from '$lib/your-data/backup';\nexport const r = readBackup;\n";
		const refused = [expect.stringMatching(/Only pages import src\/lib\/your-data/)];
		expect(await problems('src/lib/bible/verse-actions/speech.ts', code)).toEqual(refused);
		expect(await problems('src/lib/energy/address.ts', code)).toEqual(refused);
		expect(await problems('src/lib/settings/activity.ts', code)).toEqual(refused);
		expect(
			await problems('src/lib/ui/when-idle.ts', "export * from '../your-data/snapshots';\n")
		).toEqual(refused);
		expect(
			await problems('src/lib/your-data/sync.ts', "export * from '$lib/bible/notes/format';\n")
		).toEqual([]);
	});

	it('no Svelte in service modules; state classes may use it', async () => {
		const code = "import { tick } from 'svelte';\nexport const t = tick;\n";
		expect(await problems('src/lib/energy/api.ts', code)).toEqual([
			expect.stringMatching(/Service modules \(\*\.ts\) stay free of Svelte/)
		]);
		expect(await problems('src/lib/energy/balances/accounts.svelte.ts', code)).toEqual([]);
	});

	it('routes import state and components, never a service module', async () => {
		const service = "import { getBible } from '$lib/bible/api';\nexport const g = getBible;\n";
		expect(await problems('src/routes/+layout.ts', service)).toEqual([
			expect.stringMatching(/services are called by state, not by routes/)
		]);
		const state =
			"import { connections } from '$lib/settings/area-connection.svelte';\nimport { x } from '$lib/energy/ui/thing';\nexport const c = [connections, x];\n";
		expect(await problems('src/routes/+layout.ts', state)).toEqual([]);
	});

	it('components and routes never make a client: state takes it from its connection', async () => {
		const code =
			"import { clientFor } from '$lib/settings/client-for';\nexport const c = clientFor;\n";
		const refused = [
			expect.stringMatching(/^no-restricted-imports: .*Components and pages never make a client/)
		];
		expect(
			await problems(
				'src/lib/ui/ProblemView.svelte',
				"<script lang=\"ts\">\n\timport { clientFor } from '$lib/settings/client-for';\n\tconst c = clientFor('bible');\n</script>\n\n<p>{c.options.baseUrl}</p>\n"
			)
		).toEqual(refused);
		expect(await problems('src/lib/ui/form-drafts.ts', code)).toEqual(refused);
		// A plain module in ui/ keeps the other rules of service modules.
		expect(
			await problems(
				'src/lib/ui/form-drafts.ts',
				"import { tick } from 'svelte';\nexport const t = tick;\n"
			)
		).toEqual([expect.stringMatching(/stay free of Svelte/)]);
		expect(await problems('src/routes/+layout.ts', code)).toEqual(refused);
		expect(
			await problems(
				'src/lib/ui/ProblemView.svelte',
				'<script lang="ts">\n\timport { connections } from \'$lib/settings/area-connection.svelte\';\n\tconst c = connections.bible;\n</script>\n\n<p>{c.mode}</p>\n'
			)
		).toEqual([]);
		expect(await problems('src/lib/settings/area-connection.svelte.ts', code)).toEqual([]);
	});

	it('product code: a promise nobody awaits, or a switch that misses a member, fails lint', async () => {
		const file = 'src/lib/settings/activity.ts';
		const floating =
			'export async function save(): Promise<void> {}\nexport function onClick(): void {\n\tsave();\n}\n';
		expect(await problems(file, floating)).toEqual([
			expect.stringMatching(/^@typescript-eslint\/no-floating-promises: /)
		]);
		const partial =
			"type Mode = 'demo' | 'live';\nexport function label(m: Mode): string {\n\tswitch (m) {\n\t\tcase 'demo':\n\t\t\treturn 'Demo';\n\t}\n\treturn '';\n}\n";
		expect(await problems(file, partial)).toEqual([
			expect.stringMatching(/^@typescript-eslint\/switch-exhaustiveness-check: .*"live"/)
		]);
		expect(
			await problems(
				file,
				partial.replace("'Demo';", "'Demo';\n\t\tcase 'live':\n\t\t\treturn 'Live';")
			)
		).toEqual([]);
	});

	it('unit tests import the product as $lib/..., never by a relative path to src/lib', async () => {
		const file = 'tests/unit/energy/model.test.ts';
		expect(
			await problems(
				file,
				"import { x } from '../../../src/lib/energy/model';\nexport const y = x;\n"
			)
		).toEqual([expect.stringMatching(/^no-restricted-imports: .*Import the product as \$lib/)]);
		expect(
			await problems(file, "export const load = () => import('../../../src/lib/energy/model');\n")
		).toEqual([expect.stringMatching(/^no-restricted-syntax: Import the product as \$lib/)]);
		expect(
			await problems(
				file,
				"import { x } from '$lib/energy/model';\nimport { h } from './helpers';\nexport const y = [x, h];\n"
			)
		).toEqual([]);
	});

	it('max-lines: one ceiling of 800 lines for any file in src, state classes included', async () => {
		const lines = (n: number) =>
			Array.from({ length: n }, (_, i) => `export const a${i} = ${i};`).join('\n') + '\n';
		expect(await problems('src/lib/bible/api.ts', lines(801))).toEqual([
			expect.stringMatching(/^max-lines: .*\(801\)\. Maximum allowed is 800/)
		]);
		expect(await problems('src/lib/bible/api.ts', lines(800))).toEqual([]);
		expect(await problems('src/lib/energy/balances/accounts.svelte.ts', lines(801))).toEqual([
			expect.stringMatching(/^max-lines: .*\(801\)\. Maximum allowed is 800/)
		]);
		expect(await problems('src/lib/energy/balances/accounts.svelte.ts', lines(800))).toEqual([]);
	});

	it('every eslint-disable carries its reason, in script and in markup', async () => {
		const code = (reason: string) =>
			`// eslint-disable-next-line @typescript-eslint/no-explicit-any${reason}\nexport const f = (x: any): unknown => x;\n`;
		expect(await problems('src/lib/bible/api.ts', code(''))).toEqual([
			expect.stringMatching(
				/^@eslint-community\/eslint-comments\/require-description: .*descriptions/
			)
		]);
		expect(await problems('src/lib/bible/api.ts', code(' -- a test of the rule'))).toEqual([]);
		const markup = (reason: string) =>
			`<script lang="ts">\n\tconst href = 'https://example.org/';\n</script>\n\n<!-- eslint-disable-next-line svelte/no-navigation-without-resolve${reason} -->\n<a {href}>Elsewhere</a>\n`;
		expect(await problems('src/lib/energy/ui/OrderDetail.svelte', markup(''))).toEqual([
			expect.stringMatching(
				/^local\/disable-reason-in-markup: Every eslint-disable carries its reason/
			)
		]);
		expect(
			await problems('src/lib/energy/ui/OrderDetail.svelte', markup(' -- another site'))
		).toEqual([]);
	});

	it('an area never imports another area, by $lib or by a relative path', async () => {
		const refused = [
			expect.stringMatching(
				/^@typescript-eslint\/no-restricted-imports: .*An area never imports another area: energy stands alone/
			)
		];
		const code = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
		expect(await problems('src/lib/energy/api.ts', code('$lib/codehost/pagination'))).toEqual(
			refused
		);
		expect(
			await problems(
				'src/lib/energy/ui/BuyForm.svelte',
				`<script lang="ts">\n\timport { x } from '../../bible/api';\n</script>\n\n<p>{x}</p>\n`
			)
		).toEqual(refused);
		expect(await problems('src/lib/energy/api.ts', code('$lib/http/problem'))).toEqual([]);
	});

	it('src/lib/http imports no area, no settings, no ui', async () => {
		const code = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
		const refused = [
			expect.stringMatching(
				/^@typescript-eslint\/no-restricted-imports: .*src\/lib\/http imports no area, no settings and no ui/
			)
		];
		for (const from of ['$lib/settings/connection', '../ui/date-time', '$lib/bible/api'])
			expect(await problems('src/lib/http/retry-after.ts', code(from))).toEqual(refused);
		expect(await problems('src/lib/http/retry-after.ts', code('./problem'))).toEqual([]);
	});

	it('fetch only in src/lib/http, the service worker and the demo servers', async () => {
		const call = "export const get = () => fetch('/x');\n";
		const refused = [
			expect.stringMatching(/^no-restricted-globals: .*fetch only in src\/lib\/http/)
		];
		expect(await problems('src/lib/energy/balances/accounts.svelte.ts', call)).toEqual(refused);
		expect(await problems('src/routes/+layout.ts', call)).toEqual(refused);
		expect(
			await problems('src/lib/bible/api.ts', "export const get = () => globalThis.fetch('/x');\n")
		).toEqual([expect.stringMatching(/^no-restricted-properties: .*fetch only in src\/lib\/http/)]);
		expect(await problems('src/lib/http/reachability.ts', call)).toEqual([]);
		expect(await problems('src/service-worker/shell-cache.ts', call)).toEqual([]);
		expect(await problems('src/lib/fakes/bible/names.ts', call)).toEqual([]);
	});

	it('an HttpClient is made only where connections are wired', async () => {
		const code =
			"import { HttpClient, createClient } from '$lib/http/client';\nexport const a = new HttpClient({ baseUrl: '', transport: fetch });\nexport const b = createClient(a.options);\n";
		const refused = expect.stringMatching(
			/^no-restricted-syntax: An HttpClient is made only where connections are wired/
		);
		expect(
			(await problems('src/lib/ui/form-drafts.ts', code)).filter((p) =>
				p.startsWith('no-restricted-syntax')
			)
		).toEqual([refused, refused]);
		expect(
			await problems(
				'src/lib/energy/ui/OrderDetail.svelte',
				"<script lang=\"ts\">\n\timport { createClient } from '$lib/http/client';\n\tconst c = createClient({ baseUrl: '', transport: async () => new Response() });\n</script>\n\n<p>{c.options.baseUrl}</p>\n"
			)
		).toEqual([refused]);
		expect(
			(await problems('src/lib/settings/client-for.ts', code)).filter((p) =>
				p.startsWith('no-restricted-syntax')
			)
		).toEqual([]);
	});

	it('a service module never imports a state class (*.svelte.ts)', async () => {
		const code =
			"import { connections } from '$lib/settings/area-connection.svelte';\nexport const c = connections;\n";
		const refused = [
			expect.stringMatching(
				/^no-restricted-imports: .*A service module never imports a state class/
			)
		];
		expect(await problems('src/lib/energy/api.ts', code)).toEqual(refused);
		expect(await problems('src/lib/ui/form-drafts.ts', code)).toEqual(refused);
		expect(
			await problems(
				'src/lib/http/retry-after.ts',
				"import { x } from './state.svelte';\nexport const y = x;\n"
			)
		).toContainEqual(refused[0]);
		expect(await problems('src/lib/energy/balances/accounts.svelte.ts', code)).toEqual([]);
	});

	it('src/lib/fakes imports nothing from the areas or settings', async () => {
		const refused = [
			expect.stringMatching(
				/^@typescript-eslint\/no-restricted-imports: .*src\/lib\/fakes imports nothing from the areas or settings/
			)
		];
		const code = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
		expect(await problems('src/lib/fakes/apps.ts', code('$lib/settings/connection'))).toEqual(
			refused
		);
		expect(await problems('src/lib/fakes/apps.ts', code('../codehost/pagination'))).toEqual(
			refused
		);
		expect(await problems('src/lib/fakes/codehost/app.ts', code('../../energy/address'))).toEqual(
			refused
		);
		expect(await problems('src/lib/fakes/apps.ts', code('./services'))).toEqual([]);
	});

	it('src/lib/contracts imports nothing from the app', async () => {
		expect(
			await problems(
				'src/lib/contracts/codehost-cors.ts',
				"import { x } from '$lib/http/problem';\nexport const y = x;\n"
			)
		).toEqual([
			expect.stringMatching(
				/^@typescript-eslint\/no-restricted-imports: .*src\/lib\/contracts imports nothing from the app/
			)
		]);
	});

	it('components live in ui/ folders', async () => {
		// A component is parsed with the TypeScript project, so the scratch file must exist on disk.
		const scratch = 'src/lib/settings/ScratchOutsideUi.svelte';
		const code = '<script lang="ts">\n\tconst a = 1;\n</script>\n\n<p>{a}</p>\n';
		await writeFile(`${root}${scratch}`, code);
		try {
			expect(await problems(scratch, code)).toEqual([
				expect.stringMatching(/^no-restricted-syntax: Components live in ui\/ folders/)
			]);
		} finally {
			await rm(`${root}${scratch}`, { force: true });
		}
		expect(await problems('src/lib/settings/ui/DemoFaults.svelte', code)).toEqual([]);
	});

	it('no import circles: a module that reaches itself through its imports fails', async () => {
		// http/client.ts imports problem.ts; problem.ts importing client closes a circle.
		const code = "import { buildUrl } from './client';\nexport const b = buildUrl;\n";
		expect(await problems('src/lib/http/problem.ts', code)).toEqual([
			expect.stringMatching(
				/^local\/no-import-cycle: No import circles: src\/lib\/http\/problem\.ts → src\/lib\/http\/client\.ts → src\/lib\/http\/problem\.ts/
			)
		]);
		// Around three files, and by a type-only import too.
		const around = "import type { Exchange } from './client';\nexport type E = Exchange;\n";
		expect(await problems('src/lib/http/redact.ts', around)).toEqual([
			expect.stringMatching(
				/^local\/no-import-cycle: No import circles: src\/lib\/http\/redact\.ts → src\/lib\/http\/client\.ts → .*src\/lib\/http\/redact\.ts/
			)
		]);
		// And by a dynamic import(): loading later does not untie the two modules.
		expect(
			await problems('src/lib/http/problem.ts', "export const load = () => import('./client');\n")
		).toEqual([
			expect.stringMatching(
				/^local\/no-import-cycle: No import circles: src\/lib\/http\/problem\.ts → src\/lib\/http\/client\.ts → src\/lib\/http\/problem\.ts/
			)
		]);
		expect(
			await problems(
				'src/lib/http/problem.ts',
				"import { x } from './method';\nexport const y = x;\n"
			)
		).toEqual([]);
	});

	it("components in any ui/ folder never import an area's state; its type and shared stores are fine", async () => {
		// Scratch files: a state module of an area, and a component that imports it.
		const state = 'src/lib/energy/lint-scratch-state.svelte.ts';
		const scratch = 'src/lib/ui/LintScratchComponent.svelte';
		const code = (line: string) =>
			`<script lang="ts">\n\t${line}\n\timport { onlineStatus } from '$lib/ui/online.svelte';\n\tconst shown = [part, onlineStatus];\n</script>\n\n<p>{shown.length}</p>\n`;
		const value = code("import { part } from '$lib/energy/lint-scratch-state.svelte';");
		await writeFile(`${root}${state}`, 'export const part = 1;\nexport type Part = number;\n');
		await writeFile(`${root}${scratch}`, value);
		try {
			expect(await problems(scratch, value)).toEqual([
				expect.stringMatching(
					/^local\/no-area-state-in-components: A component does not import an area's state \(src\/lib\/energy\/lint-scratch-state\.svelte\.ts\): take the part it shows as a prop/
				)
			]);
			const typed = code(
				"import type { Part } from '$lib/energy/lint-scratch-state.svelte';\n\tconst part: Part = 1;"
			);
			expect(await problems(scratch, typed)).toEqual([]);
		} finally {
			await rm(`${root}${scratch}`, { force: true });
			await rm(`${root}${state}`, { force: true });
		}
	});

	it('no hand-written "latest wins" counter in src, outside AsyncResult', async () => {
		const counter =
			'export class Latest {\n\t#seq = 0;\n\tshown: unknown;\n\tasync load(read: () => Promise<unknown>): Promise<void> {\n\t\tconst seq = ++this.#seq;\n\t\tconst value = await read();\n\t\tif (seq === this.#seq) this.shown = value;\n\t}\n}\n';
		expect(await problems('src/lib/ui/online.svelte.ts', counter)).toEqual([
			expect.stringMatching(
				/^local\/no-hand-written-latest-wins: `seq` counts runs by hand so that the latest answer wins\. Use AsyncResult/
			)
		]);
		expect(await problems('src/lib/ui/async-result.svelte.ts', counter)).toEqual([]);
		const id =
			'export class Ids {\n\t#next = 0;\n\tnext(): number {\n\t\tconst id = ++this.#next;\n\t\treturn id;\n\t}\n}\n';
		expect(await problems('src/lib/ui/online.svelte.ts', id)).toEqual([]);
	});

	it('NOT_YET_ON_THE_SKELETON: a path in it that names no file fails lint of eslint.config.js', async () => {
		const config = await readFile(`${root}eslint.config.js`, 'utf8');
		const stale = config.replace(
			"'local/no-hand-written-latest-wins': [",
			"'local/no-hand-written-latest-wins': [\n\t\t'src/lib/energy/moved-away.svelte.ts',"
		);
		expect(stale).not.toBe(config);
		expect(await problems('eslint.config.js', stale)).toEqual([
			expect.stringMatching(
				/^local\/not-yet-on-disk: src\/lib\/energy\/moved-away\.svelte\.ts does not exist: if it moved, write its new path here/
			)
		]);
		// This project's list as it is: every path in it names a file.
		expect(await problems('eslint.config.js', config)).toEqual([]);
	});
});
