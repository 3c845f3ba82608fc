/** XML and YAML renderings of a JSON answer, for the `format` query parameter (BI-FMT-1). */

/** Element text: markup escaped, CR kept as a reference, characters XML 1.0 cannot carry dropped. */
function escapeXml(text: string): string {
	return text
		.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;')
		.replace(/\r/g, '&#13;');
}

function xmlValue(name: string, value: unknown, indent: string): string {
	if (Array.isArray(value)) {
		const items = value.map((item) => xmlValue('item', item, indent + '  ')).join('\n');
		return `${indent}<${name}>${items ? `\n${items}\n${indent}` : ''}</${name}>`;
	}
	if (value !== null && typeof value === 'object') {
		const fields = Object.entries(value)
			.map(([k, v]) => xmlValue(k, v, indent + '  '))
			.join('\n');
		return `${indent}<${name}>${fields ? `\n${fields}\n${indent}` : ''}</${name}>`;
	}
	if (value === null || value === undefined) return `${indent}<${name}/>`;
	return `${indent}<${name}>${escapeXml(String(value))}</${name}>`;
}

export function toXml(body: unknown): string {
	return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlValue('response', body, '')}\n`;
}

function yamlScalar(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value);
	if (value === null || value === undefined) return 'null';
	return String(value);
}

function yamlLines(value: unknown, indent: string): string[] {
	if (Array.isArray(value)) {
		if (!value.length) return [`${indent}[]`];
		return value.flatMap((item) => {
			const lines = yamlLines(item, indent + '  ');
			const first = lines[0]!.slice(indent.length + 2);
			return [`${indent}- ${first}`, ...lines.slice(1)];
		});
	}
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value);
		if (!entries.length) return [`${indent}{}`];
		return entries.flatMap(([k, v]) => {
			if (v !== null && typeof v === 'object' && (!Array.isArray(v) || v.length))
				return [`${indent}${k}:`, ...yamlLines(v, indent + '  ')];
			return [`${indent}${k}: ${Array.isArray(v) ? '[]' : yamlScalar(v)}`];
		});
	}
	return [`${indent}${yamlScalar(value)}`];
}

export function toYaml(body: unknown): string {
	return yamlLines(body, '').join('\n') + '\n';
}
