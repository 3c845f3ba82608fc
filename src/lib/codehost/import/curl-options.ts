/**
 * curl's command-line options as curl reads them: which take a value (the next word, or the rest
 * of a short option's word), which are flags, short letters in one word (`-sSL`, `-XPOST`), and
 * unambiguous abbreviations of long names (`--verb` is `--verbose`). The names are curl 7.88's
 * (`curl --help all`), with the few value options later versions added. No Svelte here.
 */

const words = (text: string) => text.trim().split(/\s+/);

/** Long options that take a value. */
const WITH_VALUE = new Set(
	words(`
	abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config
	connect-timeout connect-to continue-at cookie cookie-jar create-file-mode crlfile curves data
	data-ascii data-binary data-raw data-urlencode delegation dns-interface dns-ipv4-addr
	dns-ipv6-addr dns-servers doh-url dump-header egd-file engine etag-compare etag-save
	expect100-timeout form form-string ftp-account ftp-alternative-to-user ftp-method ftp-port
	ftp-ssl-ccc-mode happy-eyeballs-timeout-ms header help hostpubmd5 hostpubsha256 hsts interface
	json keepalive-time key key-type krb libcurl limit-rate local-port login-options mail-auth
	mail-from mail-rcpt max-filesize max-redirs max-time netrc-file noproxy oauth2-bearer output
	output-dir parallel-max pass pinnedpubkey preproxy proto proto-default proto-redir proxy
	proxy-cacert proxy-capath proxy-cert proxy-cert-type proxy-ciphers proxy-crlfile proxy-header
	proxy-key proxy-key-type proxy-pass proxy-pinnedpubkey proxy-service-name proxy-tls13-ciphers
	proxy-tlsauthtype proxy-tlspassword proxy-tlsuser proxy-user proxy1.0 pubkey quote random-file
	range rate referer request request-target resolve retry retry-delay retry-max-time
	sasl-authzid service-name socks4 socks4a socks5 socks5-gssapi-service socks5-hostname
	speed-limit speed-time stderr telnet-option tftp-blksize time-cond tls-max tls13-ciphers
	tlsauthtype tlspassword tlsuser trace trace-ascii unix-socket upload-file url url-query user
	user-agent write-out
`)
);

/** Value options later versions added: read when written in full, never as an abbreviation. */
const LATER_WITH_VALUE = words(`
	ech haproxy-clientip ip-tos knownhosts parallel-max-host ssl-sessions trace-config
	upload-flags variable vlan-priority
`);

/** Long options that are flags (each may also be written `--no-NAME`). */
const FLAGS = new Set(
	words(`
	anyauth append basic cert-status compressed compressed-ssh create-dirs crlf digest disable
	disable-eprt disable-epsv disallow-username-in-url doh-cert-status doh-insecure fail fail-early
	fail-with-body false-start form-escape ftp-create-dirs ftp-pasv ftp-pret ftp-skip-pasv-ip
	ftp-ssl-ccc ftp-ssl-control get globoff haproxy-protocol head http0.9 http1.0 http1.1 http2
	http2-prior-knowledge http3 http3-only ignore-content-length include insecure ipv4 ipv6
	junk-session-cookies list-only location location-trusted mail-rcpt-allowfails manual metalink
	negotiate netrc netrc-optional next no-alpn no-buffer no-clobber no-keepalive no-npn
	no-progress-meter no-sessionid ntlm ntlm-wb parallel parallel-immediate path-as-is post301
	post302 post303 progress-bar proxy-anyauth proxy-basic proxy-digest proxy-insecure
	proxy-negotiate proxy-ntlm proxy-ssl-allow-beast proxy-ssl-auto-client-cert proxy-tlsv1
	proxytunnel raw remote-header-name remote-name remote-name-all remote-time remove-on-error
	retry-all-errors retry-connrefused sasl-ir show-error silent socks5-basic socks5-gssapi
	socks5-gssapi-nec ssl ssl-allow-beast ssl-auto-client-cert ssl-no-revoke ssl-reqd
	ssl-revoke-best-effort sslv2 sslv3 styled-output suppress-connect-headers tcp-fastopen
	tcp-nodelay tftp-no-options tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 tr-encoding trace-time
	use-ascii verbose version xattr
`)
);

/** curl 7.88's names, which an unambiguous beginning stands for. */
const LONG_NAMES = [...WITH_VALUE, ...FLAGS];
for (const name of LATER_WITH_VALUE) WITH_VALUE.add(name);

/** Each short letter and the long option it stands for. */
const SHORT: Readonly<Record<string, string>> = Object.fromEntries(
	words(`
	a=append E=cert K=config C=continue-at b=cookie c=cookie-jar d=data q=disable D=dump-header
	f=fail F=form P=ftp-port G=get g=globoff I=head H=header h=help 0=http1.0 i=include
	k=insecure 4=ipv4 6=ipv6 j=junk-session-cookies l=list-only L=location M=manual m=max-time
	n=netrc :=next N=no-buffer o=output Z=parallel #=progress-bar x=proxy U=proxy-user
	p=proxytunnel Q=quote r=range e=referer J=remote-header-name O=remote-name R=remote-time
	X=request S=show-error s=silent Y=speed-limit y=speed-time 2=sslv2 3=sslv3 t=telnet-option
	z=time-cond 1=tlsv1 T=upload-file B=use-ascii u=user A=user-agent v=verbose V=version
	w=write-out
`).map((pair) => [pair[0]!, pair.slice(2)])
);

/** One option as curl reads it from the command's words. */
export interface CurlOption {
	/** The long name (`request` for -X, --request and --req…), or undefined if curl has none. */
	name?: string;
	/** As written: `-X`, `--request`, `--verb`. */
	written: string;
	/** The value, for an option that takes one ('' when the command ends before it). */
	value?: string;
	/** Why the option is left out: an unknown or ambiguous name, a value given to a flag. */
	problem?: string;
	/** Written `--name=value`, which curl itself refuses; read as `--name value`. */
	joined?: boolean;
}

/** Whether a word is an option (curl reads `-` alone as a URL-like argument). */
export function isOption(word: string): boolean {
	return word.length > 1 && word.startsWith('-');
}

/** The long option a name written after `--` stands for: itself, its `--no-` form or a prefix. */
function longName(written: string): { name?: string; problem?: string } {
	if (WITH_VALUE.has(written) || FLAGS.has(written)) return { name: written };
	if (written.startsWith('no-') && FLAGS.has(written.slice(3))) return { name: written.slice(3) };
	const matches = LONG_NAMES.filter((n) => n.startsWith(written));
	if (matches.length === 1) return { name: matches[0] };
	if (matches.length > 1)
		return {
			problem: `--${written}: curl cannot tell which option this is (${matches
				.slice(0, 3)
				.map((n) => `--${n}`)
				.join(', ')}${matches.length > 3 ? ', …' : ''}); left out.`
		};
	return { problem: `--${written}: not understood, left out.` };
}

/**
 * Reads the option at `list[i]`: one long option, or the short letters of one word. Returns the
 * options and how many words they used (a value may be the next word).
 */
export function readOptions(
	list: readonly string[],
	i: number
): { options: CurlOption[]; used: number } {
	const word = list[i]!;
	if (word.startsWith('--')) {
		// curl takes a value only as the next word; `--name=value` is read kindly, with a note.
		const eq = /^--([^=]+)=(.*)$/s.exec(word);
		const written = eq ? eq[1]! : word.slice(2);
		const { name, problem } = longName(written);
		const option: CurlOption = { name, written: `--${written}`, problem };
		if (!name || !WITH_VALUE.has(name)) {
			if (eq && name) option.problem = `${word}: ${option.written} takes no value; left out.`;
			return { options: [option], used: 1 };
		}
		if (eq) return { options: [{ ...option, value: eq[2]!, joined: true }], used: 1 };
		option.value = list[i + 1] ?? '';
		return { options: [option], used: 2 };
	}
	const options: CurlOption[] = [];
	for (let at = 1; at < word.length; at++) {
		const letter = word[at]!;
		const name = SHORT[letter];
		if (!name) {
			options.push({ written: `-${letter}`, problem: `-${letter}: not understood, left out.` });
			continue;
		}
		if (!WITH_VALUE.has(name)) {
			options.push({ name, written: `-${letter}` });
			continue;
		}
		// The rest of the word is the value (-XPOST, -sXPOST); without a rest, the next word is.
		const rest = word.slice(at + 1);
		options.push({ name, written: `-${letter}`, value: rest || (list[i + 1] ?? '') });
		return { options, used: rest ? 1 : 2 };
	}
	return { options, used: 1 };
}
