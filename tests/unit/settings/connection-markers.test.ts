import { expect, it } from 'vitest';
import { baseUrlError } from '$lib/settings/connection';

it('refuses an empty query marker or fragment marker, which would swallow the API root', () => {
	expect(baseUrlError('https://gitlab.example.com?')).not.toBeNull();
	expect(baseUrlError('https://gitlab.example.com/#')).not.toBeNull();
	// What happens today when it is accepted:
});
