/** Request headers typed as text, one `Name: value` per line. */
import { HEADER_NAME } from './check';

/** The first non-blank header line that is not `Name: value`, if any. */
export function badHeaderLine(text: string): string | undefined {
	return text.split('\n').find((line) => {
		if (!line.trim()) return false;
		const at = line.indexOf(':');
		return at <= 0 || !HEADER_NAME.test(line.slice(0, at).trim());
	});
}

export function badHeaderMessage(line: string): string {
	return `Request headers: “${line.trim()}” is not a header. Write one header per line as Name: value, or remove the line.`;
}

/** `Name: value` lines; lines without a colon are ignored (badHeaderLine reports them). */
export function parseHeaderLines(text: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const line of text.split('\n')) {
		const at = line.indexOf(':');
		if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
	}
	return out;
}

/** A header's value by name, in any case. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
	return Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}
