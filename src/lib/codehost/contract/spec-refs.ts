/**
 * Messages name the contract's rules in brackets, "(CH-KEY-4)", for readers of the conventions.
 * Everyone else reads them without: this splits the ids off so the page shows them only when
 * "Show spec references" is ticked. No Svelte here.
 */
const RULE_ID = String.raw`CH-[A-Z]+-\d+`;
const GROUP = new RegExp(String.raw`\s*\((${RULE_ID}(?:\s*,\s*${RULE_ID})*)\)`, 'g');

export interface SplitText {
	/** The message as a person reads it. */
	text: string;
	/** The rule ids it cited, in order. */
	refs: string[];
}

export function splitRefs(message: string): SplitText {
	const refs: string[] = [];
	const text = message.replace(GROUP, (_m, ids: string) => {
		refs.push(...ids.split(',').map((id) => id.trim()));
		return '';
	});
	return { text, refs };
}
