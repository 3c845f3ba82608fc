// The search worker: holds the indexes so building and searching never block the page.
import { SearchEngine } from './engine';
import type { FromWorker, ToWorker } from './protocol';

const engines = new Map<string, SearchEngine>();
const post = (message: FromWorker) => self.postMessage(message);

function engineFor(apiRoot: string): SearchEngine {
	let engine = engines.get(apiRoot);
	if (!engine) {
		engine = new SearchEngine(apiRoot);
		engine.onIndexed = (bibleRef, chapters, ms, phases) =>
			post({ type: 'indexed', apiRoot, bibleRef, chapters, ms, phases });
		engine.onSaved = (bibleRef) => post({ type: 'index-saved', apiRoot, bibleRef });
		engines.set(apiRoot, engine);
	}
	return engine;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

self.onmessage = async (event: MessageEvent<ToWorker>) => {
	const message = event.data;
	const engine = engineFor(message.apiRoot);
	switch (message.type) {
		case 'sync':
			await engine.sync().catch(() => undefined);
			post({ type: 'synced', apiRoot: message.apiRoot });
			break;
		case 'change':
			if (message.change.deleted)
				await engine.translationDeleted(message.change.bibleRef).catch(() => undefined);
			else if (message.change.stored)
				await engine
					.chaptersStored(message.change.bibleRef, message.change.stored)
					.catch(() => undefined);
			break;
		case 'search': {
			const answer = await engine.search(message.request).catch((error: unknown) => ({
				ok: false as const,
				message: `The search could not run: ${reason(error)}. Reload the page and try again.`
			}));
			post({ type: 'answer', id: message.id, answer });
			break;
		}
		case 'bytes':
			post({
				type: 'bytes',
				id: message.id,
				bytes: await engine.storedIndexBytes().catch(() => ({}))
			});
			break;
		case 'save':
			await engine.save().catch(() => undefined);
			post({ type: 'saved', id: message.id });
			break;
	}
};
