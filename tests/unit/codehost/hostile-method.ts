/**
 * The method of a hostile history file: `GET;` then a `touch` of a marker file written in bash's
 * `$'\ooo'` octal escapes (so upper-casing does not defuse it), then `;#` to comment out the rest.
 */
const octal = (text: string) =>
	`$'${[...text].map((c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`).join('')}'`;

export function hostileMethod(marker: string): string {
	return `GET;${octal('touch')} ${octal(marker)};#`;
}
