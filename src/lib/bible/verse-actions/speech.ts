// "Read aloud": the browser's speech synthesis, in a voice of the text's language, with pause
// and resume. Loaded only when asked; the button is not shown where the browser has no speech.
import { plainText } from '../reader/marks';

/** A voice for `lang` ("en", "es-ES"): the same language and region first, a local one first. */
export function pickVoice<V extends { lang: string; localService: boolean; default: boolean }>(
	voices: readonly V[],
	lang: string
): V | undefined {
	const want = lang.toLowerCase();
	const base = want.split(/[-_]/)[0]!;
	const score = (v: V) => {
		const l = v.lang.toLowerCase().replace('_', '-');
		if (l !== want && l.split('-')[0] !== base) return -1;
		return (l === want ? 4 : 0) + (v.localService ? 2 : 0) + (v.default ? 1 : 0);
	};
	let best: V | undefined;
	for (const v of voices) if (score(v) >= 0 && (!best || score(v) > score(best))) best = v;
	return best;
}

export type SpeechState = 'idle' | 'speaking' | 'paused';

/** Speaks `verses` (their plain text, marks removed); `onstate` hears each change. */
export function speak(
	verses: readonly { text: string }[],
	lang: string | undefined,
	onstate: (state: SpeechState) => void
): { pause: () => void; resume: () => void; stop: () => void } {
	const synth = window.speechSynthesis;
	synth.cancel();
	const utterance = new SpeechSynthesisUtterance(verses.map((v) => plainText(v.text)).join(' '));
	if (lang) {
		utterance.lang = lang;
		const voice = pickVoice(synth.getVoices(), lang);
		if (voice) utterance.voice = voice;
	}
	utterance.onend = () => onstate('idle');
	utterance.onerror = () => onstate('idle');
	synth.speak(utterance);
	onstate('speaking');
	return {
		pause: () => {
			synth.pause();
			onstate('paused');
		},
		resume: () => {
			synth.resume();
			onstate('speaking');
		},
		stop: () => {
			synth.cancel();
			onstate('idle');
		}
	};
}
