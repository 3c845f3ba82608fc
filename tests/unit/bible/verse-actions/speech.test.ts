// "Read aloud" with a fake speech synthesis: what is spoken, in which voice, and the states the
// button shows (speaking, paused, idle).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickVoice, speak, type SpeechState } from '$lib/bible/verse-actions/speech';

class Utterance {
	lang = '';
	voice: unknown = null;
	onend: (() => void) | null = null;
	onerror: (() => void) | null = null;
	constructor(readonly text: string) {}
}

const voice = (lang: string, localService = false, isDefault = false) => ({
	lang,
	localService,
	default: isDefault,
	name: lang
});

let calls: string[];
let spoken: Utterance[];
let voices: ReturnType<typeof voice>[];
let states: SpeechState[];

beforeEach(() => {
	calls = [];
	spoken = [];
	states = [];
	voices = [voice('en-US', false, true), voice('es-ES', true), voice('es-MX')];
	vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
	vi.stubGlobal('window', {
		speechSynthesis: {
			cancel: () => calls.push('cancel'),
			pause: () => calls.push('pause'),
			resume: () => calls.push('resume'),
			speak: (u: Utterance) => {
				calls.push('speak');
				spoken.push(u);
			},
			getVoices: () => voices
		}
	});
});
afterEach(() => vi.unstubAllGlobals());

const verses = [
	{ text: 'In the beginning [was] the Word,' },
	{ text: 'and the Word was with God.' }
];

describe('Read aloud', () => {
	it('stops whatever was being read, then speaks the verses’ plain text as one', () => {
		speak(verses, undefined, (s) => states.push(s));
		expect(calls).toEqual(['cancel', 'speak']);
		expect(spoken[0]!.text).toBe('In the beginning was the Word, and the Word was with God.');
		expect(states).toEqual(['speaking']);
	});

	it('in the text’s language, with a voice of it', () => {
		speak(verses, 'es', (s) => states.push(s));
		expect(spoken[0]!.lang).toBe('es');
		expect(spoken[0]!.voice).toBe(voices[1]);
	});

	it('with no voice of that language, the language alone (the browser chooses)', () => {
		speak(verses, 'de', (s) => states.push(s));
		expect(spoken[0]!.lang).toBe('de');
		expect(spoken[0]!.voice).toBeNull();
	});

	it('with no language known, neither language nor voice is set', () => {
		speak(verses, undefined, (s) => states.push(s));
		expect(spoken[0]!.lang).toBe('');
		expect(spoken[0]!.voice).toBeNull();
	});

	it('pause, resume and stop reach the browser and say the new state', () => {
		const reading = speak(verses, 'en', (s) => states.push(s));
		reading.pause();
		reading.resume();
		reading.stop();
		expect(calls).toEqual(['cancel', 'speak', 'pause', 'resume', 'cancel']);
		expect(states).toEqual(['speaking', 'paused', 'speaking', 'idle']);
	});

	it('is idle again when the reading ends or fails', () => {
		speak(verses, 'en', (s) => states.push(s));
		spoken[0]!.onend!();
		expect(states).toEqual(['speaking', 'idle']);
		speak(verses, 'en', (s) => states.push(s));
		spoken[1]!.onerror!();
		expect(states).toEqual(['speaking', 'idle', 'speaking', 'idle']);
	});
});

describe('Read aloud: choosing among voices', () => {
	it('the exact region outranks a local voice, a local voice outranks the default', () => {
		const exact = voice('es-MX');
		const local = voice('es-ES', true);
		const dflt = voice('es-AR', false, true);
		expect(pickVoice([local, exact, dflt], 'es-MX')).toBe(exact);
		expect(pickVoice([dflt, local], 'es')).toBe(local);
		expect(pickVoice([voice('es-CL'), dflt], 'es')).toBe(dflt);
	});

	it('of equal voices, the first listed', () => {
		const first = voice('fr-FR');
		expect(pickVoice([first, voice('fr-CA')], 'fr')).toBe(first);
	});

	it('ignores case and "_" in the languages named', () => {
		const gb = voice('en_GB');
		expect(pickVoice([voice('en-US', true), gb], 'EN-gb')).toBe(gb);
		expect(pickVoice([voice('EN')], 'en-US')?.lang).toBe('EN');
	});

	it('a language that only starts like another is not it', () => {
		expect(pickVoice([voice('eng-XX'), voice('e')], 'en')).toBeUndefined();
		expect(pickVoice([], 'en')).toBeUndefined();
	});
});

describe('Read aloud: a voice of the text’s language', () => {
	it('the same language first, the same region and a local voice preferred', () => {
		const voices = [voice('en-US', false, true), voice('es-MX'), voice('es-ES', true), voice('de')];
		expect(pickVoice(voices, 'es')?.lang).toBe('es-ES');
		expect(pickVoice(voices, 'es-MX')?.lang).toBe('es-MX');
		expect(pickVoice(voices, 'en')?.lang).toBe('en-US');
		expect(pickVoice([voice('en_GB')], 'en')?.lang).toBe('en_GB');
	});

	it('no voice of that language: none (the browser chooses by the text’s lang)', () => {
		expect(pickVoice([voice('en-US')], 'es')).toBeUndefined();
	});
});
