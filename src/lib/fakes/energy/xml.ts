/**
 * The energy service's XML answer (`format: "xml"`, EN-FMT-1). The contract does not show its
 * structure, so the demo writes the JSON answer's members as elements of the same names, list
 * items as <item>, null as an empty element.
 */

/** Element text: markup escaped, CR kept as a reference, characters XML 1.0 cannot carry dropped. */
const escape = (text: string) =>
	text
		.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/\r/g, '&#13;');

function element(name: string, value: unknown): string {
	if (value === null || value === undefined) return `<${name}/>`;
	if (Array.isArray(value))
		return `<${name}>${value.map((v) => element('item', v)).join('')}</${name}>`;
	if (typeof value === 'object')
		return `<${name}>${Object.entries(value as Record<string, unknown>)
			.map(([k, v]) => element(k, v))
			.join('')}</${name}>`;
	return `<${name}>${escape(String(value))}</${name}>`;
}

export function toXml(body: Record<string, unknown>): string {
	return `<?xml version="1.0" encoding="UTF-8"?>\n${element('response', body)}`;
}

export function xmlResponse(body: Record<string, unknown>, status = 200): Response {
	return new Response(toXml(body), {
		status,
		headers: { 'content-type': 'application/xml; charset=utf-8' }
	});
}
