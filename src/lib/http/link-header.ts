/** One entry of an RFC 8288 Link header. */
export interface LinkEntry {
	url: string;
	rel: string;
	params: Record<string, string>;
}

/**
 * A Link target as an absolute URL: RFC 8288 §3.2 reads a relative reference (`?page=2`,
 * `/api/v4/x`, `//host/x`) against the URL the answer came from. Without that URL, or when the
 * reference cannot be read, it is kept as written.
 */
function resolveTarget(url: string, base: string | undefined): string {
	// An absolute URL is followed exactly as the server wrote it, not re-serialized.
	if (!base || /^[a-z][a-z\d+.-]*:/i.test(url)) return url;
	try {
		return new URL(url, base).href;
	} catch {
		return url;
	}
}

/**
 * Parses a Link header tolerantly: any order of entries and parameters, any spacing,
 * quoted or bare values, several space-separated rels in one entry, commas inside <…>.
 * Unparseable pieces are skipped rather than failing the whole header. With `base` (the
 * request's URL), relative targets come back absolute.
 */
export function parseLinkHeader(header: string | null | undefined, base?: string): LinkEntry[] {
	if (!header) return [];
	const entries: LinkEntry[] = [];
	let i = 0;
	const n = header.length;
	while (i < n) {
		const open = header.indexOf('<', i);
		if (open === -1) break;
		const close = header.indexOf('>', open + 1);
		if (close === -1) break;
		const url = resolveTarget(header.slice(open + 1, close).trim(), base);
		i = close + 1;
		const params: Record<string, string> = {};
		// Parameters run until the next top-level comma.
		while (i < n) {
			while (i < n && /\s/.test(header[i]!)) i++;
			if (header[i] === ',') {
				i++;
				break;
			}
			if (header[i] !== ';') {
				// Garbage between entries: skip to the next comma or '<'.
				const nextComma = header.indexOf(',', i);
				const nextOpen = header.indexOf('<', i);
				if (nextOpen !== -1 && (nextComma === -1 || nextOpen < nextComma)) i = nextOpen;
				else i = nextComma === -1 ? n : nextComma + 1;
				break;
			}
			i++;
			const nameMatch = /^\s*([^\s=;,]+)\s*/.exec(header.slice(i));
			if (!nameMatch) continue;
			const name = nameMatch[1]!.toLowerCase();
			i += nameMatch[0].length;
			let value = '';
			if (header[i] === '=') {
				i++;
				while (i < n && /\s/.test(header[i]!)) i++;
				if (header[i] === '"') {
					i++;
					let out = '';
					while (i < n && header[i] !== '"') {
						if (header[i] === '\\' && i + 1 < n) i++;
						out += header[i];
						i++;
					}
					i++;
					value = out;
				} else {
					const m = /^[^;,]*/.exec(header.slice(i))!;
					value = m[0].trim();
					i += m[0].length;
				}
			}
			if (!(name in params)) params[name] = value;
		}
		const rels = (params.rel ?? '').split(/\s+/).filter(Boolean);
		for (const rel of rels) entries.push({ url, rel: rel.toLowerCase(), params });
	}
	return entries;
}

/** The URL for each rel; the first entry wins when a rel repeats. */
export function linksByRel(
	header: string | null | undefined,
	base?: string
): Record<string, string> {
	const out: Record<string, string> = {};
	for (const entry of parseLinkHeader(header, base)) {
		if (!(entry.rel in out)) out[entry.rel] = entry.url;
	}
	return out;
}
