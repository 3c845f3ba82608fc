import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/**
 * The architecture's boundaries, as lint (ARCHITECTURE "Rules that keep the house easy to live in").
 * Each entry says why; tests/unit/lint/boundaries.test.ts proves a wrong import fails.
 */
const KY = {
	name: 'ky',
	message: 'ky is configured only in src/lib/http: one send path, one retry policy, one error type.'
};
const FAKES = {
	// One exception, on purpose: fakes/bible/names (1 KB of names and asset URLs), so the demo
	// reader's first frame says "Genesis 1" before the demo service has loaded.
	regex: '(^|/)fakes(/(?!bible/names$).*)?$',
	message:
		'The fakes load only through the demo transport and demo-only UI, so a Live user never downloads them.'
};
const SVELTE = {
	group: ['svelte', 'svelte/**'],
	message:
		'Service modules (*.ts) stay free of Svelte; what a page shows lives in *.svelte.ts classes.'
};
const CLIENT_FOR = {
	regex: '(^|/)settings/client-for$',
	message:
		"Components and pages never make a client: an area's state takes it from its connection (connections.<service>), so a change in Settings reaches it in one place."
};
const SERVICES = {
	// Anything under $lib except state (`*.svelte`, i.e. *.svelte.ts) and components, and ui/;
	// client-for has its own message (CLIENT_FOR).
	regex: '^\\$lib/(?!(?:[^/]+/)?ui/)(?!settings/client-for$)(?!.*\\.svelte$)',
	message:
		'Pages render state classes (*.svelte) and components (ui/); services are called by state, not by routes.'
};
/**
 * Tests reach the product one way, as `$lib/...`: a relative `../../../src/lib/...` breaks when a
 * test moves, and two spellings of one module make a search for its users miss half of them.
 */
const RELATIVE_LIB = {
	regex: '^\\.\\.?/(?:.*/)?src/lib(?:/|$)',
	message: 'Import the product as $lib/... in tests, not by a relative path to src/lib.'
};
const NO_DYNAMIC_RELATIVE_LIB = {
	selector: 'ImportExpression[source.value=/^\\.\\.?\\/(.*\\/)?src\\/lib(\\/|$)/]',
	message: RELATIVE_LIB.message
};
/** A dynamic import of the fakes is as much a dependency as a static one. */
const NO_DYNAMIC_FAKES = {
	selector: 'ImportExpression[source.value=/fakes/]',
	message: FAKES.message
};
const restrict = (...patterns) => ({
	'no-restricted-imports': [
		'error',
		{
			paths: patterns.includes(KY) ? [KY] : [],
			patterns: patterns.filter((p) => p !== KY)
		}
	]
});
/** Where the fakes may be loaded from: the demo transport and the demo-only controls. */
const DEMO_ENTRY_POINTS = [
	'src/lib/settings/transport.ts',
	'src/lib/settings/DemoFaults.svelte',
	'src/lib/energy/ui/EnergyDemoReset.svelte'
];

export default ts.config(
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	{ languageOptions: { globals: { ...globals.browser, ...globals.node } } },
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
			],
			// Server data is rendered as text only (ARCHITECTURE rule 3).
			'svelte/no-at-html-tags': 'error'
		}
	},
	{
		files: ['src/**/*.ts', 'src/**/*.svelte'],
		rules: { ...restrict(KY, FAKES), 'no-restricted-syntax': ['error', NO_DYNAMIC_FAKES] }
	},
	/**
	 * Type-aware rules for the product code, chosen for the bugs they catch here: a promise nobody
	 * awaits loses its error (and, in the energy area, may hide an order's outcome); a switch over a
	 * status or an auth method must handle every member when one is added; "undefined" must never
	 * reach a message. Not on: no-base-to-string, which flags every String() of parsed JSON (typed
	 * unknown) even after the code has checked it is a primitive.
	 */
	{
		files: ['src/**/*.ts', 'src/**/*.svelte'],
		// The service worker is typed by its own lib (WebWorker), outside the app's project.
		ignores: ['src/service-worker/**'],
		languageOptions: {
			parserOptions: { projectService: true, extraFileExtensions: ['.svelte'] }
		},
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': 'error',
			'@typescript-eslint/await-thenable': 'error',
			'@typescript-eslint/switch-exhaustiveness-check': [
				'error',
				{ considerDefaultExhaustiveForUnions: true }
			],
			'@typescript-eslint/no-unnecessary-type-assertion': 'error',
			'@typescript-eslint/restrict-template-expressions': [
				'error',
				{ allowNumber: true, allowBoolean: true, allowNullish: false }
			],
			// An abort passes on the signal's reason, and a caught error is rethrown, as they are.
			'@typescript-eslint/only-throw-error': [
				'error',
				{ allowThrowingAny: true, allowThrowingUnknown: true }
			],
			'@typescript-eslint/prefer-promise-reject-errors': [
				'error',
				{ allowThrowingAny: true, allowThrowingUnknown: true }
			]
		}
	},
	{
		files: ['src/lib/**/*.ts'],
		ignores: ['src/lib/**/*.svelte.ts'],
		rules: restrict(KY, FAKES, SVELTE)
	},
	{ files: ['src/lib/**/ui/**'], rules: restrict(KY, FAKES, CLIENT_FOR) },
	{
		files: ['src/lib/**/ui/**/*.ts'],
		ignores: ['src/lib/**/*.svelte.ts'],
		rules: restrict(KY, FAKES, SVELTE, CLIENT_FOR)
	},
	{ files: ['src/routes/**'], rules: restrict(KY, FAKES, CLIENT_FOR, SERVICES) },
	{
		files: ['src/lib/http/**'],
		rules: restrict(FAKES, SVELTE)
	},
	{
		// The fakes are one world: they may import each other, never the app's HTTP stack.
		files: ['src/lib/fakes/**'],
		rules: { ...restrict(KY, SVELTE), 'no-restricted-syntax': 'off' }
	},
	{
		files: DEMO_ENTRY_POINTS,
		rules: { ...restrict(KY), 'no-restricted-syntax': 'off' }
	},
	{
		files: ['tests/unit/**'],
		rules: {
			...restrict(RELATIVE_LIB),
			'no-restricted-syntax': ['error', NO_DYNAMIC_RELATIVE_LIB]
		}
	},
	{
		ignores: [
			'build/',
			'build-subpath/',
			'generated/',
			'.svelte-kit/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'reports/',
			'.stryker-tmp/'
		]
	}
);
