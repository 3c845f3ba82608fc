/** The architecture's rules are lint, not prose: a wrong import put in a module fails `npm run lint`. */
import { ESLint } from 'eslint';
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

	it('no Svelte in service modules; state classes may use it', async () => {
		const code = "import { tick } from 'svelte';\nexport const t = tick;\n";
		expect(await problems('src/lib/energy/api.ts', code)).toEqual([
			expect.stringMatching(/Service modules \(\*\.ts\) stay free of Svelte/)
		]);
		expect(await problems('src/lib/energy/accounts.svelte.ts', code)).toEqual([]);
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
				'src/lib/bible/ui/BibleLibrary.svelte',
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
				'src/lib/bible/ui/BibleLibrary.svelte',
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
});
