// Gathers a long answer's bytes into one Blob off the page's thread (whole-body.ts says why).
import type { WholeBodyMessage } from './whole-body';

const pieces: Blob[] = [];
self.onmessage = (event: MessageEvent<WholeBodyMessage>) => {
	const message = event.data;
	if ('chunks' in message) pieces.push(new Blob(message.chunks as BlobPart[]));
	else self.postMessage(new Blob(pieces, { type: message.type }));
};
// Started: the page sends its bytes only now, so a worker that cannot start loses none.
self.postMessage('ready');
