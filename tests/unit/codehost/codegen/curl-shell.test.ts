import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellWord, toCurl } from '$lib/codehost/codegen/curl';
import { hostileMethod } from '../hostile-method';

let dir = '';
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = '';
});

/** Runs a copied command in bash with `curl` replaced by a function that prints its arguments. */
function runInBash(command: string): string[] {
	const out = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
		cwd: dir,
		encoding: 'utf8'
	});
	return out.split('\0').slice(0, -1);
}

describe('a copied cURL is one harmless curl call, whatever the method', () => {
	it('a hostile method runs no command: bash sees one curl call with the method as one word', () => {
		dir = mkdtempSync(join(tmpdir(), 'curl-shell-'));
		const marker = join(dir, 'marker');
		const method = hostileMethod(marker);
		const url = 'https://gitlab.example.com/api/v4/projects';
		const args = runInBash(toCurl({ method, url, headers: { 'X-A': "it's" }, body: 'a=1' }));
		expect(existsSync(marker)).toBe(false);
		expect(args).toEqual(['-X', method.toUpperCase(), '-H', "X-A: it's", '--data-raw', 'a=1', url]);
	});

	it('the same file run without the quoting would have made the marker (the fixture is live)', () => {
		dir = mkdtempSync(join(tmpdir(), 'curl-shell-'));
		const marker = join(dir, 'marker');
		runInBash(`curl -X ${hostileMethod(marker).toUpperCase()} 'https://h/api/v4'`);
		expect(existsSync(marker)).toBe(true);
	});

	it('plain methods stay bare; anything a shell would read specially is quoted', () => {
		expect(shellWord('DELETE')).toBe('DELETE');
		expect(shellWord('GET;ls')).toBe(`'GET;ls'`);
		expect(shellWord('A&B')).toBe(`'A&B'`);
		expect(shellWord('$(id)')).toBe(`'$(id)'`);
		expect(shellWord('')).toBe(`''`);
	});
});
