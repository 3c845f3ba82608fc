/**
 * The energy service's XML answer (`format: "xml"`, EN-FMT-1). The contract does not show its
 * structure, so the demo writes the JSON answer's members as elements of the same names, list
 * items as <item>, null as an empty element.
 */
const escape = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
