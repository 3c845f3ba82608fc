/**
 * The one backup file: every area's data in one JSON document with a format name and version.
 * Each part is checked on the way in by its area's own readers, and the whole file is refused,
 * with the reason, when anything in it is wrong: another format, a newer version, a wrong type,
 * too large, a `__proto__` key, or a secret. An older version is migrated. No Svelte here.
 */
import { FileRefused } from '$lib/ui/file-refused';
import {
	LIMITS as COLLECTION_LIMITS,
	readName,
	readRequest,
	withoutSecrets,
	type Collection
} from '$lib/codehost/collections/collections';
import { cleanEnvironment, type Environment } from '$lib/codehost/environments/environments';
import {
	exportHistory,
	parseHistoryExport,
	type HistoryEntry
} from '$lib/codehost/history/history';
import { withoutSecretValues } from '$lib/codehost/secrets/variables';
import { exportNotes, parseNotesFile, readFile } from '$lib/bible/notes/format';
import { readPlans } from '$lib/bible/plans/file';
import { PERIODS } from '$lib/energy/model';
import { readReminderChoice, type ReminderChoice } from '$lib/energy/orders/reminder-choice';
import {
	readTrackedOrder,
	type TrackedByRoot,
	type TrackedOrder
} from '$lib/energy/orders/tracker';
import { holdsSecret } from '$lib/http/redact';
import { connectionError, SERVICE_IDS, type Connection } from '$lib/settings/connection';
import { defaultConnections, type Connections } from '$lib/settings/persistence';
import type { DataSet, PriceTable } from './data-set';

export const BACKUP_FORMAT = 'api-workbench-backup';
export const BACKUP_VERSION = 1;

/** Past these a file is refused before it is read: a whole app's data is far smaller. */
export const BACKUP_LIMITS = {
	fileChars: 30_000_000,
	environments: 200,
	trackedOrders: 10_000,
	apiRoots: 50
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

/** The file as written: pretty JSON, two spaces, one line at the end. */
export function writeBackup(data: DataSet, now = Date.now()): string {
	const notes = JSON.parse(exportNotes(data.notes, now, data.plans)) as unknown;
	const file = {
		format: BACKUP_FORMAT,
		version: BACKUP_VERSION,
		created: new Date(now).toISOString(),
		codehost: {
			collections: data.collections,
			environments: data.environments,
			...(data.history ? { history: JSON.parse(exportHistory(data.history)) as unknown } : {})
		},
		bible: { notes },
		energy: {
			followedOrders: data.tracked,
			...(data.prices ? { yourPrice: data.prices } : {}),
			...(data.reminders ? { reminders: data.reminders } : {})
		},
		settings: { connections: data.settings }
	};
	return JSON.stringify(file, null, 2) + '\n';
}

/** Reads JSON, refusing a key that could reach an object's prototype wherever it stands. */
function parseJson(text: string): unknown {
	try {
		return JSON.parse(text, (key, value: unknown) => {
			if (FORBIDDEN_KEYS.has(key))
				throw new FileRefused(`it has a field called “${key}”, which a backup never has.`);
			return value;
		});
	} catch (error) {
		if (error instanceof FileRefused) throw error;
		throw new FileRefused('it is not JSON. Choose a file made with “Back up everything”.');
	}
}

const TOKEN_KEYS = ['token', 'secret', 'password', 'refreshToken', 'tokens', 'apiToken'];

function readCollections(raw: unknown): Collection[] {
	if (raw === undefined) return [];
	if (!Array.isArray(raw)) throw new FileRefused('its collections are not a list.');
	if (raw.length > COLLECTION_LIMITS.collections)
		throw new FileRefused(`it holds more than ${COLLECTION_LIMITS.collections} collections.`);
	let count = 0;
	return raw.map((c, i): Collection => {
		if (!isObject(c) || typeof c.id !== 'string' || !Array.isArray(c.requests))
			throw new FileRefused(`collection ${i + 1} is not a collection of requests.`);
		const name = readName(c.name, `The name of collection ${i + 1}`);
		count += c.requests.length;
		if (count > COLLECTION_LIMITS.requests)
			throw new FileRefused(`it holds more than ${COLLECTION_LIMITS.requests} saved requests.`);
		return {
			id: c.id.slice(0, 100),
			name,
			requests: c.requests.map((r, j) => {
				const read = readRequest(r, `request ${j + 1} of “${name}”`);
				const auth = isObject(r) ? r.auth : undefined;
				if (isObject(auth) && TOKEN_KEYS.some((k) => k in auth))
					throw new FileRefused(`the saved request “${read.name}” carries a token.`);
				const clean = withoutSecrets(read);
				const [dropped] = clean.dropped;
				if (dropped)
					throw new FileRefused(
						`the saved request “${read.name}” carries ${dropped}, which holds a credential.`
					);
				const id = isObject(r) && typeof r.id === 'string' ? r.id.slice(0, 100) : `req-${i}-${j}`;
				return { ...read, id };
			})
		};
	});
}

function readEnvironments(raw: unknown): Environment[] {
	if (raw === undefined) return [];
	if (!Array.isArray(raw)) throw new FileRefused('its environments are not a list.');
	if (raw.length > BACKUP_LIMITS.environments)
		throw new FileRefused(`it holds more than ${BACKUP_LIMITS.environments} environments.`);
	return raw.map((e, i) => {
		if (
			isObject(e) &&
			// `secret` of an environment lists the names of its secret variables, never a value.
			(TOKEN_KEYS.some((k) => k !== 'secret' && k in e) ||
				(isObject(e.auth) && TOKEN_KEYS.some((k) => k in (e.auth as object))))
		)
			throw new FileRefused(`environment ${i + 1} carries a token.`);
		const env = cleanEnvironment(e);
		if (!env) throw new FileRefused(`environment ${i + 1} has no name.`);
		if (Object.keys(withoutSecretValues(env).secrets).length)
			throw new FileRefused(
				`the environment “${env.name}” holds the value of a secret variable; a backup never does.`
			);
		return env;
	});
}

function readHistory(raw: unknown): HistoryEntry[] | undefined {
	if (raw === undefined) return undefined;
	try {
		return parseHistoryExport(JSON.stringify(raw));
	} catch (error) {
		throw new FileRefused(`its history cannot be read: ${(error as Error).message}`);
	}
}

function readNotesPart(raw: unknown): { notes: DataSet['notes']; plans: DataSet['plans'] } {
	if (raw === undefined) return { notes: [], plans: [] };
	const text = JSON.stringify(raw);
	return { notes: parseNotesFile(text), plans: readPlans(readFile(text).plans) };
}

function readTracked(raw: unknown): TrackedByRoot {
	if (raw === undefined) return {};
	if (!isObject(raw)) throw new FileRefused('its followed orders are not grouped by server.');
	const roots = Object.entries(raw);
	if (roots.length > BACKUP_LIMITS.apiRoots)
		throw new FileRefused(`it follows orders on more than ${BACKUP_LIMITS.apiRoots} servers.`);
	let count = 0;
	const out: TrackedByRoot = {};
	for (const [root, list] of roots) {
		if (!/^https?:\/\/[^\s]{1,500}$/.test(root) || !Array.isArray(list))
			throw new FileRefused('its followed orders name a server that is not a web address.');
		count += list.length;
		if (count > BACKUP_LIMITS.trackedOrders)
			throw new FileRefused(`it follows more than ${BACKUP_LIMITS.trackedOrders} orders.`);
		out[root] = list.map((o, i): TrackedOrder => {
			const order = readTrackedOrder(o);
			if (!order) throw new FileRefused(`followed order ${i + 1} is not an order.`);
			return order;
		});
	}
	return out;
}

/** Your price (energy): server → period → whole sun per unit, as the energy area keeps it. */
function readPrices(raw: unknown): Record<string, PriceTable> | undefined {
	if (raw === undefined) return undefined;
	if (!isObject(raw)) throw new FileRefused('its energy prices are not grouped by server.');
	const roots = Object.entries(raw);
	if (roots.length > BACKUP_LIMITS.apiRoots)
		throw new FileRefused(`it has energy prices for more than ${BACKUP_LIMITS.apiRoots} servers.`);
	const out: Record<string, PriceTable> = {};
	for (const [root, table] of roots) {
		if (!/^https?:\/\/[^\s]{1,500}$/.test(root) || !isObject(table))
			throw new FileRefused('its energy prices name a server that is not a web address.');
		const prices: PriceTable = {};
		for (const [period, sun] of Object.entries(table)) {
			const known = PERIODS.find((p) => p.id === period);
			if (!known) throw new FileRefused(`its energy prices name a period this app has not.`);
			// As the energy area keeps a price: a whole number of sun, at least 1.
			if (typeof sun !== 'number' || !Number.isSafeInteger(sun) || sun < 1)
				throw new FileRefused(
					`its energy price for ${known.label} is not a whole number of sun (1 or more).`
				);
			prices[known.id] = sun;
		}
		out[root] = prices;
	}
	return out;
}

/** Energy's reminders: on or off, and whole minutes from 1 to 1440, as the energy area keeps them. */
function readReminders(raw: unknown): ReminderChoice | undefined {
	if (raw === undefined) return undefined;
	const choice = readReminderChoice(raw);
	if (!choice)
		throw new FileRefused(
			'its energy reminders are not a choice of on or off and whole minutes from 1 to 1440.'
		);
	return choice;
}

const CONNECTION_KEYS = new Set(['mode', 'baseUrl', 'proxyUrl']);

function readSettings(raw: unknown): Connections {
	const out = defaultConnections();
	if (raw === undefined) return out;
	if (!isObject(raw)) throw new FileRefused('its settings are not a list of connections.');
	for (const [id, c] of Object.entries(raw)) {
		if (!(SERVICE_IDS as readonly string[]).includes(id))
			throw new FileRefused(`its settings name a service “${id.slice(0, 40)}” this app has not.`);
		if (!isObject(c)) throw new FileRefused(`the settings of ${id} are not a connection.`);
		for (const key of Object.keys(c))
			if (!CONNECTION_KEYS.has(key))
				throw new FileRefused(
					`the settings of ${id} have a field “${key.slice(0, 40)}”; a backup keeps only modes and addresses, never a token.`
				);
		const connection: Connection = {
			mode: c.mode === 'live' ? 'live' : 'demo',
			baseUrl: typeof c.baseUrl === 'string' ? c.baseUrl : '',
			proxyUrl: typeof c.proxyUrl === 'string' ? c.proxyUrl : ''
		};
		if (c.mode !== 'live' && c.mode !== 'demo')
			throw new FileRefused(`the settings of ${id} name no mode (Demo or Live).`);
		const problem = connectionError(connection);
		if (problem) throw new FileRefused(`the settings of ${id} are not usable: ${problem}`);
		out[id as keyof Connections] = connection;
	}
	return out;
}

/** Versions a backup was written in before this one, each to the next (none yet: 1 is the first). */
const MIGRATIONS: Record<number, (file: Record<string, unknown>) => Record<string, unknown>> = {};

/**
 * Reads a backup file whole. `secrets` are the secret values this app knows (tokens, secret
 * variables): a file that holds any of them, in any written form, is refused.
 */
export function readBackup(text: string, secrets: readonly string[] = []): DataSet {
	if (text.length > BACKUP_LIMITS.fileChars)
		throw new FileRefused(
			`it is larger than ${BACKUP_LIMITS.fileChars / 1_000_000} MB; a backup of this app is far smaller.`
		);
	const parsed = parseJson(text);
	if (!isObject(parsed) || parsed.format !== BACKUP_FORMAT)
		throw new FileRefused(
			'it is not a backup of this app. Choose a file made with “Back up everything”.'
		);
	let file: Record<string, unknown> = parsed;
	const version = file.version;
	if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
		throw new FileRefused('it names no version this app knows.');
	if (version > BACKUP_VERSION)
		throw new FileRefused(
			`it was made by a newer version of this app (backup version ${version}; this one reads up to ${BACKUP_VERSION}). Update the app, then restore it.`
		);
	for (let v = version; v < BACKUP_VERSION; v++) file = MIGRATIONS[v]!(file);
	if (holdsSecret(text, secrets))
		throw new FileRefused(
			'it holds one of your tokens or secret values; a backup never does. Nothing was restored.'
		);
	try {
		const codehost = isObject(file.codehost) ? file.codehost : {};
		const bible = isObject(file.bible) ? file.bible : {};
		const energy = isObject(file.energy) ? file.energy : {};
		const settings = isObject(file.settings) ? file.settings : {};
		const history = readHistory(codehost.history);
		const { notes, plans } = readNotesPart(bible.notes);
		const prices = readPrices(energy.yourPrice);
		const reminders = readReminders(energy.reminders);
		return {
			collections: readCollections(codehost.collections),
			environments: readEnvironments(codehost.environments),
			...(history ? { history } : {}),
			notes,
			plans,
			tracked: readTracked(energy.followedOrders),
			...(prices ? { prices } : {}),
			...(reminders ? { reminders } : {}),
			settings: readSettings(settings.connections)
		};
	} catch (error) {
		// Collections', notes' and plans' readers say why in a sentence of their own.
		if (error instanceof FileRefused) throw new FileRefused(lowerFirst(error.message));
		throw error;
	}
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
