/**
 * Lint rule `local/disable-reason-in-markup`: an `<!-- eslint-disable… -->` comment in a Svelte
 * component's markup gives its reason after `--`, as every other disable must. The eslint-comments
 * plugin's require-description sees only JavaScript comments, not HTML ones.
 */
const MARKUP_DIRECTIVE = /<!--\s*(eslint-disable(?:-next-line|-line)?)\b([\s\S]*?)-->/g;

/** @type {import('eslint').Rule.RuleModule} */
export const disableReasonInMarkup = {
	meta: {
		type: 'suggestion',
		docs: { description: 'Every eslint-disable says why, in markup too.' },
		schema: [],
		messages: {
			reason:
				'Every eslint-disable carries its reason: write `{{directive}} rule-name -- why` in this comment.'
		}
	},
	create(context) {
		if (!context.filename.endsWith('.svelte')) return {};
		return {
			Program() {
				const source = context.sourceCode;
				for (const match of source.text.matchAll(MARKUP_DIRECTIVE)) {
					const rest = match[2] ?? '';
					if (/\s--\s*\S/.test(rest)) continue;
					const start = source.getLocFromIndex(match.index);
					const end = source.getLocFromIndex(match.index + match[0].length);
					context.report({
						loc: { start, end },
						messageId: 'reason',
						data: { directive: match[1] }
					});
				}
			}
		};
	}
};
