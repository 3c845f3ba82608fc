// The notes import's worker: reads and checks a notes file away from the page's main thread (a
// 5 MB file held the page still for seconds when read there).
import { FileRefused } from '$lib/ui/file-refused';
import { readNotesText, type FromImportWorker } from './read-notes';

const PART = 2000;
const post = (message: FromImportWorker) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<Blob>) => {
	try {
		const notes = await readNotesText(await event.data.text(), {
			onProgress: (read, total) => post({ type: 'progress', read, total }),
			onPlans: (plans) => post({ type: 'plans', plans })
		});
		// In parts: the page takes each message in one task, and 31,000 records at once took 90 ms.
		for (let at = 0; at < notes.length; at += PART)
			post({ type: 'notes', notes: notes.slice(at, at + PART) });
		post({ type: 'read', total: notes.length });
	} catch (error) {
		post({
			type: 'refused',
			message:
				error instanceof FileRefused
					? error.message
					: 'the file could not be read. Choose a file made with Export notes.'
		});
	}
};
