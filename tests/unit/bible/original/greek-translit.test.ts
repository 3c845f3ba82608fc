import { describe, expect, it } from 'vitest';
import { transliterateGreek } from '$lib/bible/original/greek-translit';

describe('transliterateGreek (SBL academic style)', () => {
	it('writes long vowels, aspirates, breathings and diphthongs', () => {
		expect(transliterateGreek('ἀγαπάω')).toBe('agapaō');
		expect(transliterateGreek('θεός')).toBe('theos');
		expect(transliterateGreek('υἱός')).toBe('huios');
		expect(transliterateGreek('ἡμέρα')).toBe('hēmera');
		expect(transliterateGreek('ῥῆμα')).toBe('rhēma');
		expect(transliterateGreek('Χριστός')).toBe('Christos');
		expect(transliterateGreek('ἄγγελος')).toBe('angelos');
		expect(transliterateGreek('οὐρανός')).toBe('ouranos');
		expect(transliterateGreek('ψυχή')).toBe('psychē');
		expect(transliterateGreek('Μωϋσῆς')).toBe('Mōysēs');
		expect(transliterateGreek('ἀρχῇ')).toBe('archēi');
		expect(transliterateGreek('οὗτος')).toBe('houtos');
	});

	it('keeps what is not Greek as it is', () => {
		expect(transliterateGreek('λόγος,')).toBe('logos,');
	});
});
