/**
 * A clone explains itself: every contract rule a test cites (`EN-ORD-3: …`) is described in
 * docs/contracts/, so a newcomer can read what the test holds the code to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** A rule id: area, topic, number (CH-PAY-7, EN-ORD-3, BI-EP-1). */
const RULE_ID = /\b(?:CH|EN|BI)-[A-Z]+-\d+\b/g;

function files(dir: string, pattern: RegExp): string[] {
	return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
		.filter((e) => e.isFile() && pattern.test(e.name))
		.map((e) => join(e.parentPath, e.name));
}

/** The ids cited in these texts that the docs do not mention. */
export function missingFromDocs(cited: string[], docs: string): string[] {
	const described = new Set(docs.match(RULE_ID) ?? []);
	const ids = new Set(cited.flatMap((text) => text.match(RULE_ID) ?? []));
	return [...ids].filter((id) => !described.has(id)).sort();
}

describe('docs/contracts describe every rule the tests cite', () => {
	const tests = files('tests', /\.(ts|js)$/).map((f) => readFileSync(f, 'utf8'));
	const docs = files('docs', /\.md$/)
		.map((f) => readFileSync(f, 'utf8'))
		.join('\n');

	it('every rule id cited in tests/ is in docs/', () => {
		expect(tests.join('\n').match(RULE_ID)?.length ?? 0).toBeGreaterThan(100);
		expect(missingFromDocs(tests, docs)).toEqual([]);
	});

	it('a test citing a rule the docs lack fails', () => {
		// Spelt in two parts, so this file itself cites no such rule.
		const id = ['EN', 'ORD', '99'].join('-');
		const scratch = `it('${id}: an order field no doc describes', () => {});`;
		expect(missingFromDocs([scratch], docs)).toEqual([id]);
	});
});
