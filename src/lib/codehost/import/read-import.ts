/**
 * The one entry of an import from another tool: the file's text (or data already parsed), its
 * format found by content, and that format's parser, giving one ImportPreview. A pure function
 * over a string, so the import worker runs it off the page's thread; nothing is applied here.
 * No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { loadCatalogue } from '../catalogue/catalogue';
import { parseCollectionsFile, type ImportedFile } from '../collections/collections';
import type { FolderText } from './bruno-folder';
import { detectFormat } from './detect';
import { loadPart } from './lazy-part';
import { parseBruno } from './bruno';
import { parseHar } from './har';
import { parseHoppscotchCollection, parseHoppscotchEnvironment } from './hoppscotch';
import { parseInsomnia } from './insomnia';
import { parsePostmanCollection, parsePostmanEnvironment } from './postman';
import { PreviewBuilder, type ImportOptions, type ImportPreview } from './preview';
import { readData } from './source';
import { EXPLORER_PATHS } from './target';

let paths: Promise<readonly string[]> | undefined;

/**
 * The endpoint catalogue's path templates (GitLab's REST v4 and the explorer's own), to find an id
 * holding a raw `/`: its own chunk, loaded once, in the worker that imports.
 */
function cataloguePaths(): Promise<readonly string[]> {
	paths ??= loadCatalogue().then(
		(entries) => [...new Set(entries.map((e) => e.path))],
		() => {
			paths = undefined;
			return EXPLORER_PATHS;
		}
	);
	return paths;
}

/** This explorer's own file, as a preview like the others (its own reader checks it). */
function ownFile(text: string): ImportPreview {
	const file = parseCollectionsFile(text);
	const b = new PreviewBuilder('api-workbench');
	for (const c of file.collections) for (const r of c.requests) b.add(c.name, r);
	for (const e of file.environments)
		b.environment(
			e.name,
			Object.entries(e.values).map(([name, value]) => ({
				name,
				value,
				secret: e.secret?.includes(name)
			}))
		);
	for (const d of file.dropped)
		b.note('Secrets in the file', 'not imported: credentials are entered under Auth.', d);
	return b.build();
}

/** Reads a file of any known format; throws FileRefused (nothing taken) for anything else. */
export async function parseImport(text: string, options: ImportOptions): Promise<ImportPreview> {
	return previewOf(readData(text), text, options);
}

/** The preview of a file already read as data (`text`: the same file, for this explorer's own). */
async function previewOf(
	data: unknown,
	text: string,
	options: ImportOptions
): Promise<ImportPreview> {
	const format = detectFormat(data);
	const full = { ...options, knownPaths: options.knownPaths ?? (await cataloguePaths()) };
	switch (format) {
		case 'api-workbench':
			return ownFile(text);
		case 'postman-collection-2.0':
		case 'postman-collection-2.1':
			return parsePostmanCollection(data as Record<string, unknown>, format, full);
		case 'postman-environment':
			return parsePostmanEnvironment(data as Record<string, unknown>);
		case 'openapi-3.0':
		case 'openapi-3.1':
		case 'swagger-2.0':
			// The reference resolver loads only for a description (it is the largest part).
			return (await loadPart('openapi', () => import('./openapi'))).parseOpenApi(
				data as Record<string, unknown>,
				format,
				full
			);
		case 'insomnia-4':
		case 'insomnia-5':
			return parseInsomnia(data as Record<string, unknown>, format, full);
		case 'har-1.2':
			return parseHar(data as Record<string, unknown>, full);
		case 'bruno-json':
			return parseBruno(data as Record<string, unknown>, full);
		case 'hoppscotch-collection':
			return parseHoppscotchCollection(data, full);
		case 'hoppscotch-environment':
			return parseHoppscotchEnvironment(data);
		case 'bruno-folder':
			// Never found in one file: a folder is read by readBrunoFolderImport.
			throw new FileRefused('A Bruno collection folder is chosen with “Import a Bruno folder”.');
	}
}

/**
 * What a file chosen in Collections brings: this explorer's own collections file, read as it has
 * always been (token references and all, applied at once), or any other tool's, as a preview to
 * confirm. Throws FileRefused (nothing taken) for anything else.
 */
export type AnyImport = { own: ImportedFile } | { preview: ImportPreview };

export async function readAnyImport(text: string, options: ImportOptions): Promise<AnyImport> {
	const data = readData(text);
	if (detectFormat(data) === 'api-workbench') return { own: parseCollectionsFile(text) };
	return { preview: await previewOf(data, text, options) };
}

/** A Bruno collection folder's files (bruno.json and .bru), as a preview to confirm. */
export async function readBrunoFolderImport(
	files: readonly FolderText[],
	options: ImportOptions
): Promise<AnyImport> {
	const full = { ...options, knownPaths: options.knownPaths ?? (await cataloguePaths()) };
	// Bruno's parser loads only for a folder import.
	const bruno = await loadPart('bruno', () => import('./bruno-folder'));
	return { preview: bruno.parseBrunoFolder(files, full) };
}
