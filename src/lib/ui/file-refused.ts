/**
 * A file that is not taken: an import, a backup, exported notes or plans, a file of the repository
 * a pull reads. Its message says why, in words for the person, and nothing of the file was kept.
 * One error for all of them, so a reader that calls another (a backup reads collections and
 * notes) passes the reason on as it is. `file` names the file when the message already does.
 */
export class FileRefused extends Error {
	override readonly name = 'FileRefused';
	readonly file: string | undefined;

	constructor(message: string, options: { file?: string } = {}) {
		super(message);
		this.file = options.file;
	}
}
