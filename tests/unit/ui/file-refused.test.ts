import { describe, expect, it } from 'vitest';
import { FileRefused } from '$lib/ui/file-refused';

describe('a refused file', () => {
	it('says why in its message and names the file when asked to', () => {
		const named = new FileRefused('bible/notes.json is not JSON.', { file: 'bible/notes.json' });
		expect(named).toBeInstanceOf(Error);
		expect(named.name).toBe('FileRefused');
		expect(named.message).toBe('bible/notes.json is not JSON.');
		expect(named.file).toBe('bible/notes.json');
		expect(new FileRefused('it is not JSON.').file).toBeUndefined();
	});
});
