import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asWritten, shellCommands } from '$lib/codehost/import/curl-shell';

const URL_ = 'https://gitlab.example.com/api/v4/projects';
const words = (text: string) => shellCommands(text).commands.map((c) => c.words);

/** The words bash gives each `curl` call of a text (variables left unset), one list per call. */
function bashWords(text: string): string[][] {
	const out = execFileSync(
		'bash',
		['-c', `curl() { printf '%s\\0' "$@"; printf '\\1'; }\n${text}`],
		{ encoding: 'utf8', env: {} }
	);
	return out
		.split('\x01')
		.slice(0, -1)
		.map((call) => call.split('\0').slice(0, -1));
}

describe('shellCommands: the words of each command', () => {
	it('the words are the ones bash gives curl, for quoting as GitLab’s documentation writes it', () => {
		const text = `curl --request POST --header "PRIVATE-TOKEN: <your_access_token>" \\
  --form 'content=it'"'"'s "here"' --data $'a\\tb' "${URL_}?search=a b"`;
		expect(words(text)).toEqual([['curl', ...bashWords(text)[0]!]]);
	});

	it('any quoted word reads back as bash reads it (single and double quotes)', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 20 }), (text) => {
				// Backticks are command substitution, which the import does not run (nor read).
				const clean = text.replace(/[\0\uE000-\uE002`]/g, '');
				const single = `'${clean.replace(/'/g, `'"'"'`)}'`;
				const double = `"${clean.replace(/["\\$]/g, '\\$&')}"`;
				for (const quoted of [single, double]) {
					const command = `curl ${quoted}`;
					expect(words(command)[0]!.slice(1)).toEqual(bashWords(command)[0]);
				}
			}),
			{ numRuns: 50 }
		);
	});

	it('$NAME and ${NAME} (bare or in double quotes) are {{NAME}}; in single quotes they are text', () => {
		expect(
			words(`curl "${URL_}/$CI_PROJECT_ID/x" \${CI_API_V4_URL}/p 'a$B' "\${C}d" $ "a$"`)
		).toEqual([
			['curl', `${URL_}/{{CI_PROJECT_ID}}/x`, '{{CI_API_V4_URL}}/p', 'a$B', '{{C}}d', '$', 'a$']
		]);
		expect(asWritten('/projects/{{CI_PROJECT_ID}}/{{X}}')).toBe('/projects/$CI_PROJECT_ID/$X');
	});

	it('$1, $@ and ${A:-b} stay as written, with a note that the shell would fill them', () => {
		const read = shellCommands(`curl "${URL_}/$1" "\${PER:-5}"`);
		expect(read.commands[0]!.words).toEqual(['curl', `${URL_}/$1`, '${PER:-5}']);
		expect(read.notes).toEqual([
			'“$1”: the shell would put a value here; it is left as written.',
			'“${PER:-5}”: the shell would put a value here; it is left as written.'
		]);
	});
});

describe('shellCommands: where a command ends', () => {
	it.each([
		['&&', 'curl a && curl b'],
		['||', 'curl a || curl b'],
		[';', 'curl a; curl b'],
		['&', 'curl a & curl b'],
		['|', 'curl a | curl b'],
		['\n', 'curl a\ncurl b'],
		['\n', 'curl a\r\n\r\n\ncurl b']
	])('%j ends a command: the words after it are another command’s', (op, text) => {
		expect(shellCommands(text).commands).toEqual([
			{ words: ['curl', 'a'], after: '' },
			{ words: ['curl', 'b'], after: op }
		]);
	});

	it('a line break after an operator keeps the operator; blank lines around the text are nothing', () => {
		expect(shellCommands('\n\ncurl a &&\n  curl b\n\n').commands).toEqual([
			{ words: ['curl', 'a'], after: '' },
			{ words: ['curl', 'b'], after: '&&' }
		]);
		expect(shellCommands('curl a;\ncurl b').commands[1]!.after).toBe(';');
	});

	it('an escaped line break (\\ or Windows ^) joins the lines; a line break in quotes is part of the word', () => {
		expect(words(`curl \\\n  -X POST ^\r\n  "${URL_}"`)).toEqual([['curl', '-X', 'POST', URL_]]);
		expect(words(`curl -d '{\n"a": 1\n}' -d "x\ny"`)).toEqual([
			['curl', '-d', '{\n"a": 1\n}', '-d', 'x\ny']
		]);
	});

	it('a comment ends at its line: the next line is read again', () => {
		const read = shellCommands(`# list projects\ncurl ${URL_} # mine\ncurl b`);
		expect(read.notes).toEqual(['A comment: # list projects', 'A comment: # mine']);
		expect(read.commands.map((c) => c.words)).toEqual([
			['curl', URL_],
			['curl', 'b']
		]);
	});

	it('a redirection and its file are no words of the command, 2> and 2>&1 included', () => {
		const read = shellCommands(`curl ${URL_} > out.json 2>/dev/null -s 2>&1 < in.txt`);
		expect(read.commands[0]!.words).toEqual(['curl', URL_, '-s']);
		expect(read.notes).toEqual([
			'“> out.json”: where the shell writes curl’s output; not part of the request.',
			'“> /dev/null”: where the shell writes curl’s output; not part of the request.',
			'“>& 1”: where the shell writes curl’s output; not part of the request.',
			'“< in.txt”: what the shell gives curl to read; not part of the request.'
		]);
		// A number that is a value (-m 2) stays a word.
		expect(words(`curl -m 2 > out.json ${URL_}`)).toEqual([['curl', '-m', '2', URL_]]);
	});

	it('a command run inside the command ($(…) outside quotes, a subshell) is refused', () => {
		expect(() => shellCommands(`curl -H PRIVATE-TOKEN:$(cat token) ${URL_}`)).toThrow(
			'The command runs another command inside it (“(”); the explorer cannot run it. Put its result in its place and import again.'
		);
	});
});
