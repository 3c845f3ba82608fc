import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import { noImportCycle } from './scripts/lint/import-cycles.js';
import { disableReasonInMarkup } from './scripts/lint/disable-reason.js';
import { noAreaStateInComponents } from './scripts/lint/area-state.js';
import { noHandWrittenLatestWins } from './scripts/lint/latest-wins.js';
import { notYetOnDisk } from './scripts/lint/not-yet.js';
import { moduleHasTest } from './scripts/lint/module-tests.js';

/** This project's own rules (scripts/lint/), each with its reason in its file. */
const LOCAL_RULES = {
	'no-import-cycle': noImportCycle,
	'disable-reason-in-markup': disableReasonInMarkup,
	'no-area-state-in-components': noAreaStateInComponents,
	'no-hand-written-latest-wins': noHandWrittenLatestWins,
	'not-yet-on-disk': notYetOnDisk,
	'module-has-test': moduleHasTest
};

/**
 * The modules of src/lib without a test named after them, each with why: only those that hold
 * nothing but types, which have nothing to run (scripts/lint/module-tests.js checks that they still
 * do, and that they have no test yet). Every other module has tests/unit/<its path>.test.ts.
 */
const TYPES_ONLY_MODULES = {
	'src/lib/codehost/exchange-types.ts':
		"The explorer exchange's result and options types; exchange.svelte.ts, which makes them, is tested.",
	'src/lib/codehost/response/diff-protocol.ts':
		'The messages of the page and the diff worker; diff-client, diff-answer and diff.worker are tested.',
	'src/lib/fakes/bible/data.ts':
		"The shape of the demo Bible's data; data.browser and data.node, which give it, are tested.",
	'src/lib/fakes/services.ts':
		"The fakes' names of the services; apps.ts, which has a demo server for each, is tested."
};

/**
 * The files that break a rule of issue 46 today, per rule, while the areas move onto the shared
 * skeleton (src/lib/settings/area-session.svelte.ts, src/lib/ui/async-result.svelte.ts). The list
 * only shrinks (scripts/lint/not-yet.js): a listed file that keeps the rule, or a path that names
 * no file, is itself an error. Whoever moves a file onto the skeleton deletes its entry; whoever
 * moves a listed file writes its new path.
 */
const NOT_YET_ON_THE_SKELETON = {
	/** Components that import a value from an area's state module (take it as a prop instead). */
	'local/no-area-state-in-components': [],
	/** State that counts its own runs so the latest answer wins (AsyncResult does it). */
	'local/no-hand-written-latest-wins': [],
	/** Circles through a dynamic import(), being broken (every file of the circle is listed). */
	'local/no-import-cycle': []
};
const notYet = (rule) => ['error', { notYet: NOT_YET_ON_THE_SKELETON[rule] }];

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
/** A plain service module (`*.ts`) is called by state; it never imports state or a component. */
const STATE = {
	regex: '\\.svelte(?:\\.[jt]s)?$',
	message:
		'A service module never imports a state class (*.svelte.ts) or a component: state calls services, not the other way round.'
};

/*
 * Folder boundaries. They use typescript-eslint's copy of no-restricted-imports, so that they add to
 * the rules above (which depend on the kind of file) instead of replacing them. A relative import
 * is caught as well as $lib/...; both spellings are in each pattern.
 */
const AREAS = ['codehost', 'energy', 'bible'];
const folders = (names) => `^(?:\\$lib/|(?:\\.\\./)+)(?:${names.join('|')})(?:/|$)`;
const OTHER_AREA = (area) => ({
	regex: folders(AREAS.filter((a) => a !== area)),
	message: `An area never imports another area: ${area} stands alone; what two areas share belongs in src/lib/http or src/lib/ui.`
});
/**
 * "Your data" (backups, snapshots, sync) composes the areas' exports; nothing it composes depends on
 * it back (ARCHITECTURE rule 13), so an area's records stay the area's own.
 */
const NOT_YOUR_DATA = {
	regex: folders(['your-data']),
	message:
		'Only pages import src/lib/your-data: it composes the areas and settings, which never import it back (what an area calls on a save, such as keepStorage, lives in src/lib/ui).'
};
const HTTP_ALONE = {
	regex: folders([...AREAS, 'settings', 'ui', 'fakes', 'your-data']),
	message:
		'src/lib/http imports no area, no settings and no ui: the HTTP core depends on nothing else in the app.'
};
const FAKES_ALONE = {
	regex: folders([...AREAS, 'settings', 'your-data']),
	message:
		"src/lib/fakes imports nothing from the areas or settings: the demo servers check requests with their own code, so they catch the client's bugs."
};
const CONTRACTS_ALONE = {
	regex: '^(?:\\$lib/|\\.\\./)',
	message:
		"src/lib/contracts imports nothing from the app: it states facts of the servers' contracts that the client and the demo servers both use."
};
const boundary = (...patterns) => ({
	'@typescript-eslint/no-restricted-imports': ['error', { patterns }]
});

/** Only the HTTP core reaches the network; the service worker and the demo servers have their own. */
const FETCH_MESSAGE =
	'fetch only in src/lib/http, the service worker and the demo servers: everything else sends through an HttpClient, which keeps credentials to their origin, retries and records the exchange.';
const NO_FETCH = {
	'no-restricted-globals': ['error', { name: 'fetch', message: FETCH_MESSAGE }],
	'no-restricted-properties': [
		'error',
		...['globalThis', 'window', 'self'].map((object) => ({
			object,
			property: 'fetch',
			message: FETCH_MESSAGE
		}))
	]
};
/** Where an HttpClient is made: the HTTP core's factory and the place connections are wired. */
const CONNECTION_WIRING = ['src/lib/http/client.ts', 'src/lib/settings/client-for.ts'];
const NEW_CLIENT_MESSAGE =
	"An HttpClient is made only where connections are wired (src/lib/settings/client-for.ts): an area's state takes its client from its connection, so a change in Settings reaches it in one place.";
const NO_NEW_CLIENT = [
	{ selector: 'NewExpression[callee.name="HttpClient"]', message: NEW_CLIENT_MESSAGE },
	{ selector: 'CallExpression[callee.name="createClient"]', message: NEW_CLIENT_MESSAGE }
];
/** A component outside a ui/ folder: reported once, on the whole file. */
const COMPONENT_IN_UI = {
	selector: 'Program',
	message:
		'Components live in ui/ folders (src/lib/ui, src/lib/<area>/ui, src/lib/settings/ui); only routes are elsewhere.'
};
/** The same rules, switched off (where a rule above does not apply). */
const off = (rules) => Object.fromEntries(Object.keys(rules).map((name) => [name, 'off']));
const syntax = (...rules) => ({ 'no-restricted-syntax': ['error', ...rules.flat()] });

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
const DEMO_ENTRY_SERVICES = ['src/lib/settings/transport.ts'];
const DEMO_ENTRY_COMPONENTS = [
	'src/lib/settings/ui/DemoFaults.svelte',
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
	/**
	 * Every disable of a rule says why, after `--`, and names its rules; a disable that no longer
	 * silences anything is an error. The eslint-comments plugin of the ESLint community (maintained
	 * with ESLint itself) is used because ESLint alone can report unused directives but cannot
	 * require a reason.
	 */
	comments.recommended,
	{
		plugins: { local: { rules: LOCAL_RULES } },
		linterOptions: { reportUnusedDisableDirectives: 'error' },
		rules: {
			'@eslint-community/eslint-comments/require-description': 'error',
			'@eslint-community/eslint-comments/no-unlimited-disable': 'error',
			'@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
			'local/disable-reason-in-markup': 'error'
		}
	},
	{
		// A component's `/* eslint-disable rule -- why */` in its script covers its markup too.
		files: ['**/*.svelte'],
		rules: { '@eslint-community/eslint-comments/disable-enable-pair': 'off' }
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
	/**
	 * One ceiling, a smoke alarm for a god file (ARCHITECTURE rule 10): a file holds one concept
	 * whatever its length, so nothing finer. Every line counts, as `wc -l` shows.
	 */
	{
		files: ['src/**/*.ts', 'src/**/*.svelte', 'src/**/*.js'],
		rules: { 'max-lines': ['error', { max: 800, skipBlankLines: false, skipComments: false }] }
	},
	{
		files: ['src/**/*.ts', 'src/**/*.svelte', 'src/**/*.js'],
		rules: {
			...restrict(KY, FAKES),
			...syntax(NO_DYNAMIC_FAKES, NO_NEW_CLIENT),
			...NO_FETCH,
			'local/no-import-cycle': notYet('local/no-import-cycle')
		}
	},
	/**
	 * The skeleton every area follows (issue 46): a component gets the part it shows from its route
	 * or owner, never from an area's state module; "the latest answer wins" is AsyncResult's, not a
	 * counter of each state's.
	 */
	{
		files: ['src/lib/**/ui/**/*.svelte'],
		rules: {
			'local/no-area-state-in-components': notYet('local/no-area-state-in-components')
		}
	},
	{
		files: ['src/**/*.ts', 'src/**/*.svelte', 'src/**/*.js'],
		ignores: ['src/lib/ui/async-result.svelte.ts'],
		rules: {
			'local/no-hand-written-latest-wins': notYet('local/no-hand-written-latest-wins')
		}
	},
	{ files: ['eslint.config.js'], rules: { 'local/not-yet-on-disk': 'error' } },
	/** Every module has a test named after it (issue 46), so a newcomer finds it by the name. */
	{
		files: ['src/lib/**/*.ts', 'eslint.config.js'],
		ignores: ['src/lib/**/*.d.ts'],
		rules: { 'local/module-has-test': ['error', { typesOnly: TYPES_ONLY_MODULES }] }
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
		rules: restrict(KY, FAKES, SVELTE, STATE)
	},
	{ files: ['src/lib/**/ui/**'], rules: restrict(KY, FAKES, CLIENT_FOR) },
	{
		files: ['src/lib/**/ui/**/*.ts'],
		ignores: ['src/lib/**/*.svelte.ts'],
		rules: restrict(KY, FAKES, SVELTE, STATE, CLIENT_FOR)
	},
	{
		files: ['src/lib/**/*.svelte'],
		ignores: ['src/lib/**/ui/**'],
		rules: syntax(NO_DYNAMIC_FAKES, NO_NEW_CLIENT, COMPONENT_IN_UI)
	},
	{ files: ['src/routes/**'], rules: restrict(KY, FAKES, CLIENT_FOR, SERVICES) },
	// Folder boundaries (see OTHER_AREA and the others above).
	...AREAS.map((area) => ({
		files: [`src/lib/${area}/**`],
		rules: boundary(OTHER_AREA(area), NOT_YOUR_DATA)
	})),
	{ files: ['src/lib/settings/**', 'src/lib/ui/**'], rules: boundary(NOT_YOUR_DATA) },
	{
		files: ['src/lib/http/**'],
		rules: { ...restrict(FAKES, SVELTE, STATE), ...boundary(HTTP_ALONE), ...off(NO_FETCH) }
	},
	{ files: ['src/lib/contracts/**'], rules: boundary(CONTRACTS_ALONE) },
	{
		// The fakes are one world: they may import each other, never the app's HTTP stack. They are
		// the demo servers, so they may fetch (their own data files).
		files: ['src/lib/fakes/**'],
		rules: {
			...restrict(KY, SVELTE, STATE),
			...boundary(FAKES_ALONE),
			...syntax(NO_NEW_CLIENT),
			...off(NO_FETCH)
		}
	},
	{ files: ['src/service-worker/**'], rules: off(NO_FETCH) },
	{ files: CONNECTION_WIRING, rules: syntax(NO_DYNAMIC_FAKES) },
	{
		files: DEMO_ENTRY_SERVICES,
		rules: { ...restrict(KY, SVELTE, STATE), ...syntax(NO_NEW_CLIENT) }
	},
	{
		files: DEMO_ENTRY_COMPONENTS,
		rules: { ...restrict(KY, CLIENT_FOR), ...syntax(NO_NEW_CLIENT) }
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
