/**
 * A pasted shell text read as commands of words, by shell-quote: `\` (and Windows `^`) line
 * continuations joined; `;`, `&&`, `||`, `&`, `|` and a line break outside quotes end a command;
 * redirections (`> out.json`) are not words of the command; `$NAME` and `${NAME}` (bare or inside
 * double quotes) become the explorer's `{{NAME}}`, never expanded. No Svelte here.
 */
import { parse, type Comment, type ParseEntry } from 'shell-quote';

export interface ShellCommand {
	words: string[];
	/** What ended the command before this one: an operator (`&&`, `|`), '\n', or '' for the first. */
	after: string;
}

/** Stands for a line break outside quotes: `;` ends the command there, the mark says it was one. */
const BREAK_MARK = '\uE000';
const BREAK = `;${BREAK_MARK}\n`;
const VAR_OPEN = '\uE001';
const VAR_CLOSE = '\uE002';
const VARIABLE = new RegExp(`${VAR_OPEN}([^${VAR_CLOSE}]*)${VAR_CLOSE}`, 'g');

const SEPARATORS = new Set([';', '&&', '||', '&', '|', '|&', ';;', ';&', ';;&']);
const REDIRECTS = new Set([
	'>',
	'>>',
	'<',
	'>&',
	'<&',
	'&>',
	'&>>',
	'>|',
	'<>',
	'<<<',
	'<<',
	'<<-'
]);

/** A shell variable's name as the explorer's `{{NAME}}`; `$1`, `$@`, `${A:-b}` stay as written. */
function variable(key: string, notes: string[]): string {
	if (/^[A-Za-z_]\w*$/.test(key)) return `{{${key}}}`;
	if (key === '') return '$';
	const written = key.length === 1 ? `$${key}` : `\${${key}}`;
	notes.push(`“${written}”: the shell would put a value here; it is left as written.`);
	return written;
}

/** `{{NAME}}` written back as the shell's `$NAME`, for quoting a value to the person. */
export function asWritten(text: string): string {
	return text.replace(/\{\{([A-Za-z_]\w*)\}\}/g, '$$$1');
}

/** The text's commands, and what was read but is not part of any command (comments, redirections). */
export function shellCommands(text: string): { commands: ShellCommand[]; notes: string[] } {
	const notes: string[] = [];
	const joined = text
		.replace(/\\\r?\n/g, ' ')
		.replace(/\^\r?\n/g, ' ')
		.replace(/\r?\n/g, BREAK);
	const entries: Exclude<ParseEntry, Comment>[] = [];
	let rest = joined;
	while (rest) {
		const parsed = parse(rest, (key) => `${VAR_OPEN}${key}${VAR_CLOSE}`);
		rest = '';
		for (const entry of parsed) {
			if (typeof entry === 'object' && 'comment' in entry) {
				// shell-quote reads a comment to the end of the text; a line break ends it.
				const at = entry.comment.indexOf(BREAK);
				const comment = at === -1 ? entry.comment : entry.comment.slice(0, at);
				notes.push(`A comment: #${comment.replace(VARIABLE, (_, key: string) => `$${key}`)}`);
				if (at !== -1) rest = entry.comment.slice(at);
			} else entries.push(entry);
		}
	}
	const commands: ShellCommand[] = [{ words: [], after: '' }];
	/** Ends the current command; blank lines between commands keep the operator written. */
	const separate = (op: string) => {
		const current = commands[commands.length - 1]!;
		if (current.words.length) commands.push({ words: [], after: op });
		else if (!current.after || current.after === '\n') current.after = op;
	};
	for (let i = 0; i < entries.length; i++) {
		const entry = entries[i]!;
		const current = commands[commands.length - 1]!;
		if (typeof entry === 'string' || entry.op === 'glob') {
			const raw = typeof entry === 'string' ? entry : entry.pattern;
			if (raw === BREAK_MARK) separate('\n');
			else
				current.words.push(
					raw.replaceAll(BREAK, '\n').replace(VARIABLE, (_, key: string) => variable(key, notes))
				);
		} else if (SEPARATORS.has(entry.op)) {
			// The `;` of a line break's mark: `;` (or `;;` after a written `;`) then the mark.
			const lineBreak = entries[i + 1] === BREAK_MARK;
			if (lineBreak) i++;
			separate(
				lineBreak && entry.op === ';' ? '\n' : entry.op === ';;' && lineBreak ? ';' : entry.op
			);
		} else if (REDIRECTS.has(entry.op)) {
			// `2>` and `2>&1`: the file descriptor's number is no word of the command.
			const fd = current.words.at(-1);
			if (fd && /^\d+$/.test(fd) && joined.includes(`${fd}${entry.op}`)) current.words.pop();
			const target = entries[i + 1];
			const to =
				typeof target === 'string' && target !== BREAK_MARK
					? target.replace(VARIABLE, (_, key: string) => `$${key}`)
					: '';
			if (to) i++;
			notes.push(
				entry.op.includes('<')
					? `“${entry.op} ${to}”: what the shell gives curl to read; not part of the request.`
					: `“${entry.op} ${to}”: where the shell writes curl’s output; not part of the request.`
			);
		} else
			throw new Error(
				`The command runs another command inside it (“${entry.op}”); the explorer cannot run it. Put its result in its place and import again.`
			);
	}
	const found = commands.filter((c) => c.words.length);
	if (found[0]) found[0].after = '';
	return { commands: found, notes };
}
