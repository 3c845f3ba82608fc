/**
 * The README's front door stays true: its first two commands are the ones that work on a fresh
 * clone, the test command is the one CI runs, and both name scripts package.json has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The shell commands of a Markdown text's `sh` code blocks, in order. */
export function shellBlocks(markdown: string): string[] {
	return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!.trim());
}

/** The commands a shell script runs, without comments, `set` lines or blank lines. */
export function scriptCommands(script: string): string[] {
	return script
		.split('\n')
		.map((l) => l.trim())
		.filter((l) => l && !l.startsWith('#') && !l.startsWith('set '));
}

describe('the README opens with the two commands, as CI and package.json have them', () => {
	const readme = read('README.md');
	const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

	it('the first two blocks install from the lockfile, then start the app and run every test', () => {
		const [start, test] = shellBlocks(readme);
		expect(start).toBe('npm ci && npm start');
		expect(test).toBe('npm ci && npm test');
		// Before anything else the README says: its first lines are these two blocks.
		expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
	});

	it('CI runs the README test command: npm ci, then npm test', () => {
		const ci = scriptCommands(read('.ci/run'));
		const install = ci.indexOf('npm ci --no-audit --no-fund');
		expect(install).toBeGreaterThanOrEqual(0);
		expect(install).toBeLessThan(ci.length - 1);
		expect(ci.at(-1)).toBe('npm test');
	});

	it('npm start builds and serves in Demo mode; npm test checks, lints, tests, builds and runs e2e', () => {
		expect(scripts.start).toBe('npm run build && node scripts/serve.js');
		for (const step of ['npm run check', 'npm run lint', 'npm run test:unit', 'npm run build'])
			expect(scripts.test).toContain(step);
		expect(scripts.test).toContain('npm run test:e2e');
		expect(readme).toContain('<http://127.0.0.1:4173/>');
		expect(read('scripts/serve.js')).toContain("default: process.env.PORT ?? '4173'");
	});

	it('a README whose test command CI does not run is caught', () => {
		expect(shellBlocks('```sh\nnpm install && npm run test:unit\n```\n')).not.toContain(
			'npm ci && npm test'
		);
		expect(scriptCommands('#!/bin/sh\nset -e\n# x\nnpm ci\nnpm test\n')).toEqual([
			'npm ci',
			'npm test'
		]);
	});
});
