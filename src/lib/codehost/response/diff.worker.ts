// Compares two answers off the page's thread: parsing and walking two bodies of a few MB on the
// page would hold it for as long.
import { answerDiff } from './diff-answer';
import type { DiffRequest } from './diff-protocol';

self.onmessage = (event: MessageEvent<DiffRequest>) => self.postMessage(answerDiff(event.data));
