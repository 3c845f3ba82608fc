import { describe, expect, it } from 'vitest';
import { parseCurl } from '$lib/codehost/import/curl';
import { readOptions } from '$lib/codehost/import/curl-options';

const URL_ = 'https://gitlab.example.com/api/v4/projects';

describe('parseCurl: the shell words', () => {
	it('joins `\\` line continuations and Windows `^` continuations, with or without a carriage return', () => {
		for (const command of [
			`curl\\\n${URL_}\\\n-H 'X-A: 1'`,
			`curl\\\r\n${URL_}\\\r\n-H 'X-A: 1'`,
			`curl^\n${URL_}^\n-H "X-A: 1"`,
			`curl^\r\n${URL_}^\r\n-H "X-A: 1"`
		]) {
			const parsed = parseCurl(command);
			expect(parsed.url).toBe(URL_);
			expect(parsed.headers).toEqual([['X-A', '1']]);
			expect(parsed.notes).toEqual([]);
		}
	});

	it('a command copied with a trailing continuation (or blank lines around it) reads without a stray word', () => {
		for (const command of [
			`  curl ${URL_} \\\n  -H 'X-A: 1' \\\n`,
			`\n\ncurl ${URL_} ^\r\n`,
			`curl ${URL_} \\\n\n`
		]) {
			const parsed = parseCurl(command);
			expect(parsed.url).toBe(URL_);
			expect(parsed.notes).toEqual([]);
		}
	});

	it('a shell comment is listed, not read as options', () => {
		const parsed = parseCurl(`curl ${URL_} # list my projects`);
		expect(parsed.url).toBe(URL_);
		expect(parsed.notes).toEqual(['A comment: # list my projects']);
	});

	it('an unquoted URL with `?` or `*` (a shell glob) is still the URL', () => {
		const parsed = parseCurl(`curl ${URL_}?search=web*`);
		expect(parsed.url).toBe(`${URL_}?search=web*`);
		expect(parsed.notes).toEqual([]);
	});

	it('a redirection is not part of the request, and the words after it are still curl’s', () => {
		const parsed = parseCurl(`curl '${URL_}' > out.json -H 'X-A: 1' 2>/dev/null`);
		expect(parsed.url).toBe(URL_);
		expect(parsed.headers).toEqual([['X-A', '1']]);
		expect(parsed.notes).toEqual([
			'“> out.json”: where the shell writes curl’s output; not part of the request.',
			'“> /dev/null”: where the shell writes curl’s output; not part of the request.'
		]);
	});

	it('$NAME and ${NAME}, bare or in double quotes, become {{NAME}}, never expanded; in single quotes they are text', () => {
		const parsed = parseCurl(
			`curl "${URL_}" -H "PRIVATE-TOKEN: \${GITLAB_TOKEN}" -H "X-B: $HOME" -H X-C:$USER -H 'X-D: $HOME'`
		);
		expect(parsed.headers).toEqual([
			['PRIVATE-TOKEN', '{{GITLAB_TOKEN}}'],
			['X-B', '{{HOME}}'],
			['X-C', '{{USER}}'],
			['X-D', '$HOME']
		]);
	});
});

describe('parseCurl: option forms', () => {
	it('--name=value, which curl itself refuses, is read like --name value, with a note saying so', () => {
		const parsed = parseCurl(
			`curl --request=PUT --header='X-A: a=b' --data-raw='x=1=2' --url=${URL_} --user-agent=me`
		);
		expect(parsed.method).toBe('PUT');
		expect(parsed.headers).toEqual([['X-A', 'a=b']]);
		expect(parsed.body).toBe('x=1=2');
		expect(parsed.url).toBe(URL_);
		expect(parsed.notes).toEqual([
			'--user-agent me: left out (the browser decides this).',
			`--request=PUT, --header=X-A: a=b, --data-raw=x=1=2, --url=${URL_}, --user-agent=me: curl itself refuses --name=value (it takes a value as the next word); read as if written with a space.`
		]);
	});

	it('-Xvalue, -Hvalue, -dvalue, -bvalue and -uvalue (value glued to the short option)', () => {
		const parsed = parseCurl(`curl -XPATCH '-HX-A: 1' -dname=x -btheme=dark -ume:pw ${URL_}`);
		expect(parsed).toMatchObject({
			method: 'PATCH',
			headers: [['X-A', '1']],
			body: 'name=x',
			cookie: 'theme=dark',
			user: 'me:pw',
			url: URL_,
			notes: []
		});
	});

	it('a word that only contains --name=value (inside a URL) is not an option', () => {
		const url = `${URL_}?search=a--b=c`;
		const parsed = parseCurl(`curl '${url}'`);
		expect(parsed.url).toBe(url);
		expect(parsed.notes).toEqual([]);
	});

	it('an option missing its value at the end of the command reads as empty', () => {
		expect(parseCurl(`curl ${URL_} -H`).notes).toEqual([
			'The header “” is not Name: value; curl does not send it.'
		]);
		expect(parseCurl(`curl ${URL_} -X`).method).toBe('GET');
	});
});

describe('parseCurl: headers', () => {
	it('Name: value, trimmed on both sides; a header without a name or a colon is listed', () => {
		const parsed = parseCurl(`curl ${URL_} -H ' X-A :  1 ' -H 'NoColon' -H ':orphan'`);
		expect(parsed.headers).toEqual([['X-A', '1']]);
		expect(parsed.notes).toEqual([
			'The header “NoColon” is not Name: value; curl does not send it.',
			'The header “:orphan” is not Name: value; curl does not send it.'
		]);
	});

	it('a header written without its colon is named by its first word only (the rest may be a token)', () => {
		expect(parseCurl(`curl ${URL_} -H 'PRIVATE-TOKEN glpat-secret'`).notes).toEqual([
			'The header “PRIVATE-TOKEN …” is not Name: value; curl does not send it.'
		]);
	});

	it('curl sends no header for `Name:` (it takes away one of its own) and an empty one for `Name;`', () => {
		// curl 7.88 -v: `-H 'X-B:   ' -H 'X-C;' -H 'X-D; '` sends only `X-C:`.
		const parsed = parseCurl(`curl ${URL_} -H 'X-B:   ' -H 'X-C;' -H 'X-D; ' -H 'Accept:'`);
		expect(parsed.headers).toEqual([['X-C', '']]);
		expect(parsed.notes).toEqual([
			'The header “X-B:” has no value: curl sends no X-B header then; left out.',
			'The header “X-D; ” is not Name: value; curl does not send it.',
			'The header “Accept:” has no value: curl sends no Accept header then; left out.'
		]);
	});
});

describe('parseCurl: bodies', () => {
	it.each(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii'])(
		'%s sends its value as the body, and makes the request a POST',
		(option) => {
			const parsed = parseCurl(`curl ${URL_} ${option} 'name=x'`);
			expect(parsed.body).toBe('name=x');
			expect(parsed.method).toBe('POST');
			expect(parsed.notes).toEqual([]);
		}
	);

	it('--data-raw sends a leading @ as text; -d @- reads curl’s standard input, which is said', () => {
		// curl 7.88: --data-raw '@f.txt' sent the body @f.txt.
		expect(parseCurl(`curl ${URL_} --data-raw '@f.txt'`)).toMatchObject({
			body: '@f.txt',
			bodyFiles: [],
			notes: []
		});
		const stdin = parseCurl(`curl ${URL_} -d @- -d a=1`);
		expect(stdin).toMatchObject({ method: 'POST', body: 'a=1', bodyFiles: ['-'] });
		expect(stdin.notes).toEqual([
			'-d @-: curl reads this part of the body from its standard input, which a page does not have; type it under Parameters.'
		]);
	});

	it('--json parts follow one another directly, a -d part after a &, as curl joins them', () => {
		// curl 7.88 sent {"a":1}{"b":2}, {}&a=1 and a=1{}.
		expect(parseCurl(`curl ${URL_} --json '{"a":1}' --json '{"b":2}'`).body).toBe('{"a":1}{"b":2}');
		expect(parseCurl(`curl ${URL_} --json '{}' -d a=1`).body).toBe('{}&a=1');
		expect(parseCurl(`curl ${URL_} -d a=1 --json '{}'`).body).toBe('a=1{}');
	});

	it('several data options are joined with &', () => {
		expect(parseCurl(`curl ${URL_} -d a=1 --data-raw b=2`).body).toBe('a=1&b=2');
	});

	it('--data-urlencode encodes as curl does: the value after the first =, or the whole content; a leading = is not sent', () => {
		// What curl 7.88 sent to a recorder: spaces as +, %xx in lower case, -._~ as they are.
		expect(parseCurl(`curl ${URL_} --data-urlencode 'q=a b&c=d'`).body).toBe('q=a+b%26c%3dd');
		expect(parseCurl(`curl ${URL_} --data-urlencode 'a b'`).body).toBe('a+b');
		expect(parseCurl(`curl ${URL_} --data-urlencode '=a b'`).body).toBe('a+b');
		expect(parseCurl(`curl ${URL_} --data-urlencode "q=a b!'()*~-._/+é"`).body).toBe(
			'q=a+b%21%27%28%29%2a~-._%2f%2b%c3%a9'
		);
	});

	it('--json sends the body with JSON Content-Type and Accept', () => {
		const parsed = parseCurl(`curl ${URL_} --json '{"name":"x"}'`);
		expect(parsed.body).toBe('{"name":"x"}');
		expect(parsed.method).toBe('POST');
		expect(parsed.headers).toEqual([
			['Content-Type', 'application/json'],
			['Accept', 'application/json']
		]);
	});

	it('-G / --get puts the data into the query string (after & when there is one already)', () => {
		for (const g of ['-G', '--get']) {
			const parsed = parseCurl(`curl ${g} '${URL_}?per_page=5' -d search=web -d simple=true`);
			expect(parsed.get).toBe(true);
			expect(parsed.method).toBe('GET');
			expect(parsed.url).toBe(`${URL_}?per_page=5&search=web&simple=true`);
			expect(parsed.body).toBeUndefined();
		}
		expect(parseCurl(`curl -G ${URL_} -d search=web`).url).toBe(`${URL_}?search=web`);
	});

	it('-G without data leaves the URL as it is', () => {
		const parsed = parseCurl(`curl -G ${URL_}`);
		expect(parsed.url).toBe(URL_);
		expect(parsed.body).toBeUndefined();
	});

	it.each([
		['-d a=1 -F b=2', 'a body (-d) and a multipart form (-F)'],
		['-I -X GET -d a=1', 'only the headers (-I) and a body (-d)'],
		['-T f.txt --data a=1', 'a file (-T) and a body (--data)'],
		['-T f.txt -F b=2', 'a file (-T) and a multipart form (-F)'],
		['-G -d a=1 -T f.txt', 'a body (-d) and a file (-T)']
	])('curl refuses `%s` (exit 2, one method only), and so does the import', (options, what) => {
		expect(() => parseCurl(`curl ${options} ${URL_}`)).toThrow(
			`curl itself refuses this command: it cannot send ${what} in one request.`
		);
	});

	it('-G with -I sends the data in a HEAD’s query, as curl does; -G with only a form is still a POST', () => {
		expect(parseCurl(`curl -G -d a=1 -I ${URL_}`)).toMatchObject({
			method: 'HEAD',
			url: `${URL_}?a=1`
		});
		expect(parseCurl(`curl -G -F b=2 ${URL_}`)).toMatchObject({ method: 'POST', url: URL_ });
	});

	it('-X in lower case: curl sends it as written, the explorer in capitals, and says so', () => {
		expect(parseCurl(`curl -X delete ${URL_}`).notes).toEqual([
			'-X delete: curl sends the method as written; the explorer sends DELETE.'
		]);
	});

	it('without -X and without data the method is GET; an explicit -X wins over data', () => {
		expect(parseCurl(`curl ${URL_}`).method).toBe('GET');
		expect(parseCurl(`curl -X delete ${URL_} -d a=1`).method).toBe('DELETE');
	});
});

describe('parseCurl: long forms of options', () => {
	it('--cookie, --user, --head, --request, --header, --url', () => {
		const parsed = parseCurl(
			`curl --request PUT --header 'X-A: 1' --cookie 'a=b' --user me:pw --url ${URL_}`
		);
		expect(parsed).toMatchObject({
			method: 'PUT',
			headers: [['X-A', '1']],
			cookie: 'a=b',
			user: 'me:pw',
			url: URL_,
			notes: []
		});
		expect(parseCurl(`curl --head ${URL_}`).method).toBe('HEAD');
		expect(parseCurl(`curl -I ${URL_}`).method).toBe('HEAD');
	});

	it.each([
		'-s',
		'--silent',
		'-S',
		'--show-error',
		'-i',
		'--include',
		'-v',
		'--verbose',
		'-L',
		'--location',
		'--compressed',
		'-k',
		'--insecure',
		'-f',
		'--fail',
		'--globoff',
		'-g'
	])('the curl-only flag %s takes no value and is listed as left out', (flag) => {
		const parsed = parseCurl(`curl ${flag} ${URL_}`);
		expect(parsed.url).toBe(URL_);
		expect(parsed.notes).toEqual([
			`${flag}: left out (it changes only how curl itself runs or prints).`
		]);
	});

	it('several curl-only flags are listed in one note, in the order written', () => {
		expect(parseCurl(`curl -s -L --globoff ${URL_}`).notes).toEqual([
			'-s, -L, --globoff: left out (they change only how curl itself runs or prints).'
		]);
	});

	it.each([
		'-o',
		'--output',
		'-m',
		'--max-time',
		'--connect-timeout',
		'-A',
		'--user-agent',
		'-e',
		'--referer',
		'-w',
		'--write-out',
		'--retry'
	])('the curl-only option %s and its value are listed as left out', (option) => {
		const parsed = parseCurl(`curl ${option} 7 ${URL_}`);
		expect(parsed.url).toBe(URL_);
		expect(parsed.notes).toEqual([`${option} 7: left out (the browser decides this).`]);
	});

	it('an option not understood is listed; a second URL is listed', () => {
		expect(parseCurl(`curl --frobnicate ${URL_} https://other.example/`).notes).toEqual([
			'--frobnicate: not understood, left out.',
			'“https://other.example/”: curl would send a second request to this address; only the first is imported.'
		]);
		expect(parseCurl(`curl ${URL_} '${URL_}/2?private_token=glpat-secret'`).notes).toEqual([
			`“${URL_}/2”: curl would send a second request to this address; only the first is imported.`
		]);
	});
});

describe('parseCurl: multipart forms', () => {
	it('-F, --form and --form-string text fields; a form alone makes the request a POST', () => {
		const parsed = parseCurl(
			`curl ${URL_} -F 'a=1' --form 'b=2;type=text/plain' --form-string 'c=3;type=text/plain'`
		);
		expect(parsed.form).toEqual([
			['a', '1'],
			['b', '2'],
			['c', '3;type=text/plain']
		]);
		expect(parsed.method).toBe('POST');
		expect(parsed.notes).toEqual([]);
	});

	it('an @ or < inside a value (an e-mail address) is text; only a leading one names a file', () => {
		const parsed = parseCurl(`curl ${URL_} -F 'email=me@example.com' -F 'note=a<b'`);
		expect(parsed.form).toEqual([
			['email', 'me@example.com'],
			['note', 'a<b']
		]);
		expect(parsed.files).toEqual([]);
	});

	it('a file field alone makes the request a POST and lists why the file is not read', () => {
		const parsed = parseCurl(`curl ${URL_} --form 'file=@./a.txt'`);
		expect(parsed.method).toBe('POST');
		expect(parsed.files).toEqual([{ field: 'file', file: './a.txt' }]);
		expect(parsed.form).toEqual([]);
		expect(parsed.notes).toEqual([
			'--form file=@./a.txt: a page cannot read a file from your disk by its name. Choose ./a.txt under “File for file”; nothing is sent until you do.'
		]);
	});

	it('a field without name=value, or with an empty name, is listed and left out', () => {
		const parsed = parseCurl(`curl ${URL_} -F 'novalue' -F '=x'`);
		expect(parsed.form).toEqual([]);
		expect(parsed.notes).toEqual([
			'-F novalue: not a name=value field, left out.',
			'-F =x: not a name=value field, left out.'
		]);
		expect(parsed.method).toBe('GET');
	});
});

describe('readOptions: curl’s own reading of an option word', () => {
	const read = (...list: string[]) => readOptions(list, 0);

	it('short letters in one word are several options; the first that takes a value takes the rest of the word, or the next word', () => {
		expect(read('-sSL')).toEqual({
			options: [
				{ name: 'silent', written: '-s' },
				{ name: 'show-error', written: '-S' },
				{ name: 'location', written: '-L' }
			],
			used: 1
		});
		expect(read('-sXPOST', URL_)).toEqual({
			options: [
				{ name: 'silent', written: '-s' },
				{ name: 'request', written: '-X', value: 'POST' }
			],
			used: 1
		});
		expect(read('-sT', 'file.txt', URL_)).toEqual({
			options: [
				{ name: 'silent', written: '-s' },
				{ name: 'upload-file', written: '-T', value: 'file.txt' }
			],
			used: 2
		});
	});

	it('a long name may be shortened while only one option starts so (--verb is --verbose); --req is two', () => {
		expect(read('--verb')).toEqual({ options: [{ name: 'verbose', written: '--verb' }], used: 1 });
		expect(read('--upload', 'f.txt')).toEqual({
			options: [{ name: 'upload-file', written: '--upload', value: 'f.txt' }],
			used: 2
		});
		expect(read('--req', 'PUT').options[0]!.problem).toBe(
			'--req: curl cannot tell which option this is (--request, --request-target); left out.'
		);
		expect(read('--req', 'PUT').used).toBe(1);
	});

	it('--no-NAME turns a flag off and takes no value; an unknown option takes none either', () => {
		expect(read('--no-progress-meter', URL_)).toEqual({
			options: [{ name: 'no-progress-meter', written: '--no-progress-meter' }],
			used: 1
		});
		expect(read('--no-silent', URL_).options[0]!.name).toBe('silent');
		expect(read('--frobnicate', URL_)).toEqual({
			options: [{ written: '--frobnicate', problem: '--frobnicate: not understood, left out.' }],
			used: 1
		});
		expect(read('-W', URL_).options[0]!.problem).toBe('-W: not understood, left out.');
	});

	it('a value given to a flag with = is listed; a value option written --name=value is read, marked joined', () => {
		expect(read('--silent=yes').options[0]!.problem).toBe(
			'--silent=yes: --silent takes no value; left out.'
		);
		expect(read('--upload-file=f.txt', URL_)).toEqual({
			options: [{ name: 'upload-file', written: '--upload-file', value: 'f.txt', joined: true }],
			used: 1
		});
	});

	it.each([
		['-T', 'upload-file'],
		['-E', 'cert'],
		['-K', 'config'],
		['-r', 'range'],
		['-x', 'proxy'],
		['-U', 'proxy-user'],
		['-z', 'time-cond'],
		['-Y', 'speed-limit'],
		['-t', 'telnet-option']
	])('%s (--%s) takes the next word as its value', (short, name) => {
		expect(read(short, 'VALUE', URL_)).toEqual({
			options: [{ name, written: short, value: 'VALUE' }],
			used: 2
		});
		expect(read(`--${name}`, 'VALUE', URL_).used).toBe(2);
	});
});
