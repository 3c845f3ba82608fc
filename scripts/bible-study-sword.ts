// Reads SWORD modules' own files (no libsword): the verse-keyed zText/zCom formats and the zLD
// dictionaries. Debian's diatheke cannot read MHCC (its .conf says zCom4, 12-byte verse entries,
// but the files are zCom, 10-byte entries: "Error reading ulCompOffset"), and it re-encodes the
// Hebrew dictionary's UTF-8 as if it were Windows-1252; reading the files ourselves avoids both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

export const SWORD_ROOT = '/usr/share/sword/modules';

/** Chapter lengths of each book in the KJV versification, in canonical order. */
export type Versification = readonly { ref: string; chapters: readonly number[] }[];

export interface VerseEntry {
	book: string;
	chapter: number;
	verse: number;
	text: string;
	/** Where the text is stored: verses that share one entry (a commentary's range) share this. */
	at: string;
}

/**
 * Every non-empty verse entry of a verse-keyed module, by KJV versification. The index of one
 * testament holds: 0 module heading, 1 testament heading, then per book its introduction and per
 * chapter its introduction followed by its verses.
 * @param entrySize 10 for zText/zCom (4-byte block, 4-byte offset, 2-byte size), 12 for *4.
 */
export function readVerseModule(
	dir: string,
	prefix: 'b' | 'c',
	entrySize: 10 | 12,
	v11n: Versification
): VerseEntry[] {
	const out: VerseEntry[] = [];
	const testaments: [string, Versification][] = [
		['ot', v11n.slice(0, 39)],
		['nt', v11n.slice(39)]
	];
	for (const [t, books] of testaments) {
		const idx = readFileSync(join(dir, `${t}.${prefix}zs`));
		const verses = readFileSync(join(dir, `${t}.${prefix}zv`));
		const data = readFileSync(join(dir, `${t}.${prefix}zz`));
		const blocks = new Map<number, Buffer>();
		const block = (n: number) => {
			let b = blocks.get(n);
			if (!b) {
				const offset = idx.readUInt32LE(n * 12);
				const size = idx.readUInt32LE(n * 12 + 4);
				b = inflateSync(data.subarray(offset, offset + size));
				blocks.set(n, b);
			}
			return b;
		};
		const entry = (i: number): { text: string; at: string } => {
			const none = { text: '', at: '' };
			const at = i * entrySize;
			if (at + entrySize > verses.length) return none;
			const blockNo = verses.readUInt32LE(at);
			const offset = verses.readUInt32LE(at + 4);
			const size = entrySize === 10 ? verses.readUInt16LE(at + 8) : verses.readUInt32LE(at + 8);
			if (size === 0 || blockNo * 12 + 12 > idx.length) return none;
			const text = block(blockNo)
				.subarray(offset, offset + size)
				.toString('utf8');
			return { text, at: `${t}.${blockNo}.${offset}` };
		};
		let i = 2;
		for (const book of books) {
			i++; // the book's introduction
			for (const [c, count] of book.chapters.entries()) {
				i++; // the chapter's introduction
				for (let v = 1; v <= count; v++, i++) {
					const { text, at } = entry(i);
					if (text.trim()) out.push({ book: book.ref, chapter: c + 1, verse: v, text, at });
				}
			}
		}
	}
	return out;
}

/** Every entry of a zLD dictionary (key → text), in the module's (sorted) order. */
export function readDictionary(base: string): { key: string; text: string }[] {
	const idx = readFileSync(`${base}.idx`);
	const dat = readFileSync(`${base}.dat`);
	const zdx = readFileSync(`${base}.zdx`);
	const zdt = readFileSync(`${base}.zdt`);
	const blocks = new Map<number, Buffer>();
	const block = (n: number) => {
		let b = blocks.get(n);
		if (!b) {
			const offset = zdx.readUInt32LE(n * 8);
			const size = zdx.readUInt32LE(n * 8 + 4);
			b = inflateSync(zdt.subarray(offset, offset + size));
			blocks.set(n, b);
		}
		return b;
	};
	const out: { key: string; text: string }[] = [];
	for (let at = 0; at + 8 <= idx.length; at += 8) {
		const offset = idx.readUInt32LE(at);
		const size = idx.readUInt32LE(at + 4);
		const record = dat.subarray(offset, offset + size);
		// The key, then CR LF, then where the entry is: block number and entry number in the block.
		const end = record.indexOf('\r\n');
		if (end < 0 || end + 10 > record.length) continue;
		const key = record.subarray(0, end).toString('utf8');
		const blockNo = record.readUInt32LE(end + 2);
		const entryNo = record.readUInt32LE(end + 6);
		const b = block(blockNo);
		// A block: its entry count, then each entry's offset and size, then the entries' text.
		const start = b.readUInt32LE(4 + entryNo * 8);
		const length = b.readUInt32LE(8 + entryNo * 8);
		let text = b.subarray(start, start + length).toString('utf8');
		text = text.replace(/\0+$/, '');
		out.push({ key, text });
	}
	return out;
}
