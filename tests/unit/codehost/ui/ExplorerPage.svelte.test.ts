// The explorer's page as the route hands it the explorer (explorerArea()): its title and heading,
// the request and its answer at once, and the saved requests and History in the tasks after the
// first paint (PageStages). Rendered as Svelte's server build does, before any effect has run.
import { render } from 'svelte/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExplorerState } from '$lib/codehost/explorer.svelte';
import ExplorerPage from '$lib/codehost/ui/ExplorerPage.svelte';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver } from '../explorer-over';

let explorer: ExplorerState;
function page(showRefs = false) {
	const app = createCodehostApp();
	explorer = explorerOver(async (input, init) => app.fetch(new Request(input, init)));
	explorer.showRefs = showRefs;
	return render(ExplorerPage, { props: { explorer } });
}
afterEach(() => explorer.close());

describe('the explorer page', () => {
	it('is titled and headed as the explorer, with the spec references choice and the request form', () => {
		const { head, body } = page();
		expect(head).toContain('<title>Explorer · API Workbench</title>');
		expect(body).toContain('<h1>Code-host API explorer</h1>');
		expect(body).toMatch(
			/<label class="check[^"]*"><input type="checkbox"\/> Show spec references<\/label>/
		);
		expect(body).toContain('aria-label="Request"');
		expect(body).toContain('aria-label="Code host connection"');
	});

	it('leaves the saved requests and History to the tasks after the first paint', () => {
		const { body } = page();
		expect(body).toContain('<form class="request');
		expect(body).not.toContain('id="collections-title"');
		expect(body).not.toContain('aria-label="History"');
	});

	it('shows the API’s conventions under the form only with spec references on', () => {
		expect(page(false).body).not.toContain('Code-host conventions');
		explorer.close();
		const { body } = page(true);
		expect(body).toMatch(/<caption[^>]*>Code-host conventions<\/caption>/);
		expect(body).toMatch(/<input type="checkbox" checked(="")?\/> Show spec references/);
	});
});
