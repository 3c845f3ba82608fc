// Messages between the page and the search worker.
import type { ChapterChange } from './changes';
import type { SearchAnswer, SearchRequest } from './engine';

export type ToWorker =
	| { type: 'sync'; apiRoot: string }
	| { type: 'change'; apiRoot: string; change: ChapterChange }
	| { type: 'search'; id: number; apiRoot: string; request: SearchRequest }
	| { type: 'bytes'; id: number; apiRoot: string }
	| { type: 'save'; id: number; apiRoot: string };

export type FromWorker =
	| {
			type: 'indexed';
			apiRoot: string;
			bibleRef: string;
			chapters: number;
			ms: number;
			/** Where the time went (for the benchmark). */
			phases?: Record<string, number>;
	  }
	| { type: 'synced'; apiRoot: string }
	/** A translation's index was saved: the page's reader can load it. */
	| { type: 'index-saved'; apiRoot: string; bibleRef: string }
	| { type: 'answer'; id: number; answer: SearchAnswer }
	| { type: 'bytes'; id: number; bytes: Record<string, number> }
	| { type: 'saved'; id: number };
