// The backup file's worker: writes and reads a whole app's data away from the page's main thread.
import { backupWork, type ToBackupWorker } from './backup-file';

self.onmessage = async (event: MessageEvent<ToBackupWorker>) => {
	self.postMessage(await backupWork(event.data));
};
