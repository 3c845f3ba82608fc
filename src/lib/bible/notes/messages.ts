// What the notes say when storing fails, in words for the user.
import { FileRefused } from '$lib/ui/file-refused';
import { isQuotaExceeded, notSavedFull, STORAGE_IS_FULL } from '$lib/ui/storage-faults';
import { NewerData } from '$lib/ui/stored-format';
import { FREE_SPACE } from '../offline/storage-full';

const reason = (error: unknown) =>
	error instanceof Error && error.message ? error.message : 'the browser refused to store it';

/** A change to one verse was not stored; what was saved before is untouched. */
export function notSaved(error: unknown): string {
	if (error instanceof NewerData) return `Not saved. ${error.message}`;
	if (isQuotaExceeded(error)) return notSavedFull('Everything saved before is kept.', FREE_SPACE);
	return `Not saved on this device: ${reason(error)}. Try again; if it goes on, check the browser’s storage settings.`;
}

/** An import was refused or not stored; nothing of it was written. */
export function notImported(error: unknown): string {
	if (error instanceof FileRefused) return `Not imported, nothing changed: ${error.message}`;
	if (error instanceof NewerData) return `Not imported. ${error.message}`;
	if (isQuotaExceeded(error))
		return `Not imported, nothing changed: ${STORAGE_IS_FULL}. ${FREE_SPACE}, then import again.`;
	return `Not imported, nothing changed: the notes could not be stored (${reason(error)}).`;
}
