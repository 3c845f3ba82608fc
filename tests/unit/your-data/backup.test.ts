import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION, readBackup, writeBackup } from '$lib/your-data/backup';
import { filledData, historyEntry } from './fixtures';

const refusal = (text: string, secrets: string[] = []) => {
	try {
		readBackup(text, secrets);
	} catch (error) {
		expect(error).toBeInstanceOf(FileRefused);
		return (error as Error).message;
	}
	throw new Error('The file was read.');
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the file freely, as a hostile author would
type Loose = Record<string, any>;

const edited = (edit: (file: Loose) => void) => {
	const file = JSON.parse(writeBackup(filledData())) as Loose;
	edit(file);
	return JSON.stringify(file);
};

describe('the backup file', () => {
	it('names its format and version and reads back every item exactly', () => {
		const data = filledData();
		const text = writeBackup(data, Date.UTC(2026, 5, 1));
		const file = JSON.parse(text) as { format: string; version: number; created: string };
		expect(file).toMatchObject({
			format: BACKUP_FORMAT,
			version: BACKUP_VERSION,
			created: '2026-06-01T00:00:00.000Z'
		});
		expect(text).toMatch(/^\{\n {2}"format"/);
		expect(readBackup(text)).toEqual(data);
	});

	it('carries History only when asked', () => {
		const data = { ...filledData(), history: [historyEntry('h1')] };
		expect(readBackup(writeBackup(data)).history?.map((e) => e.id)).toEqual(['h1']);
		expect(readBackup(writeBackup(filledData())).history).toBeUndefined();
	});

	it('Your price (energy), per server and period, is in the file and reads back exactly', () => {
		const data = filledData();
		const file = JSON.parse(writeBackup(data)) as Loose;
		expect(file.energy.yourPrice).toEqual({
			'https://energy.demo/api/v1/private': { '1h': 5, '1d': 60 },
			'https://energy.example.com/api/v1/private': { '30d': 1500 }
		});
		expect(readBackup(writeBackup(data)).prices).toEqual(data.prices);
	});

	it('a file made before prices were backed up reads with no prices (not an empty table)', () => {
		const data = readBackup(edited((f) => delete f.energy.yourPrice));
		expect(data).not.toHaveProperty('prices');
	});

	it('a price that the energy area would not keep refuses the file', () => {
		const root = 'https://energy.demo/api/v1/private';
		for (const bad of ['60', 0, 1.5, -3, 2 ** 53, null])
			expect(refusal(edited((f) => (f.energy.yourPrice[root]['1d'] = bad)))).toMatch(
				/energy price for 1 day is not a whole number of sun/
			);
		expect(refusal(edited((f) => (f.energy.yourPrice[root]['2h'] = 5)))).toMatch(
			/period this app has not/
		);
		expect(refusal(edited((f) => (f.energy.yourPrice['not a server'] = { '1d': 5 })))).toMatch(
			/not a web address/
		);
		expect(refusal(edited((f) => (f.energy.yourPrice = [60])))).toMatch(/not grouped by server/);
	});

	it('energy reminders are in the file and read back; a file made before them reads with none; a wrong choice refuses the file', () => {
		const data = filledData();
		expect((JSON.parse(writeBackup(data)) as Loose).energy.reminders).toEqual({
			enabled: true,
			minutes: 25
		});
		expect(readBackup(writeBackup(data)).reminders).toEqual({ enabled: true, minutes: 25 });
		expect(readBackup(edited((f) => delete f.energy.reminders))).not.toHaveProperty('reminders');
		for (const bad of [{ enabled: 'yes', minutes: 5 }, { enabled: true, minutes: 0 }, [true, 5]])
			expect(refusal(edited((f) => (f.energy.reminders = bad)))).toMatch(
				/energy reminders are not a choice/
			);
	});

	it('a file of a newer version is refused whole, with the reason', () => {
		const message = refusal(edited((f) => (f.version = BACKUP_VERSION + 1)));
		expect(message).toMatch(/newer version of this app/);
	});

	it('another format, not JSON, or too large is refused', () => {
		expect(refusal(edited((f) => (f.format = 'api-workbench-collections')))).toMatch(
			/not a backup of this app/
		);
		expect(refusal('{ not json')).toMatch(/not JSON/);
		expect(refusal(' '.repeat(30_000_001))).toMatch(/larger than 30 MB/);
	});

	it('a __proto__ key anywhere refuses the file', () => {
		const text = writeBackup(filledData()).replace(
			'"name": "Projects"',
			'"__proto__": {"x": 1}, "name": "Projects"'
		);
		expect(refusal(text)).toMatch(/__proto__/);
	});

	it('wrong types refuse the file, naming what is wrong', () => {
		expect(refusal(edited((f) => (f.codehost.collections = 'all of them')))).toMatch(/not a list/);
		expect(
			refusal(edited((f) => (f.codehost.collections[0].requests[0].method = 'GET;rm')))
		).toMatch(/method/);
		// The collections' and notes' own reasons, as the rest of a sentence ("Not restored: the …").
		expect(refusal(edited((f) => (f.codehost.collections[0].name = 5)))).toMatch(
			/^the name of collection 1 is not text/
		);
		expect(refusal(edited((f) => (f.bible.notes.notes[0].bookmark = 'yes')))).toMatch(
			/^entry 1 of the file/
		);
		expect(refusal(edited((f) => (f.bible.notes.notes[0].bookmark = 'yes')))).toMatch(/bookmark/);
		expect(refusal(edited((f) => (f.bible.notes.plans[0].done = ['x'])))).toMatch(/days read/);
		expect(
			refusal(edited((f) => (f.energy.followedOrders['https://energy.demo/x'] = [{ guid: 'x' }])))
		).toMatch(/not an order/);
		expect(refusal(edited((f) => (f.settings.connections.codehost.mode = 'sideways')))).toMatch(
			/mode/
		);
	});

	it('a file holding a secret is refused: a token, a secret variable’s value, a credential header', () => {
		expect(
			refusal(edited((f) => (f.codehost.collections[0].requests[0].auth.token = 'glpat-abc123')))
		).toMatch(/carries a token/);
		expect(
			refusal(edited((f) => (f.codehost.environments[1].values.api_token = 's3cr3t-value')))
		).toMatch(/secret variable/);
		expect(
			refusal(
				edited((f) => (f.codehost.collections[0].requests[0].headers = 'PRIVATE-TOKEN: glpat-x'))
			)
		).toMatch(/credential/);
		expect(refusal(edited((f) => (f.settings.connections.energy.apiToken = 'tok')))).toMatch(
			/never a token/
		);
		// A value this tab knows as secret, wherever it stands (here in a plain variable).
		const known = edited((f) => (f.codehost.environments[0].values.host = 'glpat-known-secret'));
		expect(refusal(known, ['glpat-known-secret'])).toMatch(/tokens or secret values/);
		expect(() => readBackup(known, [])).not.toThrow();
	});
});
