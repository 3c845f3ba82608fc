/**
 * A clone's docs lead somewhere: every link in README.md and docs/ is relative, stays inside the
 * repository, and names a file the repository holds (and a heading of it, for a `#part`); the
 * README's pictures stay small enough to load at once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The files the repository holds (committed or staged); where git is missing, those on disk. */
function repositoryFiles(): (path: string) => boolean {
	try {
		const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
		const files = new Set(listed.split('\0').filter(Boolean));
		const dirs = new Set([...files].flatMap((f) => ancestors(f)));
		return (path) => files.has(path) || dirs.has(path);
	} catch {
		return (path) => existsSync(join(root, path));
	}
}

function ancestors(file: string): string[] {
	const out: string[] = [];
	for (let d = posix.dirname(file); d !== '.'; d = posix.dirname(d)) out.push(d);
	return out;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (outside code blocks), numbered as GitHub does. */
export function anchorsOf(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const out = new Set<string>();
	for (const line of withoutFences(markdown).split('\n')) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
		if (heading === undefined) continue;
		const base = anchorOf(heading);
		const n = seen.get(base) ?? 0;
		seen.set(base, n + 1);
		out.add(n ? `${base}-${n}` : base);
	}
	return out;
}

/** The text without its fenced code blocks, where a `#` line is not a heading. */
function withoutFences(markdown: string): string {
	return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** The text without code, fenced or inline, where links are not links. */
function withoutCode(markdown: string): string {
	return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Every link target of a Markdown text: `[text](target)`, `![alt](target)`, `<scheme:…>`. */
export function linksOf(markdown: string): string[] {
	const text = withoutCode(markdown);
	const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
	const auto = [...text.matchAll(/<([a-z][a-z0-9+.-]*:[^>\s]+)>/gi)];
	return [...inline, ...auto].map((m) => m[1]!);
}

/** What is wrong with each link of `file` (a path from the repository's root), in words. */
export function brokenLinks(
	file: string,
	markdown: string,
	holds: (path: string) => boolean,
	read: (path: string) => string
): string[] {
	const problems: string[] = [];
	for (const target of linksOf(markdown)) {
		if (/^https?:\/\//i.test(target)) continue;
		if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
			problems.push(`${file}: ${target} is not a link to a file of the repository`);
			continue;
		}
		const [path = '', anchor] = target.split('#', 2);
		if (path.startsWith('/')) {
			problems.push(`${file}: ${target} is absolute; write it relative to ${file}`);
			continue;
		}
		const resolved = path ? posix.normalize(posix.join(posix.dirname(file), path)) : file;
		const inside = resolved.replace(/\/$/, '');
		if (inside === '..' || inside.startsWith('../')) {
			problems.push(`${file}: ${target} leads outside the repository`);
			continue;
		}
		if (!holds(inside)) {
			problems.push(`${file}: ${target} names ${inside}, which the repository does not hold`);
			continue;
		}
		if (anchor && inside.endsWith('.md') && !anchorsOf(read(inside)).has(anchor))
			problems.push(`${file}: ${target} names a heading ${inside} does not have`);
	}
	return problems;
}

const docFiles = [
	'README.md',
	...readdirSync(join(root, 'docs'), { withFileTypes: true, recursive: true })
		.filter((e) => e.isFile() && e.name.endsWith('.md'))
		.map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
];
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('README.md and docs/ link only to what a clone holds', () => {
	const holds = repositoryFiles();

	it('every link is relative, inside the repository, to a file and heading it holds', () => {
		const links = docFiles.flatMap((f) => linksOf(read(f)));
		expect(links.length).toBeGreaterThan(30);
		expect(docFiles.flatMap((f) => brokenLinks(f, read(f), holds, read))).toEqual([]);
	});

	it('the README links to a docs page for each part it leaves out, and shows each area', () => {
		const links = linksOf(read('README.md'));
		for (const page of [
			'docs/using.md',
			'docs/demo-and-live.md',
			'docs/deploying.md',
			'docs/security.md',
			'docs/data-and-sync.md',
			'docs/benchmarks.md',
			'docs/architecture.md',
			'docs/contracts/README.md'
		])
			expect(links).toContain(page);
		const pictures = links.filter((l) => l.startsWith('docs/screenshots/'));
		expect(pictures).toHaveLength(3);
		for (const picture of pictures)
			expect(statSync(join(root, picture)).size, picture).toBeLessThan(150 * 1024);
	});

	it('a link to a missing file, a missing heading, outside the repository or absolute is named', () => {
		const scratch = [
			'[gone](docs/no-such-page.md)',
			'[part](docs/using.md#no-such-heading)',
			'[shared](../shared/notes.md)',
			'[root](/docs/using.md)',
			'[fine](docs/using.md)',
			'`[in code](docs/nothing.md)`'
		].join('\n');
		expect(brokenLinks('README.md', scratch, holds, read)).toEqual([
			'README.md: docs/no-such-page.md names docs/no-such-page.md, which the repository does not hold',
			'README.md: docs/using.md#no-such-heading names a heading docs/using.md does not have',
			'README.md: ../shared/notes.md leads outside the repository',
			'README.md: /docs/using.md is absolute; write it relative to README.md'
		]);
	});

	it('anchors are made as GitHub makes them', () => {
		expect(anchorOf('Bible notes: `bible-notes-YYYY-MM-DD.json`')).toBe(
			'bible-notes-bible-notes-yyyy-mm-ddjson'
		);
		const text = '# A\n## Demo and Live\n```\n# not a heading\n```\n## Demo and Live';
		expect([...anchorsOf(text)]).toEqual(['a', 'demo-and-live', 'demo-and-live-1']);
	});
});
