// Compares two answers off the page's thread: parsing and walking two bodies of a few MB on the
// page would hold it for as long.
import { answerDiff } from './diff-answer';
import type { DiffTask } from './diff-protocol';

self.onmessage = (event: MessageEvent<DiffTask>) => self.postMessage(answerDiff(event.data));
