export interface DemoProject {
	id: number;
	name: string;
	path: string;
	path_with_namespace: string;
	description: string | null;
	visibility: 'public' | 'internal' | 'private';
	default_branch: string;
	archived: boolean | null;
	created_at: string;
	web_url: string;
}

const NAMESPACES = ['diaspora', 'gitlab-org', 'tools', 'docs', 'infra'];
const WORDS = [
	'client',
	'server',
	'runner',
	'pages',
	'charts',
	'cli',
	'api',
	'website',
	'handbook',
	'terraform'
];

/** Deterministic demo projects; a project's path differs from its name (CH-PATH-4). */
export function demoProjects(count = 137): DemoProject[] {
	return Array.from({ length: count }, (_, i) => {
		const id = i + 1;
		const ns = NAMESPACES[i % NAMESPACES.length]!;
		const word = WORDS[i % WORDS.length]!;
		const path = `${word}-${id}`;
		const created = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString();
		return {
			id,
			name: `${word[0]!.toUpperCase()}${word.slice(1)} ${id}`,
			path,
			path_with_namespace: `${ns}/${path}`,
			description: i % 4 === 0 ? null : `Demo ${word} project number ${id}.`,
			visibility: i % 3 === 0 ? 'private' : i % 3 === 1 ? 'internal' : 'public',
			default_branch: 'main',
			archived: i % 7 === 0 ? null : false,
			created_at: created,
			web_url: `https://codehost.demo/${ns}/${path}`
		};
	});
}
