// Reads and checks an imported history or collections file off the page's thread: a file of
// several MB parsed and redacted on the page would freeze it for as long.
import { readImport, type ImportReply, type ImportTask } from './file';

self.onmessage = (event: MessageEvent<ImportTask>) =>
	void readImport(event.data, (reply: ImportReply) => self.postMessage(reply));
